package import CivilTime
import Foundation

/// One ship departure at one station: the moment a wake passes there.
package struct Departure: Hashable, Sendable {
    /// UIC station id (e.g. 8503670 for Wädenswil (See)).
    package var station: Int
    /// Local (Europe/Zurich) date of the departure.
    package var date: LocalDate
    /// Unix seconds.
    package var time: Int64
    /// Course number with leading zeros stripped (``Course/normalized(_:)``); empty if none.
    package var course: String
    /// `BAT` motor ship, `BAV` paddle steamer, `FAE` car ferry.
    package var category: String

    package init(station: Int, date: LocalDate, time: Int64, course: String, category: String) {
        self.station = station
        self.date = date
        self.time = time
        self.course = course
        self.category = category
    }
}

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

/// Journey categories that are ships, whose departures count as waves.
package enum ShipCategory {
    /// `BAT` (motor ship), `BAV` (paddle steamer), `FAE` (car ferry). Others are ignored.
    package static let all: Set<String> = ["BAT", "BAV", "FAE"]
}
