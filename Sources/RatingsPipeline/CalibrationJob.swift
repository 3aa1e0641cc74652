public import Foundation
public import JobContract
@_spi(Benchmarks) import RatingsReports
import SafeFiles
@_spi(Benchmarks) public import WakeCalibration

/// One run of `nextwave calibrate`: observations in, the fitted power law and the models'
/// comparison out (`calibration.json`).
public struct CalibrationJob: Job {
    /// What a calibration reads and writes.
    public struct Input: Sendable {
        /// The observations CSV (measured waves).
        public var observations: URL
        /// Where to write `calibration.json` (nil: not written).
        public var out: URL?
        /// Where to write the predicted-against-measured chart (SVG; nil: not drawn), and how it
        /// names the observations.
        public var chart: URL?
        /// The observations file as the user named it (for the chart).
        public var observationsName: String

        /// An input; `out` and `chart` nil write nothing.
        public init(observations: URL, out: URL?, chart: URL? = nil, observationsName: String? = nil) {
            self.observations = observations
            self.out = out
            self.chart = chart
            self.observationsName = observationsName ?? observations.lastPathComponent
        }
    }

    /// The job's input.
    public let input: Input

    /// A calibration job for `input`.
    public init(_ input: Input) { self.input = input }

    /// What a calibration reports while it runs.
    public enum Event: Sendable {
        /// A skipped row ("line N, column C: why"), as soon as the file is read (before the fit,
        /// which may fail), then a count of any beyond the first 20.
        case skipped(String)
        /// `count` of the rows read are marked illustrative in their `source` (not measured).
        case illustrative(count: Int, of: Int)
    }

    /// The fit and what was left out.
    public struct Result: Sendable {
        /// The fitted power law and the models compared.
        public var calibration: PowerLawCalibration
        /// The first skipped rows, "line N, column C: why".
        public var skipped: [String]
    }

    /// Refuses an output that is the observations file or the other output (`InvalidInput`).
    public func validate() throws {
        let observations = input.observations.standardizedFileURL.path
        for (field, url) in [("out", input.out), ("chart", input.chart)] {
            guard let path = url?.standardizedFileURL.path else { continue }
            if path == observations {
                throw InvalidInput(field: field, value: path, accepted: "a file other than the observations")
            }
        }
        if let out = input.out, let chart = input.chart, out.standardizedFileURL.path == chart.standardizedFileURL.path
        {
            throw InvalidInput(field: "chart", value: chart.path, accepted: "a file other than `out`")
        }
    }

    /// Fits and writes `out` and `chart` together, as one atomic set: both or neither.
    /// - Parameters:
    ///   - proof: that the input passed ``validate()`` (``run(onEvent:)`` gives it).
    ///   - onEvent: receives each skipped row ("line N, column C: why") as soon as the file is
    ///     read (before the fit, which may fail), then a count of any beyond the first 20.
    public func work(_ proof: Validated, onEvent: @escaping @Sendable (Event) -> Void) async throws -> Result {
        let threads = ProcessInfo.processInfo.activeProcessorCount
        // Read twice in blocks: memory does not grow with the number of rows.
        let streamed = try PowerLawCalibration.fit(file: input.observations, threads: threads) { file in
            for line in file.skipped { onEvent(.skipped(line)) }
            if file.skippedCount > file.skipped.count {
                onEvent(.skipped("… and \(file.skippedCount - file.skipped.count) more rows"))
            }
            if file.illustrativeCount > 0 {
                onEvent(.illustrative(count: file.illustrativeCount, of: file.rows))
            }
        }
        let file = streamed.file
        let calibration = streamed.calibration
        var files: [(URL, Data)] = []
        if let out = input.out { files.append((out, try Self.json(calibration))) }
        if let chart = input.chart {
            let svg = CalibrationChartSVG.render(calibration, samples: streamed.samples, source: input.observationsName)
            files.append((chart, Data(svg.utf8)))
        }
        if !files.isEmpty { try AtomicFileWriter.writeAll(files) }
        return Result(calibration: calibration, skipped: file.skipped)
    }

    /// Pretty-printed JSON with sorted keys, newline-terminated.
    public static func json(_ calibration: PowerLawCalibration) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        var data = try encoder.encode(calibration)
        data.append(0x0A)
        return data
    }
}
