import ArgumentParser
import CivilTime
import Foundation
import SessionsPipeline
import ShipRatingTable

struct FleetSpeedsCommand: NextWaveCommand {
    static let configuration = CommandConfiguration(
        commandName: "speeds",
        abstract: "Each ship's cruising speed from the courses an archive says it ran.",
        usage: """
            nextwave fleet speeds [--archive <DIR>] [--from <DATE>] [--to <DATE>]
                                  [--out <FILE>] [--json]
            """,
        discussion: """
            For every ship the archive's assignments name, takes the legs of its courses
            (consecutive departures, the straight distance between the piers, the
            scheduled time between them) and fits t = t0 + d/v by least squares: v is the
            ship's cruising speed, t0 the time a leg loses to leaving and berthing. The
            ratings use these speeds for ships without a published service speed
            (docs/SCIENCE.md §7). Writes operating-speeds.json with --out.

            Examples:
              nextwave fleet speeds
              nextwave fleet speeds --archive ~/nextwave-archive \\
                  --out Data/operating-speeds.json
            """)

    @OptionGroup var archive: ArchiveOptions

    @Option(
        help: ArgumentHelp("First day, YYYY-MM-DD or today (default: the archive's first).", valueName: "DATE"),
        transform: DateArgument.parse)
    var from: LocalDate?
    @Option(
        help: ArgumentHelp("Last day, YYYY-MM-DD or today (default: the archive's last).", valueName: "DATE"),
        transform: DateArgument.parse)
    var to: LocalDate?

    @Option(help: ArgumentHelp("Write the table (operating-speeds.json) here.", valueName: "FILE"))
    var out: String?

    @Flag(help: "Print the table as JSON instead of text.")
    var json = false

    func validate() throws {
        try checkPaths([("--out", out)])
    }

    func execute(_ terminal: Terminal) async throws {
        let (url, name) = try archive.location()
        let job = CourseSpeedsJob(
            .init(
                archive: url, archiveName: name, stations: try archive.data.layout.stations, from: from, to: to,
                out: out.map { URL(fileURLWithPath: $0) }))
        let result = try await job.run()
        if json {
            StandardOutput.write(try result.table.jsonData())
        } else {
            print(result.table.text)
        }
        for (ship, count) in result.tooFew.sorted(by: { $0.key < $1.key }) {
            terminal.warn("\(ship): \(counted(count, "leg")), too few for a fit")
        }
        if let out { terminal.info("wrote \(out)") }
    }
}
