import CivilTime
import Foundation
import NextWaveSupport
import ScheduleArchive
import SessionAnalytics
import SessionReports

/// Writes the four session reports of one survey: the survey runs while `sessions.json` is
/// streamed; the other files are made from what it gathered. All four are renamed into place
/// together, or none is.
struct SessionFiles {
    let echo: SessionsJSON.Settings
    var summary: SessionSummary
    let out: URL
    var style: CSVStyle = .standard

    mutating func write(
        survey: SessionSurvey, store: ScheduleStore, refresh: ScheduleArchive.RefreshReport,
        catalogue: StationCatalogue, progress: @escaping (Int, LocalDate) -> Void
    ) throws -> SurveyReport {
        let names = SessionsJob.outputs
        let out = self.out
        let file = { (name: String) in out.appendingPathComponent(name) }
        let style = self.style
        var csv = style.preamble + CSVFormat.row(SessionsCSV.header, style: style)
        var report = SurveyReport()
        var summary = self.summary
        let echo = self.echo
        try AtomicFileWriter.writeAll([
            (
                file(names.json),
                .stream { handle in
                    var buffer = ""
                    var json = SessionsJSON(settings: echo) { buffer += $0 }
                    var done = 0
                    report = try survey.run(store: store) { day in
                        json.add(day)
                        summary.add(day)
                        for row in SessionsCSV.rows(day) { csv += CSVFormat.row(row, style: style) }
                        done += 1
                        if buffer.utf8.count > 1 << 20 {
                            try handle.write(contentsOf: Data(buffer.utf8))
                            buffer.removeAll(keepingCapacity: true)
                        }
                        if done % 1000 == 0 { progress(done, day.date) }
                    }
                    json.finish()
                    try handle.write(contentsOf: Data(buffer.utf8))
                    guard report.stationDays > 0 else {
                        throw SessionsJobError.noDepartures(from: survey.settings.from, to: survey.settings.to)
                    }
                }
            ),
            (file(names.csv), .stream { try $0.write(contentsOf: Data(csv.utf8)) }),
            (
                file(names.markdown),
                .stream { handle in
                    var context = SessionsMarkdown.Context(
                        settings: echo, heatmapFile: names.heatmap, skipped: refresh.skipped,
                        departures: report.departures, unratedShips: report.unratedShips.sorted(),
                        unknownShips: report.unknownShips.sorted())
                    context.catalogueWarnings = catalogue.warnings
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
