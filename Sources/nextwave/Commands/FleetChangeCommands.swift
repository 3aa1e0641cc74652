import ArgumentParser
import CivilTime
import Foundation
import NextWaveSupport
import ShipRatings

/// `fleet set`: new values for a ship already in the file (a refit, a correction).
struct FleetSetCommand: NextWaveCommand {
    static let configuration = CommandConfiguration(
        commandName: "set",
        abstract: "Change a ship's values in the fleet file (a refit, a correction).",
        usage: """
            nextwave fleet set <NAME> --source <URL> [--length <M>] [--beam <M>]
                   [--displacement <T>] [--reason <TEXT>] [<options>] [<FILE>]
            """,
        discussion: """
            NAME is the ship's name, full name or an alias ("Linth", "MS Linth"). Each value
            given replaces the entry's, with --source; --reason says why it replaces what
            the operator's page states (a refit the page does not show yet), and the
            curated value then wins over the page. The file is checked before and after
            and written in its canonical form, so that the diff is the change.

            Examples:
              nextwave fleet set "MS Uetliberg" --displacement 192 \\
                  --source https://ampereship.com/uetliberg --reason "electric refit 2023"
              nextwave fleet set Linth --service-speed 17 --source https://www.zsg.ch/x
            """)

    @Argument(help: ArgumentHelp("The ship: name, full name or alias.", valueName: "NAME"))
    var name: String

    @OptionGroup var values: ShipValueOptions

    @Option(help: ArgumentHelp("Where the new values are published.", valueName: "URL"))
    var source: String

    @Option(help: ArgumentHelp("Why they replace the operator's page values.", valueName: "TEXT"))
    var reason: String?

    @OptionGroup var target: FleetFileArgument

    var showsProgress: Bool { false }

    func validate() throws {
        guard !source.trimmingCharacters(in: .whitespaces).isEmpty else { throw ValidationError("--source is empty") }
        guard !values.list.isEmpty else {
            throw ValidationError("give at least one value to set (--length, --beam, --displacement, …)")
        }
        if let reason, reason.trimmingCharacters(in: .whitespaces).isEmpty {
            throw ValidationError("--reason is empty")
        }
    }

    func execute(_ terminal: Terminal) async throws {
        let url = try target.update { url, data in
            try FleetFile.setting(name, values: values.list, source: source, reason: reason, in: data, path: url.path)
        }
        terminal.info("set \(values.list.map(\.field).joined(separator: ", ")) of \(name) in \(url.path)")
    }
}

/// `fleet retire`: a ship that has left the fleet stays in the file and leaves the table.
struct FleetRetireCommand: NextWaveCommand {
    static let configuration = CommandConfiguration(
        commandName: "retire",
        abstract: "Mark a ship as retired: it stays in the file and leaves the table.",
        usage: """
            nextwave fleet retire <NAME> [--since <YYYY-MM-DD>] [--reason <TEXT>]
                   [--source <URL>] [<FILE>]
            """,
        discussion: """
            The entry keeps its values (history); the next `nextwave ratings` leaves the ship
            out of the table, and ratings.md says since when. --since defaults to today.

            Example:
              nextwave fleet retire "MS Helvetia" --since 2026-11-01 --reason "sold"
            """)

    @Argument(help: ArgumentHelp("The ship: name, full name or alias.", valueName: "NAME"))
    var name: String

    @Option(help: ArgumentHelp("The day it left the fleet (default: today).", valueName: "YYYY-MM-DD"))
    var since: String?

    @Option(help: ArgumentHelp("Why (sold, scrapped, …).", valueName: "TEXT"))
    var reason: String?

    @Option(help: ArgumentHelp("Where that is published.", valueName: "URL"))
    var source: String?

    @OptionGroup var target: FleetFileArgument

    var showsProgress: Bool { false }

    func validate() throws {
        if let since, !FleetFile.isDate(since) {
            throw ValidationError("--since takes a date, YYYY-MM-DD; got \(since)")
        }
    }

    func execute(_ terminal: Terminal) async throws {
        let day = since ?? Self.today()
        let url = try target.update { url, data in
            try FleetFile.retiring(name, since: day, reason: reason, source: source, in: data, path: url.path)
        }
        terminal.info("\(name) retired since \(day) in \(url.path); the next `nextwave ratings` leaves it out")
    }

    static func today() -> String { ZoneClock.zurich.localDate(at: Int64(Date().timeIntervalSince1970)).description }
}

/// The hull and speed values `fleet add` and `fleet set` take.
struct ShipValueOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Length over all, m.", valueName: "M")) var length: Double?
    @Option(help: ArgumentHelp("Hull beam, m.", valueName: "M")) var beam: Double?
    @Option(help: ArgumentHelp("Displacement, t.", valueName: "T")) var displacement: Double?
    @Option(help: ArgumentHelp("Draft, m.", valueName: "M")) var draft: Double?
    @Option(help: ArgumentHelp("Installed power, kW.", valueName: "KW")) var power: Double?
    @Option(help: ArgumentHelp("Service speed, km/h.", valueName: "KMH")) var serviceSpeed: Double?
    @Option(help: ArgumentHelp("Top speed, km/h.", valueName: "KMH")) var topSpeed: Double?

    /// The values given, by fleet-file field.
    var list: [(field: String, value: Double)] {
        [
            ("lengthM", length), ("beamM", beam), ("displacementT", displacement), ("draftM", draft),
            ("powerKW", power), ("serviceSpeedKmh", serviceSpeed), ("topSpeedKmh", topSpeed),
        ].compactMap { field, value in value.map { (field: field, value: $0) } }
    }
}
