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
        var csv = style.preamble + CSVFormat.row(SessionsCSV.header, style: style)
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
                    var waves = style.preamble + CSVFormat.row(WavesCSV.header, style: style)
                    var buffer = ""
                    var json = SessionsJSON(settings: echo) { buffer += $0 }
                    var done = 0
                    while let day = try days.next() {
                        json.add(day)
                        summary.add(day)
                        for row in SessionsCSV.rows(day) { csv += CSVFormat.row(row, style: style) }
                        for row in WavesCSV.rows(day) { waves += CSVFormat.row(row, style: style) }
                        done += 1
                        if buffer.utf8.count > 1 << 20 {
                            try handle.write(contentsOf: Data(buffer.utf8))
                            buffer.removeAll(keepingCapacity: true)
                        }
                        if waves.utf8.count > 1 << 20 {
                            try wavesHandle.write(contentsOf: Data(waves.utf8))
                            waves.removeAll(keepingCapacity: true)
                        }
                        if done % 1000 == 0 { progress(done, day.date) }
                    }
                    report = days.report
                    json.finish(coverage: report)
                    try handle.write(contentsOf: Data(buffer.utf8))
                    try wavesHandle.write(contentsOf: Data(waves.utf8))
                    try wavesHandle.synchronize()
                    finished = true
                    guard report.stationDays > 0 else {
                        throw SessionsJobError.noDepartures(from: echo.from, to: echo.to)
                    }
                }
            ),
            (file(names.csv), .stream { try $0.write(contentsOf: Data(csv.utf8)) }),
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
