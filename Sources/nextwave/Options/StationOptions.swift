import ArgumentParser
import ScheduleArchive

/// `--station NAME|UIC` (repeatable, or comma-separated; `--stations` too) and `--lake NAME`:
/// the same flags wherever stations are asked for.
struct StationOptions: ParsableArguments {
    @Option(
        name: [.customLong("station"), .customLong("stations")],
        help: ArgumentHelp(
            "A station by name (accents and case ignored, a unique prefix will do) or UIC id; repeat or separate with commas.",
            valueName: "STATION"))
    var station: [String] = []

    @Option(help: ArgumentHelp("All stations of this lake (e.g. Zürichsee).", valueName: "NAME"))
    var lake: String?

    func validate() throws {
        if !station.isEmpty && lake != nil { throw ValidationError("give --station or --lake, not both") }
    }

    var isEmpty: Bool { station.isEmpty && lake == nil }

    /// The stations asked for; nil when none were (all stations).
    func resolve(in catalogue: StationCatalogue) throws -> [Station]? {
        if let lake { return try catalogue.stations(ofLake: lake) }
        if station.isEmpty { return nil }
        return try catalogue.resolve(all: station)
    }
}
