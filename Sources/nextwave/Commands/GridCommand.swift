import ArgumentParser
import Foundation
import RatingsPipeline

struct GridCommand: NextWaveCommand {
    static let configuration = CommandConfiguration(
        commandName: "grid",
        abstract: "Every legacy wake figure and rating of the fleet over speeds × track depths, as CSV.",
        usage: """
            nextwave grid [--speeds <RANGE>] [--track-depths <RANGE>] [--out <FILE>]
                          [<options>]
            """,
        discussion: """
            "What if they sail faster, or over shallower water." Ships are those with known
            length, beam and displacement (same sources as `ratings`); one BLAS batch
            computes the grid. The depth is the water the ship sails in (the legacy model
            has no rider); a depth no deeper than a ship's draft is refused, naming it.
            Ranges are start:stop:step (inclusive), a single value, or a comma list;
            without them, the ratings' point (18 km/h over 10 m). Columns carry their
            units; values are at full precision. Where the fleet's figures come from
            takes the options of `ratings` (--help-hidden).

            Examples:
              nextwave grid --speeds 10:30:1 --track-depths 2:50:1 --out reports/grid.csv
              nextwave grid --speeds 18 --track-depths 1.5:10:0.5 | head
            """)

    @Option(help: ArgumentHelp("Speeds, km/h.", valueName: "RANGE"))
    var speeds = RangeArgument(argument: "18")

    @Option(
        name: [.customLong("track-depths"), .customLong("track-depth")],
        help: ArgumentHelp("Water depths where the ships sail, m.", valueName: "RANGE"))
    var trackDepths = RangeArgument(argument: "10")
    /// `--depths`, the old spelling of `--track-depths`.
    @Option(name: .customLong("depths"), help: .hidden) var oldDepths: RangeArgument?

    @Option(help: ArgumentHelp("CSV file to write (default: stdout).", valueName: "FILE"))
    var out: String?

    @OptionGroup var csv: CSVStyleOption
    @OptionGroup var progress: ProgressOptions

    // Where the fleet's figures come from: the same options as `ratings`, listed by --help-hidden.
    @OptionGroup(visibility: .hidden) var fleet: FleetPageOptions
    @OptionGroup(visibility: .hidden) var http: HTTPOptions
    @OptionGroup(visibility: .hidden) var data: DataOptions

    var showsProgress: Bool { !progress.noProgress }
    var messageRewrite: @Sendable (String) -> String { fleet.messageRewrite(data: data) }

    mutating func validate() throws {
        try checkPaths([("--out", out)])
        try checkRanges([("--speeds", speeds), ("--track-depths", trackDepths), ("--depths", oldDepths)])
        trackDepths = try OldSpelling.adopt(
            oldDepths, over: trackDepths, oldFlag: "--depths", newFlag: "--track-depths")
    }

    /// How the command line names the job's fields.
    static let inputFlags = ["speedsKmh": "--speeds", "trackDepthsM": "--track-depths"]

    func execute(_ terminal: Terminal) async throws {
        var input = GridJob.Input(
            source: try fleet.fleetSource(data: data, http: http), speedsKmh: speeds.values,
            trackDepthsM: trackDepths.values,
            output: out.map { .file(URL(fileURLWithPath: $0)) }
                ?? .stream { StandardOutput.write($0) })
        input.csvStyle = csv.csvStyle
        let shape = try await GridJob(input).run { event in
            switch event {
            case .pages(let pages): terminal.show(pages)
            }
        }
        terminal.endProgress()
        if !shape.leftOut.isEmpty { terminal.warn("not in the grid: " + LeftOutShip.grouped(shape.leftOut)) }
        if let out {
            terminal.info(
                "wrote \(counted(shape.rows, "row")) (\(counted(shape.ships, "ship")) × \(counted(shape.speeds, "speed")) × "
                    + "\(counted(shape.depths, "track depth"))) to \(out)"
            )
        }
    }
}
