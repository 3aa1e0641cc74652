public import CivilTime
import TextFormats

/// What one GTFS import (`GTFSImportJob`, `nextwave archive import-gtfs`) kept and left out,
/// counted over the chosen agencies' ship routes.
public struct GTFSImportReport: Sendable {
    /// Ship routes of the chosen agencies (`route_desc` BAT, BAV or FAE, or else `route_type` 4 or
    /// 1000–1299: the rules of ``GTFSImporter``).
    public package(set) var routes = 0
    /// Trips on those routes.
    public package(set) var trips = 0
    /// Calendar days on which some of those trips run (within the import's window, if any).
    public package(set) var serviceDays = 0
    /// Lines of `stop_times.txt` read (every agency's: the file is read whole).
    public package(set) var stopTimeLines = 0
    /// Departures written to the store: one per stop of a ship trip but its last, per service day.
    public package(set) var departures = 0
    /// The first and last service day imported; nil when there is none.
    public package(set) var firstDate: LocalDate?
    public package(set) var lastDate: LocalDate?
    /// Rows left out, each with file and line (the first 20).
    public package(set) var skipped: [String] = []
    /// Rows left out in all.
    public package(set) var skippedCount = 0

    /// One line: what was imported, from how much of the feed, into which store.
    public func summary(store: String) -> String {
        let span = firstDate.map { "\($0) … \(lastDate.map(\.description) ?? "?")" } ?? "no service days"
        return "imported \(counted(departures, "departure")) (\(counted(trips, "ship trip")) on "
            + "\(counted(routes, "route")), \(counted(serviceDays, "service day")): \(span)) from "
            + "\(counted(stopTimeLines, "stop_times line")) into \(store)"
    }

    mutating func skip(_ message: String) {
        skippedCount += 1
        if skipped.count < 20 { skipped.append(message) }
    }
}
