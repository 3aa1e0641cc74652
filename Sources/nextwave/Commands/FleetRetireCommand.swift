import ArgumentParser
import CivilTime
import Foundation
import RatingsPipeline

/// `fleet retire`: a ship that has left the fleet stays in the file and leaves the table.
struct FleetRetireCommand: NextWaveCommand {
    static let configuration = CommandConfiguration(
        commandName: "retire",
        abstract: "Mark a ship as retired: it stays in the file and leaves the table.",
        usage: """
            nextwave fleet retire <NAME> [--since <DATE>] [--reason <TEXT>]
                                  [--source <URL>] [<FILE>]
            """,
        discussion: """
            The entry keeps its values (history); the next `nextwave ratings` leaves the
            ship out of the table, and ratings.md says since when. --since defaults to
            today.

            Example:
              nextwave fleet retire "MS Helvetia" --since 2026-11-01 --reason "sold"
            """)

    @Argument(help: ArgumentHelp("The ship: name, full name or alias.", valueName: "NAME"))
    var name: String

    @Option(
        help: ArgumentHelp("The day it left the fleet, YYYY-MM-DD or today (default: today).", valueName: "DATE"),
        transform: DateArgument.parseAnyDay)
    var since: LocalDate?

    @Option(help: ArgumentHelp("Why (sold, scrapped, …).", valueName: "TEXT"))
    var reason: String?

    @Option(help: ArgumentHelp("Where that is published.", valueName: "URL"))
    var source: String?

    @OptionGroup var target: FleetFileArgument

    func validate() throws {
        if let source, let problem = FleetEdit.sourceProblem(source, option: "--source") {
            throw ValidationError(problem)
        }
        // The fleet file's rule for a date (1800–2100), refused here as a usage error.
        if let since, !FleetFile.isDate(since.description) {
            throw ValidationError("--since \(since) lies outside 1800–2100, the years a fleet file takes")
        }
        // The next ratings leave a retired ship out at once: a day to come would drop a ship
        // still in service from the table the app uses until then.
        if let since, since > ZoneClock.zurich.today() {
            throw ValidationError(
                "--since \(since) is still to come; retire the ship once it has left the fleet (the next "
                    + "`nextwave ratings` leaves it out at once)")
        }
    }

    func execute(_ terminal: Terminal) async throws {
        let day = (since ?? ZoneClock.zurich.today()).description
        var ship = name
        let url = try target.update { url, data in
            let changed = try FleetFile.retiring(
                name, since: day, reason: reason, source: source, in: data, path: url.path)
            ship = FleetFile.fullName(of: name, in: changed) ?? name
            return changed
        }
        terminal.info("\(ship) retired since \(day) in \(url.path); the next `nextwave ratings` leaves it out")
    }
}
