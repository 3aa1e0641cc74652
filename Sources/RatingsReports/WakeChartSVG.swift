import Foundation
import TextFormats
import WakeModels

/// `wake-chart.svg`: one panel per ship (small multiples, one y axis for all), the height at the
/// rider against distance from the sailing line, one line per speed × track depth × rider depth.
/// With one or two cases each line has its band (the lower and higher ensemble model) shaded;
/// with more, bands would hide the lines, and the chart says they are in `wake.csv`. At most
/// ``maximumSeries`` cases and ``maximumPanels`` ships are drawn; the chart says which it left out.
package enum WakeChartSVG {
    package static let maximumSeries = 8
    package static let maximumPanels = 24
    static let colours = ["#1f77b4", "#d1495b", "#2a9d8f", "#f0a202", "#6a4c93", "#8c564b", "#e377c2", "#4d4d4d"]

    package static func render(_ table: WakeTable) -> String {
        let e = table.ensemble
        // With operating speeds each ship sails at its own: a series is a track × rider depth.
        let allCases = table.operating == nil ? table.cases : table.cases(ship: 0)
        let cases = Array(allCases.prefix(maximumSeries))
        let ships = Array(0..<min(e.shipCount, maximumPanels))
        typealias Point = (x: Double, median: Double, low: Double, high: Double)
        var series: [[[Point]]] = []  // [ship][case][points]
        for i in ships {
            series.append(
                cases.map { shared in
                    var c = shared
                    if let own = table.operating?[i] { c.speed = own.speed }
                    return (0..<e.distanceCount).compactMap { l -> Point? in
                        let p = table.point(ship: i, c, distance: l)
                        return p.waveHeightM.map { (p.distanceM, $0.median, $0.min, $0.max) }
                    }
                })
        }
        let columnsCount = min(3, max(1, ships.count))
        let rows = (ships.count + columnsCount - 1) / columnsCount
        let (panelW, panelH) = (300.0, 210.0)
        let (left, top, legendH) = (60.0, 70.0, 22.0 * Double((cases.count + 1) / 2) + 10)
        let width = left + Double(columnsCount) * panelW + 20
        let height = top + legendH + Double(rows) * (panelH + 50) + 20
        let xAxis = Axis(reaching: e.distancesM.max() ?? 1)
        let banded = cases.count <= 2
        let yAxis = Axis(reaching: series.flatMap { $0.flatMap { $0.map { banded ? $0.high : $0.median } } }.max() ?? 1)
        let (xMax, yMax) = (xAxis.top, yAxis.top)
        var svg = """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(Int(width))" height="\(Int(height))" viewBox="0 0 \(Int(width)) \(Int(height))" font-family="Helvetica, Arial, sans-serif" font-size="12">
            <rect width="100%" height="100%" fill="white"/>
            <text x="10" y="22" font-size="15" font-weight="bold">Wave height at the rider against distance from the sailing line</text>
            <text x="10" y="40" fill="#555">\(banded ? "Line: the central height at the rider; band: every cause of its uncertainty together." : "Lines: the central height at the rider (its band is in wake.csv).") One y axis for every ship.</text>

            """
        var leftOut: [String] = []
        if allCases.count > cases.count { leftOut.append("\(allCases.count - cases.count) speed × depth cases") }
        if e.shipCount > ships.count { leftOut.append("\(e.shipCount - ships.count) ships") }
        var notes: [String] = []
        if !leftOut.isEmpty { notes.append("Not drawn (all are in wake.csv): \(leftOut.joined(separator: " and ")).") }
        if let sentence = LeftOutShip.notComputed(table.leftOut) { notes.append(sentence) }
        if !notes.isEmpty {
            svg += "<text x=\"10\" y=\"56\" fill=\"#a33\">\(xmlEscaped(notes.joined(separator: " ")))</text>\n"
        }
        for (index, c) in cases.enumerated() {
            let x = left + Double(index % 2) * 360
            let y = top + 8 + Double(index / 2) * 22
            svg +=
                "<rect x=\"\(fixed(x, 1))\" y=\"\(fixed(y - 9, 1))\" width=\"14\" height=\"10\" fill=\"\(colours[index % colours.count])\"/>\n"
            svg += "<text x=\"\(fixed(x + 20, 1))\" y=\"\(fixed(y, 1))\">\(xmlEscaped(table.label(c)))</text>\n"
        }
        for (panel, i) in ships.enumerated() {
            let x0 = left + Double(panel % columnsCount) * panelW
            let y0 = top + legendH + Double(panel / columnsCount) * (panelH + 50) + 20
            let (w, h) = (panelW - 40, panelH - 30)
            func px(_ x: Double) -> Double { x0 + x / xMax * w }
            func py(_ y: Double) -> Double { y0 + h - y / yMax * h }
            svg +=
                "<text x=\"\(fixed(x0, 1))\" y=\"\(fixed(y0 - 6, 1))\" font-weight=\"bold\">\(xmlEscaped(table.names[i]))</text>\n"
            for step in 0...yAxis.steps {
                let y = yAxis.step * Double(step)
                svg +=
                    "<line x1=\"\(fixed(x0, 1))\" y1=\"\(fixed(py(y), 1))\" x2=\"\(fixed(x0 + w, 1))\" y2=\"\(fixed(py(y), 1))\" stroke=\"#e5e5e5\"/>\n"
                if panel % columnsCount == 0 {
                    svg +=
                        "<text x=\"\(fixed(x0 - 5, 1))\" y=\"\(fixed(py(y) + 4, 1))\" text-anchor=\"end\" fill=\"#333\">\(fixed(y, max(2, yAxis.decimals)))</text>\n"
                }
            }
            for step in 0...xAxis.steps {
                let x = xAxis.step * Double(step)
                svg +=
                    "<text x=\"\(fixed(px(x), 1))\" y=\"\(fixed(y0 + h + 15, 1))\" text-anchor=\"middle\" fill=\"#333\">\(fixed(x, xAxis.decimals))</text>\n"
            }
            svg +=
                "<rect x=\"\(fixed(x0, 1))\" y=\"\(fixed(y0, 1))\" width=\"\(fixed(w, 1))\" height=\"\(fixed(h, 1))\" fill=\"none\" stroke=\"#999\"/>\n"
            var drawn = 0
            for (index, points) in series[panel].enumerated() where !points.isEmpty {
                drawn += 1
                let colour = colours[index % colours.count]
                if banded {
                    let upper = points.map { "\(fixed(px($0.x), 1)),\(fixed(py($0.high), 1))" }
                    let lower = points.reversed().map { "\(fixed(px($0.x), 1)),\(fixed(py($0.low), 1))" }
                    svg +=
                        "<polygon points=\"\((upper + lower).joined(separator: " "))\" fill=\"\(colour)\" fill-opacity=\"0.12\" stroke=\"none\"/>\n"
                }
                let line = points.map { "\(fixed(px($0.x), 1)),\(fixed(py($0.median), 1))" }.joined(separator: " ")
                svg += "<polyline points=\"\(line)\" fill=\"none\" stroke=\"\(colour)\" stroke-width=\"2\"/>\n"
            }
            if drawn == 0 {
                svg +=
                    "<text x=\"\(fixed(x0 + w / 2, 1))\" y=\"\(fixed(y0 + h / 2, 1))\" text-anchor=\"middle\" fill=\"#a33\">no height: the models do not hold here</text>\n"
            }
        }
        let bottom = height - 8
        svg +=
            "<text x=\"\(fixed(left + Double(columnsCount) * panelW / 2, 1))\" y=\"\(fixed(bottom, 1))\" text-anchor=\"middle\">distance from the sailing line (m); height at the rider (m)</text>\n"
        svg += "</svg>\n"
        return svg
    }

    /// An axis from 0 to a little above its largest value: the finest "nice" tick step (1, 2, 2.5
    /// or 5 × 10ⁿ) that reaches it in at most ``maximumSteps`` steps. (A single nice ceiling drew
    /// heights of 0.52 m on an axis to 1.00 m, squeezing every line into its lower half.)
    package struct Axis: Equatable {
        package static let maximumSteps = 6
        /// The tick step and the number of steps; the axis ends at `step × steps`.
        package var step: Double
        package var steps: Int
        package var top: Double { step * Double(steps) }
        /// Decimals that write every tick exactly (2.5 needs one).
        package var decimals: Int {
            (0...6).first { d in
                let scaled = step * pow(10, Double(d))
                return abs(scaled - scaled.rounded()) < 1e-6 * max(1, scaled)
            } ?? 6
        }

        /// - Parameter largest: the largest value drawn (not finite or ≤ 0: an axis to 1).
        package init(reaching largest: Double) {
            guard largest > 0, largest.isFinite else {
                (step, steps) = (0.2, 5)
                return
            }
            var magnitude = pow(10, (log10(largest / Double(Self.maximumSteps))).rounded(.down))
            while true {
                for nice in [1.0, 2, 2.5, 5] {
                    let step = nice * magnitude
                    let steps = Int((largest / step - 1e-9).rounded(.up))
                    if steps <= Self.maximumSteps {
                        (self.step, self.steps) = (step, max(1, steps))
                        return
                    }
                }
                magnitude *= 10
            }
        }
    }
}
