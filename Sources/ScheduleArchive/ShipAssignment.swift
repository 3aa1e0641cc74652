public import CivilTime
import Foundation

/// Which ship runs which course on a day (the operator's deployment data).
@_spi(Benchmarks) public struct ShipAssignment: Hashable, Sendable {
    package var date: LocalDate
    /// Normalised course number (``Course/normalized(_:)``).
    package var course: String
    /// Ship name, trimmed.
    package var ship: String
    /// The course's stops with their local times, where the source gives them (ZSG's page, CGN's
    /// boards): a course the timetable does not have (a special cruise) becomes waves of its
    /// own at the stops whose station is known (`uic`), all but the last (an arrival).
    package var stops: [Stop] = []

    /// A stop of an allocated course.
    @_spi(Benchmarks) public struct Stop: Hashable, Sendable {
        package var name: String
        /// Local time `HH:MM` on the assignment's date.
        package var time: String
        /// The station, when the name was matched to the station list.
        package var uic: Int?

        package init(name: String, time: String, uic: Int? = nil) {
            self.name = name
            self.time = time
            self.uic = uic
        }
    }

    @_spi(Benchmarks) public init(date: LocalDate, course: String, ship: String, stops: [Stop] = []) {
        self.date = date
        self.course = Course.normalized(course)
        let padded = ship.first.map(\.isWhitespace) == true || ship.last.map(\.isWhitespace) == true
        self.ship = padded ? ship.trimmingCharacters(in: .whitespacesAndNewlines) : ship
        self.stops = stops
    }

    /// Seconds after local midnight of `HH:MM` (00:00–29:59, as timetables count past midnight).
    package static func seconds(ofTime text: String) -> Int? {
        let parts = text.split(separator: ":")
        guard parts.count == 2, let h = Int(parts[0]), let m = Int(parts[1]), (0...29).contains(h), (0...59).contains(m)
        else { return nil }
        return h * 3600 + m * 60
    }
}
