import ArgumentParser
import Foundation
import RatingsPipeline

struct CalibrateCommand: NextWaveCommand {
    static let configuration = CommandConfiguration(
        commandName: "calibrate",
        abstract: "Fit the wake power law to measured waves, and compare the models with them.",
        usage: "nextwave calibrate --observations <FILE> [--out <FILE>] [<options>]",
        discussion: """
            Reads observations (CSV with lengthM, beamM, displacementT, speedKmh, depthM,
            distanceM, heightM; optional ship, draftM, blockCoefficient, entranceLengthM)
            and fits ln H = b0 + b1 ln(V²/g) + b2 ln(y/L) + b3 ln(F_h) + b4 ln(D/(ρ L B))
            by least squares (LAPACK), with standard errors, R² and the leave-one-out
            error. Each published model, and their ensemble, is compared with the
            observations where it is valid (bias factor, log RMSE); --chart draws each
            against the measured heights. Bad rows are named by line and column and
            skipped. `nextwave wake --calibration FILE` then adds the fitted law, with its
            95 % prediction interval, to every point, and weighs the ensemble's models by
            how well each matched the observations.

            Examples:
              nextwave calibrate --observations Data/observations/example.csv
              nextwave calibrate --observations my-pier.csv --out calibration.json \\
                  --chart predicted-vs-measured.svg
            """)

    @Option(
        help: ArgumentHelp(
            "The observations CSV (a path under Data/ also finds the data folder's file).",
            valueName: "FILE"))
    var observations: String

    @OptionGroup var data: DataOptions

    @Option(help: ArgumentHelp("Write the fit here (JSON).", valueName: "FILE"))
    var out: String?

    @Option(help: ArgumentHelp("Draw predicted against measured heights here (SVG).", valueName: "FILE"))
    var chart: String?

    func validate() throws {
        try checkPaths([("--observations", observations), ("--out", out), ("--chart", chart)])
    }

    static let inputFlags = ["out": "--out", "chart": "--chart"]

    func execute(_ terminal: Terminal) async throws {
        let job = CalibrationJob(
            .init(
                observations: try data.input(observations), out: out.map { URL(fileURLWithPath: $0) },
                chart: chart.map { URL(fileURLWithPath: $0) }, observationsName: observations))
        let result = try await job.run { event in
            switch event {
            case .skipped(let row): terminal.warn("skipped \(row)")
            case .illustrative(let count, let total):
                terminal.warn(
                    "\(count) of \(total) observations are marked illustrative in their source column, not "
                        + "measured: the fit shows how the command works, not how the lake's waves are")
            }
        }
        let c = result.calibration
        print(CalibrationText.summary(c))
        for file in [out, chart].compactMap({ $0 }) { terminal.info("wrote \(file)") }
    }
}
