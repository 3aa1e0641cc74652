import Foundation
import NextWaveSupport
import ShipRatingTable

/// `ship-ratings.csv`: the rating table with English headers and units, one row per ship.
public enum RatingsCSV {
    public static let header = [
        "ship", "aliases", "rating", "rating_basis", "unrated_reason", "length_m", "beam_m", "displacement_t",
        "wave_height_m", "energy_j_per_m2", "force_n_per_m2", "power_w_per_m", "froude_length", "froude_depth",
        "reynolds", "source_page", "source_length", "source_beam", "source_displacement",
    ]

    public static func render(_ table: RatingTable) -> String {
        let rows = table.ships.map { s -> [String] in
            func n(_ v: Double?, _ d: Int) -> String { v.map { fixed($0, d) } ?? "" }
            return [
                s.name, s.aliases.joined(separator: "; "), s.rating.map(String.init) ?? "", s.ratingBasis ?? "",
                s.unratedReason ?? "", n(s.lengthM, 2), n(s.beamM, 2), n(s.displacementT, 2), n(s.waveHeightM, 3),
                n(s.energyJPerM2, 1), n(s.forceNPerM2, 0), n(s.powerWPerM, 1), n(s.froudeLength, 4),
                n(s.froudeDepth, 4), n(s.reynolds, 0), s.source.page ?? "", s.source.lengthM ?? "",
                s.source.beamM ?? "", s.source.displacementT ?? "",
            ]
        }
        return CSVFormat.document(header: header, rows: rows)
    }
}
