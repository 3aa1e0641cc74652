import Foundation
import NextWaveSupport
package import WakeModels

/// "Which ship makes the biggest wave where I stand?": at each spot (track depth, rider depth,
/// distance, and the speed unless each ship sails at its own) the ships ranked by their height at
/// the rider, largest first. Two ships tie — share a rank — where their heights lie within each
/// other's speed uncertainty (the hull defaults and the models' disagreement move the ships of a
/// fleet alike, so they do not decide an order): a ship's rank counts the ships surely above it
/// (``ranked(_:)``). Ships without a height come last, unranked.
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

    /// The entries largest first, with ranks: a ship's rank is one more than the number of ships
    /// whose wave is surely larger (higher, and the two heights' speed intervals do not overlap),
    /// and never better than the rank of a larger wave listed above it. Ties therefore do not
    /// chain: a ship cannot share the first rank through a neighbour that shares it, while a
    /// slightly smaller one is ranked far below (the rank depends on the ships surely above it
    /// alone), and ranks never fall down the list.
    static func ranked(_ entries: [Entry]) -> [Entry] {
        let withHeight = entries.filter { $0.point.waveHeightM != nil }.sorted {
            $0.point.waveHeightM!.median > $1.point.waveHeightM!.median
        }
        let rankList = ranks(withHeight.map { interval($0.point) })
        var out: [Entry] = []
        for (entry, rank) in zip(withHeight, rankList) {
            var ranked = entry
            ranked.rank = rank
            out.append(ranked)
        }
        return out + entries.filter { $0.point.waveHeightM == nil }
    }

    /// A height with its speed interval, [h e^(−u_lo), h e^(u_hi)] of the speed's cause alone.
    package typealias Interval = (height: Double, low: Double, high: Double)

    /// The ranks of heights listed largest first (``ranked(_:)``'s rule): one more than the number
    /// of heights surely above (larger, with a low end above this one's high end), and never
    /// smaller than the rank before.
    package static func ranks(_ sorted: [Interval]) -> [Int] {
        var out: [Int] = []
        var previous = 1
        for item in sorted {
            let surelyAbove = sorted.filter { $0.height > item.height && $0.low > item.high }.count
            previous = max(previous, surelyAbove + 1)
            out.append(previous)
        }
        return out
    }

    /// A point's height at the rider with its speed interval.
    static func interval(_ p: WakePoint) -> Interval {
        let h = p.waveHeightM!.median
        let f = (p.uncertainty[.speed] ?? .none).factors
        return (h, h * f.low, h * f.high)
    }
}
