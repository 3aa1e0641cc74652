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
