import Foundation
package import ShipRatingTable
@_spi(Benchmarks) import ShipRatings
import TextFormats

/// The rating table as `nextwave ratings` prints it on stdout.
package enum RatingTableText {
    /// The table on stdout: the selected model's figures (legacy: E, F, H at 18 km/h; wake: speed,
    /// height at the rider and its band), beside the published rating and its basis.
    package static func summary(_ table: RatingTable) -> String {
        func basis(_ s: ShipRating) -> String {
            switch s.ratingBasis {
            case .riders?: "riders"
            case .waveHeightAtRider?: "wake"
            case nil: "–"
            default: "legacy"
            }
        }
        if table.model.name == RatingModel.wake.tableName {
            let rows = table.ships.map { s -> [String] in
                let h = s.wake?.waveHeightM
                return [
                    s.name, s.rating.map(String.init) ?? "–", basis(s), s.ratingsByModel?.wake.map(String.init) ?? "–",
                    s.wake.map { String(format: "%.1f", $0.speedKmh) } ?? "–",
                    h.map { String(format: "%.3f", $0.median) } ?? "–",
                    h.map { String(format: "%.3f–%.3f", $0.min, $0.max) } ?? "–",
                ]
            }
            let text = TextTable.render(
                header: ["Ship", "Rating", "By", "Wake", "km/h", "H rider (m)", "Band (m)"], rows: rows,
                rightAligned: [1, 3, 4, 5, 6])
            // A height without a wake rating reads as a fault unless it is said why.
            let unrated = table.ships.filter { $0.wake != nil && $0.ratingsByModel?.wake == nil }
            guard !unrated.isEmpty else { return text }
            return text + "\n\nWake –: a height, but no wake rating for \(counted(unrated.count, "ship")) "
                + "(\(unrated.map(\.name).joined(separator: ", "))); ratings.md says why."
        }
        let rows = table.ships.map { s -> [String] in
            let rating: String = s.rating.map(String.init) ?? "–"
            let legacy: String = s.ratingsByModel?.legacy.map(String.init) ?? "–"
            let energy: String = s.energyJPerM2.map { String(format: "%.0f", $0) } ?? "–"
            let force: String = s.forceNPerM2.map { String(format: "%.0f", $0) } ?? "–"
            let height: String = s.waveHeightM.map { String(format: "%.2f", $0) } ?? "–"
            return [s.name, rating, basis(s), legacy, energy, force, height]
        }
        return TextTable.render(
            header: ["Ship", "Rating", "By", "Legacy", "E (J/m²)", "F (N/m²)", "H (m)"], rows: rows,
            rightAligned: [1, 3, 4, 5, 6])
    }

    /// The table's first line: its name, schema, when it was made and which model rates.
    package static func header(_ table: RatingTable, name: String) -> String {
        "\(name): schema \(table.schemaVersion), generated \(table.generatedAt), rating by \(table.model.name)"
    }

    /// One ship's figures and where each comes from.
    package static func details(_ ship: ShipRating) -> String {
        // Published figures as the source gives them; computed ones to what a reader can use
        // (heights to the centimetre, speeds to 0.1 km/h; the table holds them in full).
        func value(_ x: Double?, _ unit: String) -> String { x.map { "\(plain($0)) \(unit)" } ?? "–" }
        func rounded(_ x: Double?, _ decimals: Int, _ unit: String) -> String {
            x.map { "\(fixed($0, decimals)) \(unit)" } ?? "–"
        }
        var lines = [
            ship.name + (ship.aliases.isEmpty ? "" : " (also \(ship.aliases.joined(separator: ", ")))"),
            "  rating            \(ship.rating.map(String.init) ?? "unrated")"
                + (ship.unratedReason.map { " (\($0))" } ?? "")
                + (ship.ratingBasis.map { ", by \($0.rawValue)" } ?? ""),
            "  legacy / wake     \(ship.ratingsByModel?.legacy.map(String.init) ?? "–") / "
                + (ship.ratingsByModel?.wake.map(String.init) ?? "–"),
            "  length            \(value(ship.lengthM, "m"))\(ship.source.lengthM.map { "  \($0)" } ?? "")",
            "  beam              \(value(ship.beamM, "m"))\(ship.source.beamM.map { "  \($0)" } ?? "")",
            "  displacement      \(value(ship.displacementT, "t"))\(ship.source.displacementT.map { "  \($0)" } ?? "")",
            "  legacy H          \(rounded(ship.waveHeightM, 2, "m"))",
        ]
        if let riders = ship.riderRating {
            lines.append("  riders            \(riders.rating)  \(riders.source)")
        }
        if let wake = ship.wake {
            lines.append(
                "  wake at rider     \(rounded(wake.waveHeightM?.median, 2, "m")) at \(rounded(wake.speedKmh, 1, "km/h"))"
                    + " (\(wake.speedBasis))")
        }
        if let page = ship.source.page { lines.append("  page              \(page)") }
        if let since = ship.source.pageMissingSince { lines.append("  no page since     \(since)") }
        return lines.joined(separator: "\n")
    }
}
