import CivilTime
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
                    // The station-days are read and scored here while two more threads write
                    // them (the text is most of the work), waves.csv on one and sessions.json
                    // with the rows of sessions.csv on the other.
                    let writers = [
                        DayWriter(json: JSONDays(settings: echo, handle: handle, csv: csv, style: style)),
                        DayWriter(waves: WaveRows(handle: wavesHandle, style: style)),
                    ]
                    for writer in writers { writer.start() }
                    var done = 0
                    do {
                        var batch: [StationDay] = []
                        while let day = try days.next() {
                            summary.add(day)
                            batch.append(day)
                            done += 1
                            if batch.count == DayWriter.batch {
                                for writer in writers { try writer.pipe.put(batch) }
                                batch.removeAll(keepingCapacity: true)
                            }
                            if done % 1000 == 0 { progress(done, day.date) }
                        }
                        for writer in writers { try writer.pipe.put(batch) }
                    } catch {
                        // A writer's own failure is the one to tell (it cancelled its pipe).
                        for writer in writers { try writer.end(cancelling: true) }
                        throw error
                    }
                    for writer in writers { try writer.end(cancelling: false) }
                    report = days.report
                    for writer in writers { try writer.finish(report) }
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

/// Writes scored station-days on a thread of its own, taking them in batches from a bounded
/// pipe; the thread that scores them waits only when it is ``depth`` batches ahead.
private final class DayWriter: @unchecked Sendable {
    /// Station-days per batch, batches queued at most.
    static let batch = 64
    static let depth = 8

    let pipe = BoundedPipe<[StationDay]>(depth: DayWriter.depth)
    private let name: String
    private var thread: DedicatedThread?
    // Touched by the writing thread only until `end` has waited for it.
    private let write: ([StationDay]) throws -> Void
    private let finishing: (SurveyReport) throws -> Void
    private var failure: Error?

    init(json: JSONDays) {
        name = "sessions.json writer"
        write = { try json.write($0) }
        finishing = { try json.finish(coverage: $0) }
    }

    init(waves: WaveRows) {
        name = "waves.csv writer"
        write = { try waves.write($0) }
        finishing = { _ in try waves.finish() }
    }

    /// Starts the writing thread.
    func start() { thread = DedicatedThread(name: name) { self.run() } }

    private func run() {
        do {
            while let days = try pipe.take() { try write(days) }
        } catch {
            failure = error
            pipe.cancel()
        }
    }

    /// Ends the stream of days and waits for the thread.
    /// - Throws: what the writing thread failed with.
    func end(cancelling: Bool) throws {
        if cancelling { pipe.cancel() } else { pipe.finish(nil) }
        thread?.join()
        if let failure { throw failure }
    }

    /// Writes what is left (after ``end(cancelling:)``).
    func finish(_ report: SurveyReport) throws { try finishing(report) }
}

/// `sessions.json`, streamed to its file, and the rows of `sessions.csv` (written as one file at
/// the end, after its header).
private final class JSONDays {
    private var json: SessionsJSON
    private let handle: FileHandle
    private var writeBehind: WriteBehind
    private let csv: ReportBytes
    private let style: CSVStyle

    init(settings: SessionsJSON.Settings, handle: FileHandle, csv: ReportBytes, style: CSVStyle) {
        self.json = SessionsJSON(settings: settings)
        self.handle = handle
        self.writeBehind = WriteBehind(handle)
        self.csv = csv
        self.style = style
    }

    func write(_ days: [StationDay]) throws {
        for day in days {
            json.add(day)
            SessionsCSV.append(day, to: csv, style: style)
        }
        if json.text.count > 1 << 20 {
            try json.text.drain {
                try handle.write(contentsOf: $0)
                writeBehind.wrote($0.count)
            }
        }
    }

    /// Ends `sessions.json` and writes what is left.
    func finish(coverage report: SurveyReport) throws {
        json.finish(coverage: report)
        try json.text.drain { try handle.write(contentsOf: $0) }
    }
}

/// `waves.csv`, streamed to its staged file.
private final class WaveRows {
    private let text = ReportBytes()
    private let handle: FileHandle
    private var writeBehind: WriteBehind
    private let style: CSVStyle

    init(handle: FileHandle, style: CSVStyle) {
        self.handle = handle
        self.writeBehind = WriteBehind(handle)
        self.style = style
        text.text(style.preamble)
        text.row(WavesCSV.header, style: style)
    }

    func write(_ days: [StationDay]) throws {
        for day in days { WavesCSV.append(day, to: text, style: style) }
        if text.count > 1 << 20 {
            try text.drain {
                try handle.write(contentsOf: $0)
                writeBehind.wrote($0.count)
            }
        }
    }

    func finish() throws { try text.drain { try handle.write(contentsOf: $0) } }
}
