import Foundation
import NextWaveSupport
public import ShipRatingTable
import WaveRating

/// An SVG chart of energy and force per ship against the rating thresholds: two panels of
/// horizontal bars, threshold lines dashed, bars coloured by the ship's rating.
@_spi(Benchmarks) public enum RatingsChartSVG {
    @_spi(Benchmarks) public static func render(_ table: RatingTable) -> String {
        let ships = table.ships.filter { $0.energyJPerM2 != nil && $0.forceNPerM2 != nil }
        let rowHeight = 22.0
        let labelWidth = 170.0
        let panelWidth = 330.0
        let gap = 60.0
        let top = 58.0
        let width = labelWidth + 2 * panelWidth + gap + 30
        let height = top + Double(ships.count) * rowHeight + 50
        let colours = [1: "#9aa5b1", 2: "#f0a202", 3: "#d1495b"]
        var svg = """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(Int(width))" height="\(Int(height))" viewBox="0 0 \(Int(width)) \(Int(height))" font-family="Helvetica, Arial, sans-serif" font-size="12">
            <rect width="100%" height="100%" fill="white"/>
            <text x="10" y="20" font-size="15" font-weight="bold">Wake energy and impact force per ship (v = \(fixed(table.model.speedKmh ?? 0, 0)) km/h, h = \(fixed(table.model.trackDepthM ?? 0, 0)) m)</text>
            <text x="10" y="38" fill="#555">Bars coloured by rating: grey 1, amber 2, red 3. Dashed lines: rating thresholds.</text>

            """
        func panel(x0: Double, title: String, unit: String, values: [Double], thresholds: [Double]) {
            let maxValue = max((values.max() ?? 1), thresholds.max() ?? 1) * 1.1
            let scale = panelWidth / maxValue
            svg += "<text x=\"\(x0)\" y=\"\(top - 6)\" font-weight=\"bold\">\(title) (\(unit))</text>\n"
            for (row, (ship, value)) in zip(ships, values).enumerated() {
                let y = top + Double(row) * rowHeight
                let colour = colours[ship.rating?.rawValue ?? 1] ?? "#9aa5b1"
                svg +=
                    "<rect x=\"\(x0)\" y=\"\(fixed(y + 3, 1))\" width=\"\(fixed(value * scale, 1))\" height=\"\(rowHeight - 6)\" fill=\"\(colour)\"/>\n"
                svg +=
                    "<text x=\"\(fixed(x0 + value * scale + 4, 1))\" y=\"\(fixed(y + 15, 1))\" fill=\"#333\">\(fixed(value, 0))</text>\n"
            }
            let bottom = top + Double(ships.count) * rowHeight
            for (index, t) in thresholds.enumerated() {
                let x = x0 + t * scale
                // Lower threshold labelled left of its line, upper one right: they sit close.
                let (anchor, dx) = index == 0 ? ("end", -3.0) : ("start", 3.0)
                let label = t >= 10_000 ? "\(fixed(t / 1000, 0))k" : fixed(t, 0)
                svg +=
                    "<line x1=\"\(fixed(x, 1))\" y1=\"\(top)\" x2=\"\(fixed(x, 1))\" y2=\"\(bottom)\" stroke=\"#222\" stroke-dasharray=\"4 3\"/>\n"
                svg +=
                    "<text x=\"\(fixed(x + dx, 1))\" y=\"\(fixed(bottom + 14, 1))\" text-anchor=\"\(anchor)\" fill=\"#222\">\(label)</text>\n"
            }
        }
        for (row, ship) in ships.enumerated() {
            let y = top + Double(row) * rowHeight + 15
            svg +=
                "<text x=\"\(labelWidth - 8)\" y=\"\(fixed(y, 1))\" text-anchor=\"end\">\(xmlEscaped(ship.name)) (\(ship.rating?.rawValue ?? 0))</text>\n"
        }
        panel(
            x0: labelWidth, title: "Energy E", unit: "J/m²", values: ships.map { $0.energyJPerM2! },
            thresholds: table.model.thresholds.energyJPerM2.values)
        panel(
            x0: labelWidth + panelWidth + gap, title: "Force F", unit: "N/m²", values: ships.map { $0.forceNPerM2! },
            thresholds: table.model.thresholds.forceNPerM2.values)
        svg += "</svg>\n"
        return svg
    }
}
