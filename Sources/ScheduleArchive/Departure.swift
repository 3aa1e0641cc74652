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
    /// Where the course ends (the stationboard journey's `to`; a GTFS trip's last stop); nil
    /// when the source does not say.
    package var destination: String?
    /// Unix seconds the ship arrives here before it departs: a through call (the app's
    /// `WaveEvent.isArrival` is `stop.arrival != nil`); nil at a course's first stop, or when the
    /// source gives no arrival.
    package var arrival: Int64?
    /// The station the course calls at next (the stationboard journey's `passList`, its own
    /// stop first); nil when the source does not say.
    package var nextStation: Int?

    package init(
        station: Int, date: LocalDate, time: Int64, course: String, category: String, destination: String? = nil,
        arrival: Int64? = nil, nextStation: Int? = nil
    ) {
        self.station = station
        self.date = date
        self.time = time
        self.course = course
        self.category = category
        self.destination = destination
        self.arrival = arrival
        self.nextStation = nextStation
    }
}
