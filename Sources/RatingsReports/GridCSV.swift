package import CSVText
import Foundation
@_spi(Benchmarks) package import LegacyWakeModel
import WakeModels

/// The `nextwave grid` CSV: one row per ship × speed × track depth, every figure at full precision
/// (shortest round-trip decimal), column names with units; the regime of the track as `wake`
/// names it, and no rating where `wake` gives no height (a supercritical track).
package enum GridCSV {
    package static let header = [
        "ship", "speedKmh", "trackDepthM", "waveHeightM", "wavelengthM", "periodS", "celerityMPerS", "energyJPerM2",
        "powerWPerM", "forceNPerM2", "froudeLength", "froudeDepth", "regime", "reynolds", "energyRating", "forceRating",
        "rating",
    ]

    /// The depth-Froude regime of a cell, as `nextwave wake` names it, and whether it is rated:
    /// over a supercritical track (F_h ≥ 1) the ship makes no cusp waves and no model holds, so
    /// `wake` gives no height and the grid no rating (its legacy figures stay, for reference).
    static func regime(froudeDepth fh: Double) -> (name: String, rated: Bool) {
        let regime = WakeRegime(froudeDepth: fh)
        return (regime.rawValue, regime != .supercritical)
    }

    /// Streams the CSV in chunks to `sink` (so a 10⁷-row grid never sits in memory as text).
    package static func write(
        _ grid: WakeGrid, shipNames: [String], style: CSVStyle = .standard, sink: (String) throws -> Void
    ) throws {
        precondition(shipNames.count == grid.shipCount, "one name per ship")
        var chunk = style.preamble + CSVFormat.row(header, style: style)
        chunk.reserveCapacity(1 << 20)
        for i in 0..<grid.shipCount {
            let name = CSVFormat.field(shipNames[i])
            for j in 0..<grid.speedCount {
                for k in 0..<grid.depthCount {
                    if chunk.utf8.count > 1 << 20 {
                        try sink(chunk)
                        chunk.removeAll(keepingCapacity: true)
                    }
                    let f = grid.figures(ship: i, speed: j, depth: k)
                    let (regime, rated) = Self.regime(froudeDepth: f.froudeDepth)
                    let ratings = rated ? ("\(f.energyRating)", "\(f.forceRating)", "\(f.rating)") : ("", "", "")
                    if style != .standard {
                        chunk += CSVFormat.row(
                            [
                                shipNames[i], "\(grid.speedsKmh[j])", "\(grid.trackDepthsM[k])", "\(f.waveHeightM)",
                                "\(f.wavelengthM)", "\(f.periodS)", "\(f.celerityMPerS)", "\(f.energyJPerM2)",
                                "\(f.powerWPerM)", "\(f.forceNPerM2)", "\(f.froudeLength)", "\(f.froudeDepth)", regime,
                                "\(f.reynolds)", ratings.0, ratings.1, ratings.2,
                            ], style: style)
                        continue
                    }
                    chunk +=
                        "\(name),\(grid.speedsKmh[j]),\(grid.trackDepthsM[k]),\(f.waveHeightM),\(f.wavelengthM),\(f.periodS),\(f.celerityMPerS),\(f.energyJPerM2),\(f.powerWPerM),\(f.forceNPerM2),\(f.froudeLength),\(f.froudeDepth),\(regime),\(f.reynolds),\(ratings.0),\(ratings.1),\(ratings.2)\n"
                }
            }
        }
        if !chunk.isEmpty { try sink(chunk) }
    }
}
