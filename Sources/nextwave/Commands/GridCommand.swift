import ArgumentParser
import Foundation
import RatingsPipeline

struct GridCommand: NextWaveCommand {
    static let configuration = CommandConfiguration(
        commandName: "grid",
        abstract: "Every legacy wake figure and rating of the fleet over speeds × track depths, as CSV.",
        discussion: """
            "What if they sail faster, or over shallower water." Ships are those with known
            length, beam and displacement (same sources as `ratings`); one BLAS batch
            computes the grid. The depth is the water the ship sails in (the legacy model
            has no rider); a depth no deeper than a ship's draft is refused, naming it.
            Ranges are start:stop:step (inclusive), a single value, or a comma list.
            Columns carry their units; values are at full precision.

            Examples:
              nextwave grid --speeds 10:30:1 --track-depths 2:50:1 --out reports/grid.csv
              nextwave grid --speeds 18 --track-depths 1.5:10:0.5 | head
            """)

    @OptionGroup var fleet: FleetPageOptions

    @Option(help: ArgumentHelp("Speeds, km/h.", valueName: "RANGE"))
    var speeds: RangeArgument

    @Option(
        name: [.customLong("track-depths"), .customLong("depths")],
        help: ArgumentHelp("Water depths where the ships sail, m.", valueName: "RANGE"))
    var depths: RangeArgument

    @Option(help: ArgumentHelp("CSV file to write (default: stdout).", valueName: "FILE"))
    var out: String?

    @OptionGroup var csv: CSVStyleOption
    @OptionGroup var progress: ProgressOptions

    var showsProgress: Bool { !progress.noProgress }

    func validate() throws {
        try checkPaths([("--out", out)])
        try OperatingRanges.check(speeds.values, in: OperatingRanges.speedKmh, flag: "--speeds", unit: "km/h")
        try OperatingRanges.check(depths.values, in: OperatingRanges.depthM, flag: "--track-depths", unit: "m")
    }

    func execute(_ terminal: Terminal) async throws {
        var job = GridJob(
            source: try fleet.fleetSource(), speedsKmh: speeds.values,
            depthsM: depths.values,
            output: out.map { .file(URL(fileURLWithPath: $0)) }
                ?? .stream { try FileHandle.standardOutput.write(contentsOf: Data($0.utf8)) })
        job.csvStyle = csv.csvStyle
        let shape = try await job.run { event in
            switch event {
            case .pages(let pages): terminal.show(pages)
            }
        }
        terminal.endProgress()
        if let out {
            terminal.info(
                "wrote \(shape.rows) rows (\(shape.ships) ships × \(shape.speeds) speeds × \(shape.depths) track depths) to \(out)"
            )
        }
    }
}
