import CivilTime
import Foundation

/// Course numbers as the operator and the transport API write them.
package enum Course {
    /// Trims white space and strips leading zeros: `"000109"` and `"109"` are both `"109"`;
    /// `"0000"` is `"0"`. Applied on both sides (timetable and ship assignments) before matching.
    package static func normalized(_ text: some StringProtocol) -> String {
        // Fast path (every course the API and the operator write): ASCII digits only.
        let utf8 = text.utf8
        if !utf8.isEmpty, utf8.allSatisfy({ (48...57).contains($0) }) {
            let digits = utf8.drop(while: { $0 == 48 })
            return digits.isEmpty ? "0" : String(decoding: digits, as: UTF8.self)
        }
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        let stripped = trimmed.drop(while: { $0 == "0" })
        return stripped.isEmpty && !trimmed.isEmpty ? "0" : String(stripped)
    }
}
