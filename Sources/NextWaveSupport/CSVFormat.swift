/// RFC 4180 CSV as the toolkit writes it: fields with a separator, quote, CR or LF are quoted,
/// quotes doubled; rows end with LF (as the legacy script's files did); UTF-8 without BOM.
package enum CSVFormat {
    package static func field(_ text: String) -> String {
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    package static func row(_ fields: [String]) -> String {
        fields.map(field).joined(separator: ",") + "\n"
    }

    package static func document(header: [String], rows: [[String]]) -> String {
        row(header) + rows.map(row).joined()
    }
}
