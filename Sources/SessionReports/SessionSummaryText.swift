package import SessionAnalytics
import TextFormats

/// The stations of a sessions run, best first, as a text table (what `nextwave sessions`
/// prints): days scored, the mean of each day's best score, the usual best window, on how many
/// of the days it is the best, and its typical score.
package enum SessionSummaryText {
    package static func table(_ summary: SessionSummary) -> String {
        let rows = summary.rankedStations.map { station -> [String] in
            let usual = station.windows.usual
            return [
                station.name, String(station.days), fixed(station.meanBestScore, 1), usual?.clockText ?? "–",
                usual.map { "\($0.days)/\($0.of)" } ?? "–", usual.map { fixed($0.typicalScore, 1) } ?? "–",
            ]
        }
        return TextTable.render(
            header: ["Station", "Days", "Mean best", "Usual best window", "On", "Typical"], rows: rows,
            rightAligned: [1, 2, 4, 5])
    }
}
