import NextWaveSupport
import WakeModels

/// `wake-chart.svg`: wave height against distance from the sailing line (``chosenSeries(_:)``):
/// the ensemble median as a line, the min–max band shaded.
public enum WakeChartSVG {
    public static let maximumSeries = 8
    static let colours = ["#1f77b4", "#d1495b", "#2a9d8f", "#f0a202", "#6a4c93", "#8c564b", "#e377c2", "#4d4d4d"]

    public static func render(_ table: WakeTable) -> String {
        let e = table.ensemble
        var series: [(label: String, points: [(x: Double, median: Double, low: Double, high: Double)])] = []
        for (i, j, k) in chosenSeries(e) {
            var points: [(Double, Double, Double, Double)] = []
            for l in 0..<e.distanceCount {
                let p = e.point(ship: i, speed: j, depth: k, distance: l)
                if let h = p.waveHeightM { points.append((p.distanceM, h.median, h.min, h.max)) }
            }
            series.append(("\(table.names[i]), \(fixed(e.speedsKmh[j], 0)) km/h, \(fixed(e.depthsM[k], 1)) m", points))
        }
        let (width, height) = (780.0, 480.0)
        let (left, right, top, bottom) = (70.0, 250.0, 50.0, 60.0)
        let plotW = width - left - right
        let plotH = height - top - bottom
        let xs = e.distancesM
        let xMax = niceCeiling(xs.max() ?? 1)
        let yMax = niceCeiling(series.flatMap { $0.points.map(\.high) }.max() ?? 1)
        func px(_ x: Double) -> Double { left + x / xMax * plotW }
        func py(_ y: Double) -> Double { top + plotH - y / yMax * plotH }
        var svg = """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(Int(width))" height="\(Int(height))" viewBox="0 0 \(Int(width)) \(Int(height))" font-family="Helvetica, Arial, sans-serif" font-size="12">
            <rect width="100%" height="100%" fill="white"/>
            <text x="10" y="22" font-size="15" font-weight="bold">Wave height against distance from the sailing line</text>
            <text x="10" y="40" fill="#555">Line: median of the valid models; band: their lowest to highest.</text>

            """
        for step in 0...5 {
            let y = yMax * Double(step) / 5
            svg +=
                "<line x1=\"\(fixed(left, 1))\" y1=\"\(fixed(py(y), 1))\" x2=\"\(fixed(left + plotW, 1))\" y2=\"\(fixed(py(y), 1))\" stroke=\"#e5e5e5\"/>\n"
            svg +=
                "<text x=\"\(fixed(left - 6, 1))\" y=\"\(fixed(py(y) + 4, 1))\" text-anchor=\"end\" fill=\"#333\">\(fixed(y, 2))</text>\n"
            let x = xMax * Double(step) / 5
            svg +=
                "<text x=\"\(fixed(px(x), 1))\" y=\"\(fixed(top + plotH + 18, 1))\" text-anchor=\"middle\" fill=\"#333\">\(fixed(x, 0))</text>\n"
        }
        svg +=
            "<rect x=\"\(fixed(left, 1))\" y=\"\(fixed(top, 1))\" width=\"\(fixed(plotW, 1))\" height=\"\(fixed(plotH, 1))\" fill=\"none\" stroke=\"#999\"/>\n"
        svg +=
            "<text x=\"\(fixed(left + plotW / 2, 1))\" y=\"\(fixed(height - 18, 1))\" text-anchor=\"middle\">distance from the sailing line (m)</text>\n"
        svg +=
            "<text x=\"18\" y=\"\(fixed(top + plotH / 2, 1))\" text-anchor=\"middle\" transform=\"rotate(-90 18 \(fixed(top + plotH / 2, 1)))\">wave height H (m)</text>\n"
        for (index, s) in series.enumerated() where !s.points.isEmpty {
            let colour = colours[index % colours.count]
            let upper = s.points.map { "\(fixed(px($0.x), 1)),\(fixed(py($0.high), 1))" }
            let lower = s.points.reversed().map { "\(fixed(px($0.x), 1)),\(fixed(py($0.low), 1))" }
            svg +=
                "<polygon points=\"\((upper + lower).joined(separator: " "))\" fill=\"\(colour)\" fill-opacity=\"0.15\" stroke=\"none\"/>\n"
            let line = s.points.map { "\(fixed(px($0.x), 1)),\(fixed(py($0.median), 1))" }.joined(separator: " ")
            svg += "<polyline points=\"\(line)\" fill=\"none\" stroke=\"\(colour)\" stroke-width=\"2\"/>\n"
        }
        for (index, s) in series.enumerated() {
            let y = top + 10 + Double(index) * 36
            let x = left + plotW + 14
            svg +=
                "<rect x=\"\(fixed(x, 1))\" y=\"\(fixed(y - 8, 1))\" width=\"14\" height=\"10\" fill=\"\(colours[index % colours.count])\"/>\n"
            let parts = s.label.split(separator: ",", maxSplits: 1).map(String.init)
            svg += "<text x=\"\(fixed(x + 20, 1))\" y=\"\(fixed(y + 1, 1))\">\(xmlEscaped(parts[0]))</text>\n"
            if parts.count > 1 {
                svg +=
                    "<text x=\"\(fixed(x + 20, 1))\" y=\"\(fixed(y + 15, 1))\" fill=\"#555\">\(xmlEscaped(parts[1].trimmingCharacters(in: .whitespaces)))\(s.points.isEmpty ? " (no valid model)" : "")</text>\n"
            }
        }
        svg += "</svg>\n"
        return svg
    }

    /// Which ship × speed × depth combinations to draw: for one ship, its speeds × depths; for a
    /// fleet, each ship (the first eight) at the middle speed and depth of the grid.
    static func chosenSeries(_ e: WakeEnsemble) -> [(Int, Int, Int)] {
        if e.shipCount == 1 {
            return (0..<e.speedCount).flatMap { j in (0..<e.depthCount).map { (0, j, $0) } }.prefix(maximumSeries)
                .map { $0 }
        }
        return (0..<min(e.shipCount, maximumSeries)).map { ($0, e.speedCount / 2, e.depthCount / 2) }
    }

    /// The next "nice" number (1, 2, 2.5, 5 × 10ⁿ) at or above `value`.
    static func niceCeiling(_ value: Double) -> Double {
        guard value > 0, value.isFinite else { return 1 }
        var magnitude = 1.0
        while magnitude * 10 <= value { magnitude *= 10 }
        while magnitude > value { magnitude /= 10 }
        for step in [1.0, 2, 2.5, 5, 10] where step * magnitude >= value { return step * magnitude }
        return 10 * magnitude
    }
}
