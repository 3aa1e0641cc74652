import Foundation
public import ShipRatingTable
import TextFormats
import WaveRating

/// An SVG chart of energy and force per ship against the legacy model's thresholds: two panels
/// of horizontal bars, threshold lines dashed, bars coloured by the table's rating (the riders'
/// where they rated). Where the legacy model rates a ship otherwise, its label says so ("2,
/// legacy 3"): that bar crosses a threshold its colour does not follow.
@_spi(Benchmarks) public enum RatingsChartSVG {
    @_spi(Benchmarks) public static func render(_ table: RatingTable) -> String {
        let ships = table.ships.filter { $0.energyJPerM2 != nil && $0.forceNPerM2 != nil }
        let rowHeight = 22.0
        func label(_ ship: ShipRating) -> String {
            let legacy = ship.ratingsByModel?.legacy.flatMap { $0 == ship.rating ? nil : ", legacy \($0.rawValue)" }
            return "\(ship.name) (\(ship.rating?.rawValue ?? 0)\(legacy ?? ""))"
        }
        // Wide enough for the longest label at about 7 px a character (12 px Helvetica).
        let labelWidth = max(170, 16 + 7 * Double(ships.map { label($0).count }.max() ?? 0))
        let panelWidth = 330.0
        let gap = 60.0
        let top = 74.0
        let width = labelWidth + 2 * panelWidth + gap + 30
        // Ships without figures are named below the panels, in lines that fit the width.
        let undrawn = table.ships.filter { $0.energyJPerM2 == nil || $0.forceNPerM2 == nil }.map(\.name)
        let notDrawn = wrapped(
            undrawn.isEmpty ? [] : ["Not drawn (no length, beam or displacement):"] + undrawn,
            columns: Int((width - 20) / 6.5))
        let height = top + Double(ships.count) * rowHeight + 50 + 16 * Double(notDrawn.count)
        let colours = [1: "#9aa5b1", 2: "#f0a202", 3: "#d1495b"]
        var svg = """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(Int(width))" height="\(Int(height))" viewBox="0 0 \(Int(width)) \(Int(height))" font-family="Helvetica, Arial, sans-serif" font-size="12">
            <rect width="100%" height="100%" fill="white"/>
            <text x="10" y="20" font-size="15" font-weight="bold">Wake energy and impact force per ship (v = \(fixed(table.model.speedKmh ?? 0, 0)) km/h, h = \(fixed(table.model.trackDepthM ?? 0, 0)) m)</text>
            <text x="10" y="38" fill="#555">Bars coloured by the table's rating: grey 1, amber 2, red 3 (the riders' where they rated).</text>
            <text x="10" y="54" fill="#555">Dashed lines: the legacy model's thresholds; "legacy 3": the rating they give where it differs.</text>

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
            // The values over the threshold lines, on a white halo, so a line never runs
            // through a figure.
            for (row, value) in values.enumerated() {
                let y = top + Double(row) * rowHeight
                svg +=
                    "<text x=\"\(fixed(x0 + value * scale + 4, 1))\" y=\"\(fixed(y + 15, 1))\" fill=\"#333\" stroke=\"white\" stroke-width=\"3\" paint-order=\"stroke\">\(fixed(value, 0))</text>\n"
            }
        }
        for (row, ship) in ships.enumerated() {
            let y = top + Double(row) * rowHeight + 15
            svg +=
                "<text x=\"\(fixed(labelWidth - 8, 1))\" y=\"\(fixed(y, 1))\" text-anchor=\"end\">\(xmlEscaped(label(ship)))</text>\n"
        }
        panel(
            x0: labelWidth, title: "Energy E", unit: "J/m²", values: ships.map { $0.energyJPerM2! },
            thresholds: table.model.thresholds.energyJPerM2.values)
        panel(
            x0: labelWidth + panelWidth + gap, title: "Force F", unit: "N/m²", values: ships.map { $0.forceNPerM2! },
            thresholds: table.model.thresholds.forceNPerM2.values)
        for (index, line) in notDrawn.enumerated() {
            let y = top + Double(ships.count) * rowHeight + 40 + 16 * Double(index)
            svg += "<text x=\"10\" y=\"\(fixed(y, 1))\" fill=\"#555\">\(xmlEscaped(line))</text>\n"
        }
        svg += "</svg>\n"
        return svg
    }

    /// `words[0]` followed by the rest joined with ", ", in lines of at most about `columns`
    /// characters (a name is never split).
    package static func wrapped(_ words: [String], columns: Int) -> [String] {
        let names = words.dropFirst().enumerated().map { index, name in name + (index == words.count - 2 ? "" : ",") }
        return TextWrap.lines(Array(words.prefix(1)) + names, width: columns)
    }
}
