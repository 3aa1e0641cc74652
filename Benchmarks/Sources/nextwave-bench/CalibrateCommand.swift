import ArgumentParser
import Foundation
@_spi(Benchmarks) import WakeCalibration

/// `nextwave calibrate`'s stages timed apart, in process: reading the file, the fit alone (the
/// work the pandas baseline does: features and least squares), and the whole calibration
/// (with standard errors, leverages and the three models compared with every observation).
struct CalibrateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "calibrate", abstract: "Time reading, fitting and comparing an observations file.")

    @Option var observations: String
    @Option var repeats = 3
    @Option var threads = ProcessInfo.processInfo.activeProcessorCount

    func run() throws {
        let url = URL(fileURLWithPath: observations)
        var file: ObservationsFile.Result?
        let read = fastest(repeats: repeats) { file = try? ObservationsFile.read(url, threads: threads) }
        guard let file else { throw ValidationError("cannot read \(observations)") }
        let whole = fastest(repeats: repeats) {
            _ = try? PowerLawCalibration(table: file.observations, threads: threads)
        }
        emit([
            "rows": file.observations.count, "readSeconds": read, "calibrationSeconds": whole,
            "threads": threads,
        ])
    }
}
