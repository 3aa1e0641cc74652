import Foundation
package import JobContract

/// How much of a remote answer the archive's readers take, and how they keep to the run's time:
/// every reader of fetched content refuses an answer past its budget (a layout change or a
/// hostile server, never a real day) and, given the run's deadline, stops when it passes, so
/// that memory and time stay bounded whatever a server sends (docs/RELIABILITY.md, round 3).
package enum ReadLimits {
    /// A stationboard body, bytes: the API answers at most 420 journeys a query (about 1 MB).
    package static let stationboardBytes = 8 << 20
    /// Journeys in one stationboard: ten times the most the API returns.
    package static let stationboardJourneys = 5_000
    /// Assignments read from one SGV allocation page (a season of every steamer's courses is a
    /// few thousand).
    package static let sgvAssignments = 100_000
    /// Text lines of one SGV allocation page.
    package static let sgvLines = 100_000
    /// Piers CGN lists (it has about 40).
    package static let cgnPiers = 2_000
    /// Departures on one CGN pier board (it shows ten), and stops of one departure.
    package static let cgnDepartures = 1_000
    package static let cgnStops = 500

    /// Throws when `deadline` has passed (on the run's clock): `url` was being read when the
    /// run's time ran out.
    package static func check(_ deadline: Deadline?, url: String) throws {
        if let deadline, deadline.hasPassed {
            throw ArchiveError.runTimeExceeded(url: url)
        }
    }
}
