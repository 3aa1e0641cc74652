import Foundation
import NextWaveSupport
package import ShipRatingTable
@_spi(Benchmarks) import ShipRatings

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
            return TextTable.render(
                header: ["Ship", "Rating", "By", "Wake", "km/h", "H rider (m)", "Band (m)"], rows: rows,
                rightAligned: [1, 3, 4, 5, 6])
        }
        let rows = table.ships.map { s in
            [
                s.name, s.rating.map(String.init) ?? "–", basis(s), s.ratingsByModel?.legacy.map(String.init) ?? "–",
                s.energyJPerM2.map { String(format: "%.0f", $0) } ?? "–",
                s.forceNPerM2.map { String(format: "%.0f", $0) } ?? "–",
                s.waveHeightM.map { String(format: "%.2f", $0) } ?? "–",
            ]
        }
        return TextTable.render(
            header: ["Ship", "Rating", "By", "Legacy", "E (J/m²)", "F (N/m²)", "H (m)"], rows: rows,
            rightAligned: [1, 3, 4, 5, 6])
    }
}
