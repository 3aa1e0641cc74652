import CivilTime
import Dispatch
import Foundation
import NextWaveSupport
@_spi(Benchmarks) import ScheduleArchive
@_spi(Benchmarks) import SessionAnalytics
import SessionReports

#if canImport(Glibc)
    import Glibc
#endif

/// Writes the five session reports of one survey from the station-days it pulls: `sessions.json`
/// and `waves.csv` are streamed as the days arrive; the other files are made from what they
/// gathered. All five are renamed into place together, or none is.
struct SessionFiles {
    let echo: SessionsJSON.Settings
    var summary: SessionSummary
    let out: URL
    var style: CSVStyle = .standard

    mutating func write(
        days: StationDays, refresh: ScheduleArchive.RefreshReport, catalogue: StationCatalogue,
        progress: @escaping (Int, LocalDate) -> Void
    ) throws -> SurveyReport {
        let names = SessionsJob.outputs
        var days = days  // consumed as the reports are written
        let out = self.out
        let file = { (name: String) in out.appendingPathComponent(name) }
        let style = self.style
        let csv = ReportBytes()
        csv.text(style.preamble)
        csv.row(SessionsCSV.header, style: style)
        // waves.csv is the largest output (a row per departure): streamed to its own staged file
        // while the survey runs, then renamed with the others.
        let wavesPart = TemporaryFiles.url(for: file(names.waves), suffix: ".part")
        var report = SurveyReport()
        var summary = self.summary
        let echo = self.echo
        // Whatever fails, the staged waves file goes too (once renamed, this finds nothing).
        defer {
            unlink(wavesPart.path)
            TemporaryFiles.unregister(wavesPart)
        }
        try AtomicFileWriter.writeAll([
            (
                file(names.json),
                .stream { handle in
                    TemporaryFiles.register(wavesPart)
                    var finished = false
                    defer {
                        if !finished {
                            unlink(wavesPart.path)
                            TemporaryFiles.unregister(wavesPart)
                        }
                    }
                    let wavesHandle = try TemporaryFiles.create(wavesPart, for: file(names.waves))
                    defer { try? wavesHandle.close() }
                    // The station-days are read and scored here while a second thread writes
                    // them (the text is most of the work): the two overlap on two cores.
                    let writer = DayWriter(settings: echo, style: style, json: handle, waves: wavesHandle, csv: csv)
                    let batches = writer.start()
                    var done = 0
                    do {
                        var batch: [StationDay] = []
                        while let day = try days.next() {
                            summary.add(day)
                            batch.append(day)
                            done += 1
                            if batch.count == DayWriter.batch {
                                try batches.put(batch)
                                batch.removeAll(keepingCapacity: true)
                            }
                            if done % 1000 == 0 { progress(done, day.date) }
                        }
                        try batches.put(batch)
                    } catch {
                        // The writer's own failure is the one to tell (it cancelled the pipe).
                        try writer.end(cancelling: true)
                        throw error
                    }
                    try writer.end(cancelling: false)
                    report = days.report
                    try writer.finish(coverage: report)
                    try wavesHandle.synchronize()
                    finished = true
                    guard report.stationDays > 0 else {
                        throw SessionsJobError.noDepartures(from: echo.from, to: echo.to)
                    }
                }
            ),
            (file(names.csv), .stream { handle in try csv.drain { try handle.write(contentsOf: $0) } }),
            (file(names.waves), .file(wavesPart)),
            (
                file(names.markdown),
                .stream { handle in
                    var context = SessionsMarkdown.Context(
                        settings: echo, heatmapFile: names.heatmap, skipped: refresh.skipped,
                        departures: report.departures, unratedShips: report.unratedShips.sorted(),
                        unknownShips: report.unknownShips.sorted())
                    context.catalogueWarnings = catalogue.warnings
                    context.coverage = report
                    try handle.write(contentsOf: Data(SessionsMarkdown.render(summary, context: context).utf8))
                }
            ),
            (
                file(names.heatmap),
                .stream {
                    let title = "Session quality by station and hour, \(echo.from) … \(echo.to)"
                    try $0.write(contentsOf: Data(SessionHeatmapSVG.render(summary, title: title).utf8))
                }
            ),
        ])
        self.summary = summary
        return report
    }
}

/// Writes scored station-days to `sessions.json`, `waves.csv` and the rows of `sessions.csv` on
/// a thread of its own, taking them in batches from a bounded pipe; the thread that scores them
/// waits only when it is ``depth`` batches ahead.
private final class DayWriter: @unchecked Sendable {
    /// Station-days per batch, batches queued at most.
    static let batch = 64
    static let depth = 8

    let pipe = BoundedPipe<[StationDay]>(depth: DayWriter.depth)
    private let done = DispatchSemaphore(value: 0)
    private let style: CSVStyle
    private let jsonHandle: FileHandle
    private let wavesHandle: FileHandle
    // Touched by the writing thread only until `end` has waited for it.
    private var json: SessionsJSON
    private let waves = ReportBytes()
    /// The rows of `sessions.csv`, after its header (written as one file at the end).
    private let csv: ReportBytes
    private var failure: Error?

    init(settings: SessionsJSON.Settings, style: CSVStyle, json: FileHandle, waves: FileHandle, csv: ReportBytes) {
        self.style = style
        self.csv = csv
        self.jsonHandle = json
        self.wavesHandle = waves
        self.json = SessionsJSON(settings: settings)
        self.waves.text(style.preamble)
        self.waves.row(WavesCSV.header, style: style)
    }

    /// Starts the writing thread; returns the pipe to put batches into.
    func start() -> BoundedPipe<[StationDay]> {
        DispatchQueue.global(qos: .userInitiated).async {
            self.run()
            self.done.signal()
        }
        return pipe
    }

    private func run() {
        do {
            while let days = try pipe.take() {
                for day in days {
                    json.add(day)
                    SessionsCSV.append(day, to: csv, style: style)
                    WavesCSV.append(day, to: waves, style: style)
                }
                if json.text.count > 1 << 20 { try json.text.drain { try jsonHandle.write(contentsOf: $0) } }
                if waves.count > 1 << 20 { try waves.drain { try wavesHandle.write(contentsOf: $0) } }
            }
        } catch {
            failure = error
            pipe.cancel()
        }
    }

    /// Ends the stream of days and waits for the thread.
    /// - Throws: what the writing thread failed with.
    func end(cancelling: Bool) throws {
        if cancelling { pipe.cancel() } else { pipe.finish(nil) }
        done.wait()
        if let failure { throw failure }
    }

    /// Ends `sessions.json` and writes what is left (after ``end(cancelling:)``).
    func finish(coverage report: SurveyReport) throws {
        json.finish(coverage: report)
        try json.text.drain { try jsonHandle.write(contentsOf: $0) }
        try waves.drain { try wavesHandle.write(contentsOf: $0) }
    }
}
