/// RFC 4180 text read back into rows of fields: an oracle for tests that check the CSV files
/// the toolkit writes (and the legacy reference CSV). Not API.
package enum CSVText {
    /// Rows of fields; quoted fields may hold separators, quotes (doubled) and line breaks.
    package static func parse(_ text: String, separator: Unicode.Scalar = ",") -> [[String]] {
        var rows: [[String]] = []
        var row: [String] = []
        var field = ""
        var inQuotes = false
        var iterator = Array(text.unicodeScalars).makeIterator()
        var pending: Unicode.Scalar? = nil
        func nextScalar() -> Unicode.Scalar? {
            if let p = pending {
                pending = nil
                return p
            }
            return iterator.next()
        }
        while let c = nextScalar() {
            if inQuotes {
                if c == "\"" {
                    if let n = nextScalar() {
                        if n == "\"" {
                            field.unicodeScalars.append("\"")
                        } else {
                            inQuotes = false
                            pending = n
                        }
                    } else {
                        inQuotes = false
                    }
                } else {
                    field.unicodeScalars.append(c)
                }
            } else if c == "\"" {
                inQuotes = true
            } else if c == separator {
                row.append(field)
                field = ""
            } else if c == "\n" || c == "\r" {
                if c == "\r", let n = nextScalar(), n != "\n" { pending = n }
                row.append(field)
                field = ""
                rows.append(row)
                row = []
            } else {
                field.unicodeScalars.append(c)
            }
        }
        if !field.isEmpty || !row.isEmpty {
            row.append(field)
            rows.append(row)
        }
        return rows
    }
}
