import ArgumentParser
import CivilTime
import Foundation
import RatingsPipeline

/// `fleet set`: new values for a ship already in the file (a refit, a correction), the riders'
/// rating, more names.
struct FleetSetCommand: NextWaveCommand {
    static let configuration = CommandConfiguration(
        commandName: "set",
        abstract: "Change a ship's values, riders' rating or names in the fleet file.",
        usage: """
            nextwave fleet set <NAME> [--length <M>] [--beam <M>]
                   [--displacement <T>] [<OPTIONS>] --source <URL> [--reason <TEXT>]
            nextwave fleet set <NAME> --rider-rating <1|2|3> --source <URL>
                   --reason <TEXT>
            nextwave fleet set <NAME> --no-rider-rating
            nextwave fleet set <NAME> --alias <NAME> [--alias <NAME> …]
            """,
        discussion: """
            NAME is the ship's name, full name or an alias ("Linth", "MS Linth").
            Each value given replaces the entry's, with --source; --reason says why
            it replaces what the operator's page states (a refit the page does not
            show yet), and the curated value then wins over the page.

            --rider-rating sets the riders' rating, with where it is published (--source)
            and who rated on what (--reason): the next `nextwave ratings` publishes it as
            the ship's rating, whatever the models compute (ratings.md lists where they
            disagree). --no-rider-rating removes it: the selected model rates the ship.
            --alias adds a name the pages or the app use for the ship.

            The file is checked before and after and written in its canonical form, so
            that the diff is the change.

            Examples:
              nextwave fleet set "EMS Uetliberg" --displacement 192 \\
                  --source https://ampereship.com/uetliberg --reason "electric refit"
              nextwave fleet set Säntis --rider-rating 1 --source https://example.org/club \\
                  --reason "the lake club's 2026 survey"
              nextwave fleet set "MS Panta Rhei" --alias "Pantha Rhei"
            """)

    @Argument(help: ArgumentHelp("The ship: name, full name or alias.", valueName: "NAME"))
    var name: String

    @OptionGroup var values: ShipValueOptions

    @Option(help: ArgumentHelp("The riders' rating (needs --source and --reason).", valueName: "1|2|3"))
    var riderRating: Int?

    @Flag(name: .customLong("no-rider-rating"), help: "Remove the riders' rating (the model rates it).")
    var noRiderRating = false

    @Option(help: ArgumentHelp("Another name for the ship (repeat for several).", valueName: "NAME"))
    var alias: [String] = []

    @Option(help: ArgumentHelp("Where the new values or the riders' rating are published.", valueName: "URL"))
    var source: String?

    @Option(
        help: ArgumentHelp(
            "Why the values replace the page's, or who rated the ship on what.", valueName: "TEXT"))
    var reason: String?

    @OptionGroup var target: FleetFileArgument

    var showsProgress: Bool { false }

    func validate() throws {
        guard !values.list.isEmpty || riderRating != nil || noRiderRating || !alias.isEmpty else {
            throw ValidationError(
                "give something to set: values (--length, --beam, --displacement, …), --rider-rating, "
                    + "--no-rider-rating or --alias")
        }
        for alias in alias { try ShipNameArgument.check(alias, option: "--alias") }
        if riderRating != nil && noRiderRating { throw ValidationError("give --rider-rating or --no-rider-rating") }
        if let riderRating, !(1...3).contains(riderRating) {
            throw ValidationError("--rider-rating takes 1, 2 or 3; got \(riderRating)")
        }
        if !values.list.isEmpty && riderRating != nil {
            throw ValidationError("set values and the riders' rating in two commands: each has its own --source")
        }
        let needsSource = !values.list.isEmpty || riderRating != nil
        if needsSource, source?.trimmingCharacters(in: .whitespaces).isEmpty != false {
            throw ValidationError(
                "--source URL is required: say where the \(riderRating != nil ? "riders' rating" : "values") are published"
            )
        }
        if !needsSource && source != nil { throw ValidationError("--source goes with values or --rider-rating") }
        if riderRating != nil, reason?.trimmingCharacters(in: .whitespaces).isEmpty != false {
            throw ValidationError("--reason TEXT is required with --rider-rating: who rated the ship, on what")
        }
        if let reason, reason.trimmingCharacters(in: .whitespaces).isEmpty {
            throw ValidationError("--reason is empty")
        }
        if alias.contains(where: { $0.trimmingCharacters(in: .whitespaces).isEmpty }) {
            throw ValidationError("--alias is empty")
        }
    }

    func execute(_ terminal: Terminal) async throws {
        var done: [String] = []
        let url = try target.update { url, data in
            var data = data
            if !values.list.isEmpty, let source {
                data = try FleetFile.setting(
                    name, values: values.list, source: source, reason: reason, in: data, path: url.path)
                done.append(values.list.map(\.field).joined(separator: ", "))
            }
            if let riderRating, let source, let reason {
                data = try FleetFile.settingRiderRating(
                    name, rating: riderRating, source: source, reason: reason, in: data, path: url.path)
                done.append("the riders' rating (\(riderRating))")
            }
            if noRiderRating {
                data = try FleetFile.removingRiderRating(name, in: data, path: url.path)
                done.append("no riders' rating")
            }
            if !alias.isEmpty {
                data = try FleetFile.addingAliases(alias, to: name, in: data, path: url.path)
                done.append("aliases \(alias.joined(separator: ", "))")
            }
            return data
        }
        terminal.info("set \(done.joined(separator: "; ")) of \(name) in \(url.path)")
    }
}

/// `fleet rename`: a ship that sails under a new name keeps its entry.
struct FleetRenameCommand: NextWaveCommand {
    static let configuration = CommandConfiguration(
        commandName: "rename",
        abstract: "Rename a ship: its entry, sources and riders' rating stay; the old name becomes an alias.",
        usage: "nextwave fleet rename <OLD> <NEW> [<FILE>]",
        discussion: """
            OLD is the ship's name, full name or an alias; NEW its new full name ("MS
            Zürichsee") or bare name (the type prefix stays). A dry run suggests this
            when a page the fleet file cites now names another ship.

            Example:
              nextwave fleet rename "MS Helvetia" "MS Zürichsee"
            """)

    @Argument(help: ArgumentHelp("The ship: name, full name or alias.", valueName: "OLD"))
    var old: String

    @Argument(help: ArgumentHelp("Its new name, with or without the type prefix.", valueName: "NEW"))
    var new: String

    @OptionGroup var target: FleetFileArgument

    var showsProgress: Bool { false }

    func validate() throws {
        guard !new.trimmingCharacters(in: .whitespaces).isEmpty else { throw ValidationError("NEW is empty") }
        try ShipNameArgument.check(new, option: "NEW")
    }

    func execute(_ terminal: Terminal) async throws {
        let url = try target.update { url, data in try FleetFile.renaming(old, to: new, in: data, path: url.path) }
        terminal.info("renamed \(old) to \(new) in \(url.path); the old name is an alias")
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
    @Option(help: ArgumentHelp("Block coefficient C_B (the wake model's default 0.55).", valueName: "X"))
    var blockCoefficient: Double?
    @Option(help: ArgumentHelp("Bow entrance length, m (the wake model's default L/3.2).", valueName: "M"))
    var entranceLength: Double?

    /// The values given, by fleet-file field.
    var list: [(field: String, value: Double)] {
        [
            ("lengthM", length), ("beamM", beam), ("displacementT", displacement), ("draftM", draft),
            ("powerKW", power), ("serviceSpeedKmh", serviceSpeed), ("topSpeedKmh", topSpeed),
            ("blockCoefficient", blockCoefficient), ("entranceLengthM", entranceLength),
        ].compactMap { field, value in value.map { (field: field, value: $0) } }
    }
}
