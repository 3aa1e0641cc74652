import Foundation
import TextFormats
import WakeModels

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
    /// One ship at a spot: its height at the rider and the interval its speed spans (not the
    /// whole point: a ranking of two million points keeps only what it ranks by).
    package struct Entry: Sendable {
        package var name: String
        /// 1 for the largest; equal for ties; nil without a height.
        package var rank: Int?
        /// The central height at the rider, m; nil without one.
        package var heightM: Double?
        /// [h e^(−u_lo), h e^(u_hi)] of the speed's cause alone.
        package var low: Double
        package var high: Double

        init(name: String, point p: WakePoint) {
            self.name = name
            heightM = p.waveHeightM?.median
            let f = (p.uncertainty[.speed] ?? .none).factors
            (low, high) = ((heightM ?? 0) * f.low, (heightM ?? 0) * f.high)
        }
    }

    /// How many spots the table ranks.
    package static func spotCount(_ table: WakeTable) -> Int {
        let e = table.ensemble
        return (table.operating == nil ? e.speedCount : 1) * e.trackDepthCount * e.riderDepthCount * e.distanceCount
    }

    /// Visits every spot of the table with its ranking (for one ship: one entry each), one spot at
    /// a time, in speed, track depth, rider depth, distance order; stops after `limit` spots.
    package static func forEachSpot(
        _ table: WakeTable, limit: Int = .max, _ body: (_ spot: Spot, _ entries: [Entry]) throws -> Void
    ) rethrows {
        let e = table.ensemble
        var visited = 0
        let speeds: [Int?] = table.operating == nil ? Array(0..<e.speedCount) : [nil]
        for speed in speeds {
            for k in 0..<e.trackDepthCount {
                for m in 0..<e.riderDepthCount {
                    for l in 0..<e.distanceCount {
                        guard visited < limit else { return }
                        visited += 1
                        let entries = (0..<e.shipCount).map { i -> Entry in
                            let j = speed ?? table.operating![i].speed
                            let c = WakeTable.Case(speed: j, trackDepth: k, riderDepth: m)
                            return Entry(name: table.names[i], point: table.point(ship: i, c, distance: l))
                        }
                        let spot = Spot(
                            speedKmh: speed.map { e.speedsKmh[$0] }, trackDepthM: e.trackDepthsM[k],
                            riderDepthM: e.riderDepthsM[m], distanceM: e.distancesM[l])
                        try body(spot, ranked(entries))
                    }
                }
            }
        }
    }

    /// The entries largest first, with ranks: a ship's rank is one more than the number of ships
    /// whose wave is surely larger (higher, and the two heights' speed intervals do not overlap),
    /// and never better than the rank of a larger wave listed above it. Ties therefore do not
    /// chain: a ship cannot share the first rank through a neighbour that shares it, while a
    /// slightly smaller one is ranked far below (the rank depends on the ships surely above it
    /// alone), and ranks never fall down the list.
    static func ranked(_ entries: [Entry]) -> [Entry] {
        let withHeight = entries.filter { $0.heightM != nil }.sorted { $0.heightM! > $1.heightM! }
        let rankList = ranks(withHeight.map { ($0.heightM!, $0.low, $0.high) })
        var out: [Entry] = []
        for (entry, rank) in zip(withHeight, rankList) {
            var ranked = entry
            ranked.rank = rank
            out.append(ranked)
        }
        return out + entries.filter { $0.heightM == nil }
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
}
