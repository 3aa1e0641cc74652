import Foundation

/// CSV as the toolkit writes it: fields with a separator, quote, CR or LF are quoted, quotes
/// doubled; rows end with LF (as the legacy script's files did); UTF-8. A text that a
/// spreadsheet would run as a formula (it starts with `=`, `+`, `-`, `@`, a tab or a CR and is
/// not a number) gets a leading `'`, which spreadsheets show as text (OWASP, "CSV Injection"):
/// a ship named `=HYPERLINK(…)` on an operator's page stays a name.
package enum CSVFormat {
    package static func field(_ text: String, style: CSVStyle = .standard) -> String {
        var text = neutralised(text)
        // A number in the German style: decimal comma (dates, times and names are no numbers).
        if style == .excelDE, text.contains("."), Double(text) != nil {
            text = text.replacingOccurrences(of: ".", with: ",")
        }
        // Bytes, not Characters: "\r\n" is one Character, equal to neither "\r" nor "\n".
        let separator = style.separator.asciiValue!
        guard text.utf8.contains(where: { $0 == separator || $0 == 0x22 || $0 == 0x0A || $0 == 0x0D }) else {
            return text
        }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// `text` with a `'` in front when a spreadsheet would take it for a formula.
    package static func neutralised(_ text: String) -> String {
        guard let first = text.utf8.first, [0x3D, 0x2B, 0x2D, 0x40, 0x09, 0x0D].contains(first), text.utf8.count > 1,
            Double(text) == nil
        else { return text }
        return "'" + text
    }

    package static func row(_ fields: [String], style: CSVStyle = .standard) -> String {
        fields.map { field($0, style: style) }.joined(separator: String(style.separator)) + "\n"
    }

    package static func document(header: [String], rows: [[String]], style: CSVStyle = .standard) -> String {
        style.preamble + row(header, style: style) + rows.map { row($0, style: style) }.joined()
    }
}
