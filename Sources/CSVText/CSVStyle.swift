import Foundation

/// How the toolkit's English CSV files are written.
package enum CSVStyle: String, CaseIterable, Sendable {
    /// RFC 4180: `,` separators, `.` decimals, UTF-8 without BOM (scripts, pandas, most tools).
    case standard
    /// For spreadsheets in a German (Swiss, Austrian) locale: `;` separators, decimal commas in
    /// numbers, and a UTF-8 byte order mark so that umlauts open correctly.
    case excelDE = "excel-de"
    /// For spreadsheets in the Swiss locale (de-CH, fr-CH, it-CH): `;` separators, decimal
    /// points (Swiss number formats use `.`), and the UTF-8 byte order mark.
    case excelCH = "excel-ch"

    var separator: Character { self == .standard ? "," : ";" }
    /// What a document starts with.
    package var preamble: String { self == .standard ? "" : "\u{FEFF}" }
}
