import Foundation
import NextWaveSupport
package import WakeModels

/// "Which ship makes the biggest wave where I stand?": at each spot (track depth, rider depth,
/// distance, and the speed unless each ship sails at its own) the ships ranked by their height at
/// the rider, largest first. Two ships tie — share a rank — where their heights lie within each
/// other's speed uncertainty (the hull defaults and the models' disagreement move the ships of a
/// fleet alike, so they do not decide an order): a ship shares the rank of the highest ship of
/// the group above it when their heights' speed intervals overlap. Ships without a height come
/// last, unranked.
package enum WakeRanking {
    /// Where the ships are compared.
    package struct Spot: Sendable, Equatable {
        /// The speed, km/h; nil when every ship sails at its operating speed.
        package var speedKmh: Double?
        package var trackDepthM: Double
        package var riderDepthM: Double
        package var distanceM: Double

        /// "at 50 m, rider in 3 m, track 10 m (17 km/h)".
        package var words: String {
            "\(fixed(distanceM, 0)) m off, rider in \(fixed(riderDepthM, 1)) m, track \(fixed(trackDepthM, 1)) m, "
                + (speedKmh.map { "\(fixed($0, 1)) km/h" } ?? "each ship at its operating speed")
        }
    }

    /// One ship at a spot.
    package struct Entry: Sendable {
        package var name: String
        /// 1 for the largest; equal for ties; nil without a height.
        package var rank: Int?
        package var point: WakePoint
    }

    /// Every spot of the table with its ranking (for one ship: one entry each).
    package static func spots(_ table: WakeTable) -> [(spot: Spot, entries: [Entry])] {
        let e = table.ensemble
        var out: [(Spot, [Entry])] = []
        let speeds: [Int?] = table.operating == nil ? Array(0..<e.speedCount) : [nil]
        for speed in speeds {
            for k in 0..<e.trackDepthCount {
                for m in 0..<e.riderDepthCount {
                    for l in 0..<e.distanceCount {
                        let entries = (0..<e.shipCount).map { i -> Entry in
                            let j = speed ?? table.operating![i].speed
                            let c = WakeTable.Case(speed: j, trackDepth: k, riderDepth: m)
                            return Entry(name: table.names[i], rank: nil, point: table.point(ship: i, c, distance: l))
                        }
                        let spot = Spot(
                            speedKmh: speed.map { e.speedsKmh[$0] }, trackDepthM: e.trackDepthsM[k],
                            riderDepthM: e.riderDepthsM[m], distanceM: e.distancesM[l])
                        out.append((spot, ranked(entries)))
                    }
                }
            }
        }
        return out
    }

    /// The entries largest first, with ranks.
    static func ranked(_ entries: [Entry]) -> [Entry] {
        let withHeight = entries.filter { $0.point.waveHeightM != nil }.sorted {
            $0.point.waveHeightM!.median > $1.point.waveHeightM!.median
        }
        var out: [Entry] = []
        var leader: Entry?
        for (index, var entry) in withHeight.enumerated() {
            if let head = leader, let rank = head.rank, overlaps(head.point, entry.point) {
                entry.rank = rank
            } else {
                entry.rank = index + 1
                leader = entry
            }
            out.append(entry)
        }
        return out + entries.filter { $0.point.waveHeightM == nil }
    }

    /// Whether two points' heights lie within each other's speed uncertainty (equal heights
    /// always tie).
    static func overlaps(_ a: WakePoint, _ b: WakePoint) -> Bool {
        guard let ha = a.waveHeightM?.median, let hb = b.waveHeightM?.median else { return false }
        if ha == hb { return true }
        func interval(_ p: WakePoint, _ h: Double) -> (Double, Double) {
            let f = (p.uncertainty[.speed] ?? .none).factors
            return (h * f.low, h * f.high)
        }
        let (la, ua) = interval(a, ha)
        let (lb, ub) = interval(b, hb)
        return la <= ub && lb <= ua
    }
}
