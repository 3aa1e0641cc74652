import CSVText
import CivilTime
import Foundation
import SafeFiles
@_spi(Benchmarks) import ScheduleArchive
@_spi(Benchmarks) import SessionAnalytics
import SessionReports
import ThreadTools

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
                        DayWriter(JSONDays(settings: echo, handle: handle, csv: csv, style: style)),
                        DayWriter(WaveRows(handle: wavesHandle, style: style)),
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
    // Touched by the writing thread only until `end` has waited for it.
    private let text: any DayText
    private var thread: DedicatedThread?
    private var failure: Error?

    init(_ text: any DayText) { self.text = text }

    /// Starts the writing thread.
    func start() { thread = DedicatedThread(name: text.name) { self.run() } }

    private func run() {
        do {
            while let days = try pipe.take() { try text.write(days) }
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
    func finish(_ report: SurveyReport) throws { try text.finish(coverage: report) }
}

/// A report a ``DayWriter`` writes station-days into.
private protocol DayText: AnyObject {
    /// The writing thread's name.
    var name: String { get }
    func write(_ days: [StationDay]) throws
    /// Ends the report and writes what is left.
    func finish(coverage report: SurveyReport) throws
}

/// Report text streamed to its file a megabyte at a time, with the file's write-back started as
/// it grows (``WriteBehind``).
private struct StreamedText {
    let bytes: ReportBytes
    let handle: FileHandle
    var writeBehind: WriteBehind

    init(_ bytes: ReportBytes, to handle: FileHandle) {
        self.bytes = bytes
        self.handle = handle
        writeBehind = WriteBehind(handle)
    }

    /// Writes the text out once a megabyte has gathered.
    mutating func flushIfLarge() throws { if bytes.count > 1 << 20 { try flush() } }

    mutating func flush() throws {
        try bytes.drain {
            try handle.write(contentsOf: $0)
            writeBehind.wrote($0.count)
        }
    }
}

/// `sessions.json`, streamed to its file, and the rows of `sessions.csv` (written as one file at
/// the end, after its header).
private final class JSONDays: DayText {
    let name = "sessions.json writer"
    private var json: SessionsJSON
    private var out: StreamedText
    private let csv: ReportBytes
    private let style: CSVStyle

    init(settings: SessionsJSON.Settings, handle: FileHandle, csv: ReportBytes, style: CSVStyle) {
        json = SessionsJSON(settings: settings)
        out = StreamedText(json.text, to: handle)
        self.csv = csv
        self.style = style
    }

    func write(_ days: [StationDay]) throws {
        for day in days {
            json.add(day)
            SessionsCSV.append(day, to: csv, style: style)
        }
        try out.flushIfLarge()
    }

    func finish(coverage report: SurveyReport) throws {
        json.finish(coverage: report)
        try out.flush()
    }
}

/// `waves.csv`, streamed to its staged file.
private final class WaveRows: DayText {
    let name = "waves.csv writer"
    private var out: StreamedText
    private let style: CSVStyle

    init(handle: FileHandle, style: CSVStyle) {
        out = StreamedText(ReportBytes(), to: handle)
        self.style = style
        out.bytes.text(style.preamble)
        out.bytes.row(WavesCSV.header, style: style)
    }

    func write(_ days: [StationDay]) throws {
        for day in days { WavesCSV.append(day, to: out.bytes, style: style) }
        try out.flushIfLarge()
    }

    func finish(coverage report: SurveyReport) throws { try out.flush() }
}
