import ArgumentParser
import SessionsPipeline

/// `--station NAME|UIC` (repeatable, or comma-separated; `--stations` too) and `--lake NAME`:
/// the same flags wherever stations are asked for.
struct StationOptions: ParsableArguments {
    @Option(
        name: [.customLong("station"), .customLong("stations")],
        help: ArgumentHelp(
            "A station by name (case and accents ignored, ä also as ae; a unique prefix will do) or UIC id; repeat or separate with commas.",
            valueName: "STATION"))
    var station: [String] = []

    @Option(
        help: ArgumentHelp(
            "All stations of this lake, by any of its names (Zürichsee, \"Lake Geneva\", Genfersee); with --station, only that lake's.",
            valueName: "NAME"))
    var lake: String?

    func validate() {}

    var isEmpty: Bool { station.isEmpty && lake == nil }

    /// The stations asked for; nil when none were (all stations). With both, `--lake` narrows
    /// `--station` to that lake (and its did-you-mean to the lake's stations).
    func resolve(in catalogue: StationCatalogue) throws -> [Station]? {
        if let lake {
            let stations = try catalogue.stations(ofLake: lake)
            if station.isEmpty { return stations }
            return try catalogue.resolve(all: station, onLake: stations.first?.lake)
        }
        if station.isEmpty { return nil }
        return try catalogue.resolve(all: station)
    }

    /// The stations asked for (nil: all) and the job's selection: the named stations (only
    /// the lake's, with `--lake`), else the whole lake under its station-list name, else all.
    func selection(in catalogue: StationCatalogue) throws -> (
        stations: [Station]?, selection: SessionsJob.StationSelection
    ) {
        let chosen = try resolve(in: catalogue)
        if !station.isEmpty, let chosen { return (chosen, .stations(chosen.map(\.uic))) }
        if let lake { return (chosen, .lake(catalogue.lake(named: lake) ?? lake)) }
        return (chosen, .all)
    }
}
