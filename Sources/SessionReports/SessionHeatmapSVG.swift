import Foundation
package import SessionAnalytics
import TextFormats

/// An SVG heat map of session quality by station (rows, best first) × local hour (columns):
/// each cell is ``SessionSummary/StationStats/meanHourQuality(_:)``, the mean over the
/// station's days of the best session score touching that hour.
///
/// The picture sizes itself to its text: the label column to the longest station name, the
/// width to the title and notes, the height to the rows and the legend, so nothing is clipped
/// from one station and hour to hundreds.
package enum SessionHeatmapSVG {
    /// A text's width at `size` px, generously (0.65 em a character: wider than the average
    /// character of Helvetica, Arial or DejaVu Sans).
    package static func textWidth(_ text: String, size: Double) -> Double { Double(text.count) * size * 0.65 }

    package static func render(_ summary: SessionSummary, title: String) -> String {
        let stations = summary.rankedStations
        let activeHours = (0..<24).filter { hour in stations.contains { $0.hourSum[hour] > 0 } }
        let hours = Array((activeHours.first ?? 6)...(activeHours.last ?? 22))
        let maxValue = max(stations.flatMap { s in hours.map { s.meanHourQuality($0) } }.max() ?? 0, 1)
        let notes = [
            "Cell: mean over days of the best session score touching that hour (local time).",
            "Rows: stations, best mean day first.",
        ]
        let axis = "hour of day (Europe/Zurich)"
        let cell = 28.0
        let rowHeight = 20.0
        let margin = 10.0
        let labelWidth = margin + (stations.map { textWidth($0.name, size: 11) }.max() ?? 0) + 8
        let top = 80.0
        let legendX = labelWidth + Double(hours.count) * cell + 16
        let legendWidth = 24 + textWidth(String(Int(maxValue.rounded())), size: 11) + textWidth("score", size: 11)
        let width =
            [
                legendX + legendWidth + margin, margin + textWidth(title, size: 15) + margin,
                margin + (notes.map { textWidth($0, size: 11) }.max() ?? 0) + margin,
                labelWidth + textWidth(axis, size: 11) + margin,
            ].max()!.rounded(.up)
        let rows = Double(max(stations.count, 5))  // the legend takes five rows
        let height = (top + rows * rowHeight + 40).rounded(.up)
        var svg = """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(Int(width))" height="\(Int(height))" viewBox="0 0 \(Int(width)) \(Int(height))" font-family="Helvetica, Arial, sans-serif" font-size="11">
            <rect width="100%" height="100%" fill="white"/>
            <text x="\(margin)" y="20" font-size="15" font-weight="bold">\(xmlEscaped(title))</text>
            <text x="\(margin)" y="38" font-size="11" fill="#555">\(xmlEscaped(notes[0]))</text>
            <text x="\(margin)" y="52" font-size="11" fill="#555">\(xmlEscaped(notes[1]))</text>

            """
        for (column, hour) in hours.enumerated() {
            let x = labelWidth + Double(column) * cell + cell / 2
            svg += "<text x=\"\(fixed(x, 1))\" y=\"\(top - 6)\" text-anchor=\"middle\" fill=\"#333\">\(hour)</text>\n"
        }
        for (row, station) in stations.enumerated() {
            let y = top + Double(row) * rowHeight
            svg +=
                "<text x=\"\(fixed(labelWidth - 8, 1))\" y=\"\(fixed(y + 14, 1))\" text-anchor=\"end\">\(xmlEscaped(station.name))</text>\n"
            for (column, hour) in hours.enumerated() {
                let value = station.meanHourQuality(hour)
                let x = labelWidth + Double(column) * cell
                svg +=
                    "<rect x=\"\(fixed(x, 1))\" y=\"\(fixed(y, 1))\" width=\"\(cell - 1)\" height=\"\(rowHeight - 1)\" fill=\"\(colour(value / maxValue))\"><title>\(xmlEscaped(station.name)) \(hour):00 mean \(fixed(value, 1))</title></rect>\n"
            }
        }
        // Legend: five steps of the scale.
        svg += "<text x=\"\(fixed(legendX, 1))\" y=\"\(top - 6)\" fill=\"#333\">score</text>\n"
        for step in 0...4 {
            let fraction = Double(4 - step) / 4
            let y = top + Double(step) * rowHeight
            svg +=
                "<rect x=\"\(fixed(legendX, 1))\" y=\"\(fixed(y, 1))\" width=\"18\" height=\"\(rowHeight - 1)\" fill=\"\(colour(fraction))\"/>\n"
            svg +=
                "<text x=\"\(fixed(legendX + 24, 1))\" y=\"\(fixed(y + 14, 1))\" fill=\"#333\">\(fixed(fraction * maxValue, 0))</text>\n"
        }
        svg +=
            "<text x=\"\(fixed(labelWidth, 1))\" y=\"\(fixed(height - 14, 1))\" fill=\"#333\">\(axis)</text>\n"
        svg += "</svg>\n"
        return svg
    }

    /// White → deep blue, perceptually even enough for a heat map.
    static func colour(_ fraction: Double) -> String {
        let f = min(max(fraction, 0), 1)
        let from = (247.0, 251.0, 255.0)
        let to = (8.0, 48.0, 107.0)
        let r = Int(from.0 + (to.0 - from.0) * f)
        let g = Int(from.1 + (to.1 - from.1) * f)
        let b = Int(from.2 + (to.2 - from.2) * f)
        return String(format: "#%02x%02x%02x", r, g, b)
    }
}
