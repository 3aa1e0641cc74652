package import CSVText
import Foundation
package import ShipRatingTable
import TextFormats
import WaveRating

/// `ship-ratings.csv`: the rating table with English headers and units, one row per ship.
package enum RatingsCSV {
    /// The keys of `ship-ratings.json`, units in the names (one style for every CSV).
    package static let header = [
        "ship", "aliases", "rating", "ratingBasis", "riderRating", "legacyRating", "wakeRating", "riderRatingSource",
        "unratedReason", "lengthM", "beamM", "displacementT",
        "waveHeightM", "energyJPerM2", "forceNPerM2", "powerWPerM", "froudeLength", "froudeDepth", "reynolds",
        "sourcePage", "sourceLengthM", "sourceBeamM", "sourceDisplacementT",
    ]

    package static func render(_ table: RatingTable, style: CSVStyle = .standard) -> String {
        let rows = table.ships.map { s -> [String] in
            func n(_ v: Double?, _ d: Int) -> String { v.map { fixed($0, d) } ?? "" }
            return [
                s.name, s.aliases.joined(separator: "; "), s.rating.map(String.init) ?? "",
                s.ratingBasis?.rawValue ?? "", s.riderRating.map { String($0.rating.rawValue) } ?? "",
                s.ratingsByModel?.legacy.map { String($0.rawValue) } ?? "",
                s.ratingsByModel?.wake.map { String($0.rawValue) } ?? "", s.riderRating?.source ?? "",
                s.unratedReason ?? "", n(s.lengthM, 2), n(s.beamM, 2), n(s.displacementT, 2), n(s.waveHeightM, 3),
                n(s.energyJPerM2, 1), n(s.forceNPerM2, 0), n(s.powerWPerM, 1), n(s.froudeLength, 4),
                n(s.froudeDepth, 4), n(s.reynolds, 0), s.source.page ?? "", s.source.lengthM ?? "",
                s.source.beamM ?? "", s.source.displacementT ?? "",
            ]
        }
        return CSVFormat.document(header: header, rows: rows, style: style)
    }
}
