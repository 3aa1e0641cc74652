import ShipRatingTable
import WakeModels

/// Which model's rating is a table's `rating`.
public enum RatingModel: String, Sendable, CaseIterable {
    /// The legacy formulas (`vesseldata.py`), the apps' ratings so far.
    case legacy
    /// The distance-aware models' ensemble at a rider's reference point.
    case wake

    /// The table's `model.name`.
    public var tableName: String { self == .legacy ? "vesseldata-legacy" : "wake-ensemble" }
}

/// Where the distance-aware models rate a ship: a rider `distanceM` from the sailing line, in
/// `depthM` of water, the ship at a fixed speed or at its own service speed.
public struct WakeReference: Sendable, Equatable {
    public enum Speed: Sendable, Equatable {
        /// Every ship at this speed, km/h.
        case fixed(Double)
        /// Each ship at its published service speed, else its published top speed, else
        /// `fallbackKmh`.
        case service(fallbackKmh: Double)
    }

    public var distanceM: Double
    public var depthM: Double
    public var speed: Speed

    public init(distanceM: Double = 50, depthM: Double = 10, speed: Speed = .fixed(18)) {
        self.distanceM = distanceM
        self.depthM = depthM
        self.speed = speed
    }

    /// 50 m off the sailing line in 10 m of water, every ship at 18 km/h (the legacy speed).
    public static let standard = WakeReference()

    /// The speed of one ship and where it came from ("fixed", "service", "top", "fallback").
    func speed(of ship: ResolvedFleet.Ship) -> (kmh: Double, source: String) {
        switch speed {
        case .fixed(let kmh): return (kmh, "fixed")
        case .service(let fallback):
            if let service = ship.serviceSpeed { return (service.value, "service") }
            if let top = ship.topSpeed { return (top.value, "top") }
            return (fallback, "fallback")
        }
    }
}

/// Ensemble-median heights above which a ship rates 2 and 3 (strict, as the legacy thresholds).
public struct HeightThresholds: Sendable, Equatable {
    /// [rating 2 above, rating 3 above], m, ascending.
    public let waveHeightM: [Double]

    public init(_ two: Double, _ three: Double) {
        precondition(two.isFinite && three.isFinite && two <= three, "two ascending thresholds")
        waveHeightM = [two, three]
    }

    public func rating(_ heightM: Double) -> Int { heightM > waveHeightM[1] ? 3 : heightM > waveHeightM[0] ? 2 : 1 }

    /// The thresholds that make the most ships rate as `labels` says (1–3), each candidate a
    /// midpoint between two neighbouring heights (or just outside them all); among equally good
    /// ones, the pair farthest from any ship's height, then the lowest.
    /// - Returns: nil when there are no heights.
    public static func fitted(heights: [Double], labels: [Int]) -> (thresholds: HeightThresholds, matches: Int)? {
        precondition(heights.count == labels.count, "one label per height")
        let sorted = Array(Set(heights)).sorted()
        guard let lowest = sorted.first, let highest = sorted.last else { return nil }
        var candidates = [lowest - 0.001]
        for (a, b) in zip(sorted, sorted.dropFirst()) { candidates.append((a + b) / 2) }
        candidates.append(highest + 0.001)
        var best: (HeightThresholds, matches: Int, margin: Double)?
        for (i, two) in candidates.enumerated() {
            for three in candidates[i...] {
                let thresholds = HeightThresholds(two, three)
                let matches = zip(heights, labels).filter { thresholds.rating($0) == $1 }.count
                let margin = heights.map { min(abs($0 - two), abs($0 - three)) }.min() ?? 0
                if best == nil || matches > best!.matches || (matches == best!.matches && margin > best!.margin) {
                    best = (thresholds, matches, margin)
                }
            }
        }
        return best.map { ($0.0, $0.matches) }
    }
}

/// How heights become ratings in a run.
public enum HeightThresholdChoice: Sendable, Equatable {
    /// Fitted so that the wake ratings best agree with the app's own labels.
    case fittedToApp
    case fixed(HeightThresholds)
}
