import ArgumentParser
import Foundation
import RatingsPipeline
import RatingsReports
import WakeModels

struct WakeCommand: NextWaveCommand {
    static let configuration = CommandConfiguration(
        commandName: "wake",
        abstract: "The wake at a rider's spot: height, period, energy over speed, depth, distance.",
        usage: """
            nextwave wake [--ship <NAME> ...] [--speeds <RANGE>] [--depths <RANGE>]
                          [--distances <RANGE>] [--json | --csv <FILE> | --out <DIR>]
            """,
        discussion: """
            Evaluates Kriebel & Seelig (2005), Sorensen & Weggel (1984) and PIANC (1987)
            for ships of the fleet (names or aliases; all ships with known dimensions when
            no --ship is given) or for a hull given with --length, --beam and
            --displacement. Each model's height is given with whether the point lies in
            its range; the ensemble is the median of the valid ones, with their range.
            The cusp waves (the highest) give period, wavelength, group velocity, and the
            energy and its flux toward the shore. Missing hull values take the models'
            defaults (block coefficient 0.6, entrance length B/0.4, draft from D), and
            the output says which. Ranges are start:stop:step, a value, or a comma list.

            Examples:
              nextwave wake --ship "MS Panta Rhei" --speeds 12:30:2 --depths 3,5,10 \\
                  --distances 20:200:10
              nextwave wake --length 42.4 --beam 7.3 --displacement 149 --speeds 18 \\
                  --depths 10 --distances 50 --json
              nextwave wake --out reports/wake --calibration calibration.json
            """)

    @Option(help: ArgumentHelp("A ship of the fleet, by name or alias; repeat for several.", valueName: "NAME"))
    var ship: [String] = []

    @Option(help: ArgumentHelp("Hull length, m (instead of --ship).", valueName: "M"))
    var length: Double?
    @Option(help: ArgumentHelp("Hull beam, m.", valueName: "M"))
    var beam: Double?
    @Option(help: ArgumentHelp("Displacement, t.", valueName: "T"))
    var displacement: Double?
    @Option(help: ArgumentHelp("Draft, m (default: from D = C_B L B T).", valueName: "M"))
    var draft: Double?
    @Option(help: ArgumentHelp("Block coefficient (default 0.6, or from the draft).", valueName: "X"))
    var blockCoefficient: Double?
    @Option(help: ArgumentHelp("Bow entrance length, m (default B / 0.4).", valueName: "M"))
    var entranceLength: Double?

    @Option(help: ArgumentHelp("Ship speeds, km/h.", valueName: "RANGE"))
    var speeds = RangeArgument(argument: "18")!
    @Option(help: ArgumentHelp("Water depths, m.", valueName: "RANGE"))
    var depths = RangeArgument(argument: "10")!
    @Option(help: ArgumentHelp("Distances from the sailing line, m.", valueName: "RANGE"))
    var distances = RangeArgument(argument: "20:200:20")!

    @Option(help: ArgumentHelp("Add the power law of this calibration.json as a model.", valueName: "FILE"))
    var calibration: String?

    @Flag(help: "Print the JSON document to stdout instead of the table.")
    var json = false
    @Option(help: ArgumentHelp("Write one CSV row per point to this file.", valueName: "FILE"))
    var csv: String?
    @Option(help: ArgumentHelp("Write wake.csv, wake.md and wake-chart.svg into this folder.", valueName: "DIR"))
    var out: String?

    @OptionGroup var fleet: FleetPageOptions
    @OptionGroup var progress: ProgressOptions

    @OptionGroup var csvStyle: CSVStyleOption

    var showsProgress: Bool { !progress.noProgress }

    var explicitHull: Bool { length != nil || beam != nil || displacement != nil }

    func validate() throws {
        try checkPaths([("--calibration", calibration), ("--csv", csv), ("--out", out)])
        if explicitHull {
            guard length != nil, beam != nil, displacement != nil else {
                throw ValidationError("an explicit hull needs --length, --beam and --displacement")
            }
            guard ship.isEmpty else { throw ValidationError("give --ship or an explicit hull, not both") }
        }
        guard speeds.values.allSatisfy({ $0 > 0 && $0 <= 100 }) else {
            throw ValidationError("--speeds must lie in (0, 100] km/h")
        }
        guard depths.values.allSatisfy({ $0 > 0 && $0 <= 1000 }) else {
            throw ValidationError("--depths must lie in (0, 1000] m")
        }
        guard distances.values.allSatisfy({ $0 >= 1 && $0 <= 10_000 }) else {
            throw ValidationError("--distances must lie in 1…10000 m")
        }
        if json && (csv != nil || out != nil) { throw ValidationError("--json prints to stdout; drop --csv/--out") }
    }

    func execute(_ terminal: Terminal) async throws {
        let ships: WakeJob.Ships
        if explicitHull {
            let hull = try WakeHull(
                lengthM: length!, beamM: beam!, displacementT: displacement!, draftM: draft,
                blockCoefficient: blockCoefficient, entranceLengthM: entranceLength)
            ships = .explicit(name: "hull \(length!) × \(beam!) m, \(displacement!) t", hull: hull)
        } else {
            let (url, reference) = try fleet.fleetFile()
            ships = .fleet(names: ship, pages: try fleet.fleetPages(), fleet: url, fleetReference: reference)
        }
        let job = WakeJob(
            ships: ships, speedsKmh: speeds.values, depthsM: depths.values, distancesM: distances.values,
            calibration: calibration.map { URL(fileURLWithPath: $0) })
        let table = try await job.run { terminal.show($0) }
        terminal.endProgress()
        if json {
            let stdout = FileHandle.standardOutput
            try WakeJSON.write(table) { try stdout.write(contentsOf: Data($0.utf8)) }
            return
        }
        if let csv { try WakeJob.writeCSV(table, to: URL(fileURLWithPath: csv), style: csvStyle.csvStyle) }
        if let out {
            try WakeJob.write(table, to: URL(fileURLWithPath: out, isDirectory: true), style: csvStyle.csvStyle)
        }
        if csv == nil && out == nil {
            print(WakeText.render(table), terminator: "")
        } else {
            let written = (csv.map { [$0] } ?? []) + (out.map { ["\($0)/wake.csv, wake.md, wake-chart.svg"] } ?? [])
            terminal.info("wrote \(table.ensemble.cellCount) points to \(written.joined(separator: " and "))")
        }
    }
}
