/// A plain-text table for stdout: columns padded to their widest cell, a dashed rule under the
/// header, trailing spaces trimmed.
package enum TextTable {
    package static func render(header: [String], rows: [[String]], rightAligned: Set<Int> = []) -> String {
        let all = [header] + rows
        let widths = header.indices.map { c in all.map { $0[c].count }.max() ?? 0 }
        func line(_ cells: [String]) -> String {
            let text = cells.enumerated().map { c, text in
                let pad = String(repeating: " ", count: widths[c] - text.count)
                return rightAligned.contains(c) ? pad + text : text + pad
            }.joined(separator: "  ")
            return String(text.reversed().drop(while: { $0 == " " }).reversed())
        }
        return
            ([line(header), widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ")] + rows.map(line))
            .joined(separator: "\n")
    }
}
