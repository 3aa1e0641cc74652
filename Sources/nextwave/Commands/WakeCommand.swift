import ArgumentParser
import Foundation
import RatingsPipeline

struct WakeCommand: NextWaveCommand {
    static let configuration = CommandConfiguration(
        commandName: "wake",
        abstract: "The wave where a rider stands: height, period, energy over speed, depths, distance.",
        usage: """
            nextwave wake [--ship <NAME> ...] [--speeds <RANGE>]
                          [--track-depths <RANGE>] [--rider-depths <RANGE>]
                          [--distances <RANGE>] [--json | --csv <FILE> | --out <DIR>]
            """,
        discussion: """
            The ship makes its wake over the water it sails in (--track-depth): the
            central height is the geometric mean of Kriebel & Seelig (2005) and PIANC
            (1987, with DIPRO's coefficient for motor ships); Sorensen & Weggel (1984) is
            shown beside them. The wave then travels to the rider's spot (--rider-depths):
            it keeps its period, shoals, refracts and, in shallow water, breaks at 0.78 x
            depth. Heights are at the rider, with a band whose causes --json, --csv and
            --out list (speed, defaulted hull values, the models). A track no deeper than
            the draft and a distance inside the hull are refused; where the ship nears
            the fastest wave its track carries (depth Froude number 0.7-1) the height is
            a lower bound, and beyond it none is given. Past the models' fitted ranges a
            height is flagged "extrapolated"; further out (and above 1.25 x a published
            top speed, or for a planing hull) none is given. With several ships, the
            ranking at each spot says which makes the largest wave there.

            Ships: of the fleet (names or aliases; all with known dimensions when no
            --ship) or a hull from --length, --beam, --displacement. Missing hull values
            take the models' defaults (block coefficient 0.55, entrance length L/3.2,
            draft from D), and the output says which. --speeds service puts each ship
            at its operating speed (published, archived courses, a sister's, else the
            Admiralty relation). Ranges are start:stop:step, a value, or a comma list.
            Where the fleet's figures come from takes the options of `ratings`
            (--help-hidden).

            Examples:
              nextwave wake --ship "MS Panta Rhei" --speeds service --distances 50
              nextwave wake --speeds service --distances 50     # which ship, largest first
              nextwave wake --ship "MS Panta Rhei" --speeds 12:24:2 --track-depths 10,20 \\
                  --rider-depths 1,3 --distances 20:200:10
              nextwave wake --length 42.4 --beam 7.3 --displacement 149 --speeds 18 \\
                  --track-depths 10 --rider-depths 2 --distances 50 --json
              nextwave wake --speeds 14,17,20 --distances 10:200:10 --out reports/wake
            """)

    @Option(help: ArgumentHelp("A ship of the fleet, by name or alias; repeat for several.", valueName: "NAME"))
    var ship: [String] = []

    @Option(help: ArgumentHelp("Ship speeds, km/h, or service (each at its own).", valueName: "RANGE"))
    var speeds = SpeedsArgument(argument: "18")
    @Option(
        name: [.customLong("track-depths"), .customLong("track-depth")],
        help: ArgumentHelp("Water depths where the ship sails, m.", valueName: "RANGE"))
    var trackDepths = RangeArgument(argument: "10")
    @Option(
        name: [.customLong("rider-depths"), .customLong("rider-depth")],
        help: ArgumentHelp("Water depths at the rider's spot, m.", valueName: "RANGE"))
    var riderDepths = RangeArgument(argument: "3")
    /// `--depths`/`--depth`, the old spellings of `--rider-depths`.
    @Option(name: [.customLong("depths"), .customLong("depth")], help: .hidden) var oldDepths: RangeArgument?
    @Option(help: ArgumentHelp("Distances from the sailing line, m.", valueName: "RANGE"))
    var distances = RangeArgument(argument: "20:200:20")

    /// A hull of its own, instead of --ship: --length, --beam and --displacement at least.
    @OptionGroup var hull: HullOptions

    @Option(
        help: ArgumentHelp(
            "With --speeds service: archived cruising speeds (default operating-speeds.json).", valueName: "FILE"))
    var operatingSpeeds: String?

    @Option(help: ArgumentHelp("Add the power law of this calibration.json as a model.", valueName: "FILE"))
    var calibration: String?

    @Flag(help: "Print the JSON document to stdout instead of the table.")
    var json = false
    @Option(help: ArgumentHelp("Write one CSV row per point to this file.", valueName: "FILE"))
    var csv: String?
    @Option(help: ArgumentHelp("Write wake.csv, wake.md and wake-chart.svg into this folder.", valueName: "DIR"))
    var out: String?

    // Where the fleet's figures come from: the same options as `ratings`, listed by --help-hidden.
    @OptionGroup(visibility: .hidden) var fleet: FleetPageOptions
    @OptionGroup(visibility: .hidden) var http: HTTPOptions
    @OptionGroup(visibility: .hidden) var data: DataOptions
    @OptionGroup var progress: ProgressOptions

    @OptionGroup var csvStyle: CSVStyleOption

    var showsProgress: Bool { !progress.noProgress }
    var messageRewrite: @Sendable (String) -> String { fleet.messageRewrite(data: data) }

    mutating func validate() throws {
        try checkPaths([("--calibration", calibration), ("--csv", csv), ("--out", out)])
        try checkRanges([("--speeds", speeds.range)], also: "service (each ship at its operating speed)")
        try checkRanges([
            ("--track-depths", trackDepths), ("--rider-depths", riderDepths), ("--depths", oldDepths),
            ("--distances", distances),
        ])
        riderDepths = try OldSpelling.adopt(
            oldDepths, over: riderDepths, oldFlag: "--depths", newFlag: "--rider-depths")
        if hull.isGiven {
            guard hull.length != nil, hull.beam != nil, hull.displacement != nil else {
                throw ValidationError("an explicit hull needs --length, --beam and --displacement")
            }
            guard ship.isEmpty else { throw ValidationError("give --ship or an explicit hull, not both") }
            if case .service = speeds {
                throw ValidationError("a hull given by its figures has no operating speed: give --speeds KMH")
            }
        }
        if json && (csv != nil || out != nil) { throw ValidationError("--json prints to stdout; drop --csv/--out") }
    }

    /// How the command line names the job's fields.
    static let inputFlags = [
        "speedsKmh": "--speeds", "trackDepthsM": "--track-depths", "riderDepthsM": "--rider-depths",
        "distancesM": "--distances",
    ]

    func execute(_ terminal: Terminal) async throws {
        let ships: WakeJob.Ships
        if hull.isGiven {
            // Values given on the command line that no hull can have are a usage error (64),
            // as the README's table says; the same values read from a file are a data error.
            let made: WakeHull
            do {
                made = try WakeHull(
                    lengthM: hull.length!, beamM: hull.beam!, displacementT: hull.displacement!, draftM: hull.draft,
                    blockCoefficient: hull.blockCoefficient, entranceLengthM: hull.entranceLength)
            } catch let error as WakeInputError {
                throw CLIError("\(error)", status: .usage)
            }
            ships = .explicit(name: "hull \(hull.length!) × \(hull.beam!) m, \(hull.displacement!) t", hull: made)
        } else {
            ships = .fleet(names: ship, source: try fleet.fleetSource(data: data, http: http))
        }
        var input = WakeJob.Input(
            ships: ships, speedsKmh: speeds.values, trackDepthsM: trackDepths.values,
            riderDepthsM: riderDepths.values,
            distancesM: distances.values,
            calibration: calibration.map { URL(fileURLWithPath: $0) })
        if case .service = speeds {
            let speeds = CourseSpeedTable.choose(given: operatingSpeeds, data: try data.layout)
            input.operatingSpeeds = .init(courseSpeeds: speeds.url, reference: speeds.reference)
        }
        let table = try await WakeJob(input).run { terminal.show($0) }
        terminal.endProgress()
        if json {
            try WakeJSON.write(table) { StandardOutput.write($0) }
            return
        }
        try WakeJob.write(
            table, csv: csv.map { URL(fileURLWithPath: $0) },
            folder: out.map { URL(fileURLWithPath: $0, isDirectory: true) },
            style: csvStyle.csvStyle, wording: CommandLineRemedies())
        if csv == nil && out == nil {
            print(WakeText.render(table, wording: CommandLineRemedies()), terminator: "")
        } else {
            let written = (csv.map { [$0] } ?? []) + (out.map { ["\($0)/wake.csv, wake.md, wake-chart.svg"] } ?? [])
            terminal.info("wrote \(counted(table.pointCount, "point")) to \(written.joined(separator: " and "))")
        }
    }
}
