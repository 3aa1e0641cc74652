import ArgumentParser
import Foundation
import NextWaveReports
import ShipRatings
import WakePhysics

/// `start:stop:step`, inclusive of `stop` (within rounding).
struct RangeArgument: ExpressibleByArgument, Sendable {
    let values: [Double]

    init?(argument: String) {
        let parts = argument.split(separator: ":").map { Double($0) }
        if parts.count == 1, let single = parts[0], single.isFinite {
            values = [single]
            return
        }
        guard parts.count == 3, let start = parts[0], let stop = parts[1], let step = parts[2],
            start.isFinite, stop.isFinite, step.isFinite, step > 0, stop >= start
        else { return nil }
        let count = Int(((stop - start) / step + 1e-9).rounded(.down)) + 1
        guard count <= 100_000 else { return nil }
        values = (0..<count).map { start + Double($0) * step }
    }

    static var defaultValueDescription: String { "start:stop:step" }
}

struct GridCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "grid",
        abstract: "Every wake figure and rating for the whole fleet over speeds × depths, as CSV.",
        discussion: """
            "What if they sail faster, or pass closer to shore." Ships are the rated entries of the \
            rating table (same sources as `ratings`); one BLAS batch computes the grid. Ranges are \
            start:stop:step, inclusive, or a single value. Columns carry their units; values are \
            full precision.

            Examples:
              nextwave grid --speeds 10:30:1 --depths 2:50:1 --out reports/grid.csv
              nextwave grid --speeds 18 --depths 1:10:0.5 | head
            """)

    @OptionGroup var fleet: FleetOptions

    @Option(help: ArgumentHelp("Speeds, km/h.", valueName: "start:stop:step"))
    var speeds: RangeArgument

    @Option(help: ArgumentHelp("Depths, m.", valueName: "start:stop:step"))
    var depths: RangeArgument

    @Option(help: ArgumentHelp("CSV file to write (default: stdout).", valueName: "FILE"))
    var out: String?

    func validate() throws {
        guard speeds.values.allSatisfy({ $0 > 0 && $0 <= 100 }) else {
            throw ValidationError("--speeds must lie in (0, 100] km/h")
        }
        guard depths.values.allSatisfy({ $0 > 0 && $0 <= 1000 }) else {
            throw ValidationError("--depths must lie in (0, 1000] m")
        }
    }

    func run() async throws {
        let terminal = Terminal(noProgress: fleet.noProgress)
        do {
            let (curated, reference) = try fleet.loadFleet()
            let (scrape, _) = try await fleet.scrape(terminal: terminal)
            let table = RatingTableBuilder(fleet: curated, fleetReference: reference).build(from: scrape.pages).table
            let ships = table.ships.filter { $0.lengthM != nil && $0.beamM != nil && $0.displacementT != nil }
            let hulls = HullDimensions(
                lengthM: ships.map { $0.lengthM! }, beamM: ships.map { $0.beamM! },
                displacementT: ships.map { $0.displacementT! })
            let grid = WakeGrid(hulls: hulls, speedsKmh: speeds.values, depthsM: depths.values)
            let names = ships.map(\.name)
            if let out {
                try AtomicFileWriter.stream(to: URL(fileURLWithPath: out)) { handle in
                    try GridCSV.write(grid, shipNames: names) { handle.write(Data($0.utf8)) }
                }
                terminal.info(
                    "wrote \(grid.cellCount) rows (\(names.count) ships × \(speeds.values.count) speeds × \(depths.values.count) depths) to \(out)"
                )
            } else {
                try GridCSV.write(grid, shipNames: names) { FileHandle.standardOutput.write(Data($0.utf8)) }
            }
        } catch {
            terminal.error(String(describing: error))
            throw ExitCode.failure
        }
    }
}
