import ArgumentParser
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
                               [--displacement <T>] [<options>] --source <URL>
                               [--reason <TEXT>]
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
              nextwave fleet set Säntis --rider-rating 1 \\
                  --source https://example.org/club --reason "the lake club's 2026 survey"
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

    /// The request, checked and applied by the library (``FleetEdit``).
    var edit: FleetEdit {
        FleetEdit(
            ship: name, values: values.list, riderRating: riderRating, removesRiderRating: noRiderRating,
            aliases: alias, source: source, reason: reason)
    }

    /// How the rules' messages name the request's parts: by their flags.
    static let flags = FleetEdit.Names(
        values: "values (--length, --beam, --displacement, …)", riderRating: "--rider-rating",
        removesRiderRating: "--no-rider-rating", alias: "--alias", source: "--source", sourceArgument: "--source URL",
        reason: "--reason", reasonArgument: "--reason TEXT")

    func validate() throws {
        if let problem = edit.problem(naming: Self.flags) { throw ValidationError(problem) }
        for alias in alias { try ShipNameArgument.check(alias, option: "--alias") }
    }

    func execute(_ terminal: Terminal) async throws {
        var done: [String] = []
        var ship = name
        let url = try target.update { url, data in
            let applied = try edit.applied(to: data, path: url.path)
            (done, ship) = (applied.done, FleetFile.fullName(of: name, in: applied.data) ?? name)
            return applied.data
        }
        terminal.info("set \(done.joined(separator: "; ")) of \(ship) in \(url.path)")
    }
}
