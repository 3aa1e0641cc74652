import Foundation

/// RFC 4180 CSV: fields with a comma, quote, CR or LF are quoted, quotes doubled; rows end
/// with LF (as the legacy script's files did); UTF-8 without BOM.
public enum CSVFormat {
    public static func field(_ text: String) -> String {
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    public static func row(_ fields: [String]) -> String {
        fields.map(field).joined(separator: ",") + "\n"
    }

    public static func document(header: [String], rows: [[String]]) -> String {
        row(header) + rows.map(row).joined()
    }

    /// Parses RFC 4180 text into rows of fields (used to read reference CSVs and in tests).
    public static func parse(_ text: String) -> [[String]] {
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
            } else if c == "," {
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

/// printf-style number formatting (C locale, as Python's `%` operator).
@inline(__always) func fmt(_ value: Double, _ decimals: Int) -> String {
    String(format: "%.\(decimals)f", value)
}
