import Foundation
public import WaveRating

/// Height thresholds fitted to labels (the app's ratings) that the physics can stand behind, and
/// an honest measure of how well they agree (docs/SCIENCE.md §5.5):
///
/// - A threshold is admissible only where (1) no ship's height lies within its own uncertainty
///   of it (the speed's spread carried into the height, e^u) and (2) every ensemble model puts
///   every ship below it below every ship above it (each model's heights on their own scale).
///   Where no admissible threshold lies between two ships, the physics does not separate them
///   and they rate alike.
/// - Among admissible pairs the one rating the most labelled ships as labelled wins; ties go to
///   the larger least margin (in units of uncertainty), then to the lower thresholds.
/// - Agreement is measured by leave-one-out: each labelled ship rated by thresholds fitted on
///   the others; with the 3 × 3 table and Kendall's τ-b between height and label.
public struct WakeRatingFit: Sendable {
    /// One ship as the fit sees it.
    public struct Ship: Sendable, Equatable {
        package var name: String
        /// The ensemble height at the rider, m (> 0).
        package var heightM: Double
        /// u: half the spread of ln H over the speed's ±1 standard deviation (0 when the speed is
        /// exact, infinity when the height is not defined across it).
        package var logSpread: Double
        /// Each ensemble model's height at the rider (nil where the model does not hold), m.
        package var modelHeightsM: [Double?]
        /// The label (1–3), or nil.
        package var label: Rating?

        package init(name: String, heightM: Double, logSpread: Double, modelHeightsM: [Double?], label: Rating?) {
            self.name = name
            self.heightM = heightM
            self.logSpread = logSpread
            self.modelHeightsM = modelHeightsM
            self.label = label
        }
    }

    /// Two ships next to each other in height, and whether an admissible threshold lies between.
    public struct Gap: Sendable, Equatable {
        package var lower: String
        package var upper: String
        /// ln(H_upper / H_lower).
        package var logGap: Double
        package var separable: Bool
        /// Why not, in words (nil when separable).
        package var reason: String?
    }

    public var ships: [Ship]
    /// Fitted on every ship; nil without a labelled ship.
    public var thresholds: HeightThresholds?
    /// Labelled ships rated as labelled by ``thresholds``.
    public var matches: Int
    /// Labelled ships.
    public var compared: Int
    /// Per labelled ship (by name): its rating by thresholds fitted without it.
    public var leaveOneOut: [String: Rating]
    public var leaveOneOutMatches: Int
    /// [label − 1][leave-one-out rating − 1].
    public var confusion: [[Int]]
    /// Kendall's τ-b between height and label over the labelled ships; nil for fewer than two or
    /// when one of them does not vary.
    public var kendallTau: Double?
    /// Neighbours in height order, lowest first.
    public var gaps: [Gap]

    public init(_ ships: [Ship]) {
        self.ships = ships
        let labelled = ships.filter { $0.label != nil }
        compared = labelled.count
        let fit = Self.fit(ships)
        thresholds = fit?.thresholds
        matches = fit?.matches ?? 0
        var loo: [String: Rating] = [:]
        var confusion = [[Int]](repeating: [0, 0, 0], count: 3)
        for (index, ship) in ships.enumerated() {
            guard let label = ship.label else { continue }
            var others = ships
            others.remove(at: index)
            guard let without = Self.fit(others) else { continue }
            let rating = without.thresholds.rating(ship.heightM)
            loo[ship.name] = rating
            confusion[label.rawValue - 1][rating.rawValue - 1] += 1
        }
        leaveOneOut = loo
        leaveOneOutMatches = labelled.filter { loo[$0.name] == $0.label }.count
        self.confusion = confusion
        kendallTau = Self.kendallTauB(labelled.map(\.heightM), labelled.map { Double($0.label!.rawValue) })
        gaps = Self.gaps(ships)
    }

    /// The margin of a ship to the threshold nearest its height: ln(H / t), signed (positive
    /// above); nil without thresholds.
    package func logMargin(_ ship: Ship) -> Double? {
        guard let thresholds else { return nil }
        return thresholds.waveHeightM.map { log(ship.heightM / $0) }.min { abs($0) < abs($1) }
    }

    // MARK: - The fit

    /// The admissible thresholds for `ships`: below them all, above them all, and in every gap
    /// between neighbours where a threshold passes both tests, each with its least margin in
    /// units of uncertainty (infinite when no ship has one).
    static func candidates(_ ships: [Ship]) -> [(threshold: Double, margin: Double)] {
        let sorted = ships.sorted { $0.heightM < $1.heightM }
        guard let lowest = sorted.first, let highest = sorted.last else { return [] }
        var out: [(Double, Double)] = [(lowest.heightM / 2, .infinity), (highest.heightM * 2, .infinity)]
        for i in 0..<(sorted.count - 1) {
            let (a, b) = (sorted[i].heightM, sorted[i + 1].heightM)
            guard b > a else { continue }
            let t = (a * b).squareRoot()
            if let margin = admissibleMargin(threshold: t, below: Array(sorted[...i]), above: Array(sorted[(i + 1)...]))
            {
                out.append((t, margin))
            }
        }
        return out.sorted { $0.0 < $1.0 }
    }

    /// The least |ln(H/t)| / u over the ships (infinite when every u is 0), or nil when the
    /// threshold is inside a ship's uncertainty or a model orders the two sides otherwise.
    static func admissibleMargin(threshold t: Double, below: [Ship], above: [Ship]) -> Double? {
        var least = Double.infinity
        for ship in below + above {
            let distance = abs(log(ship.heightM / t))
            guard distance > ship.logSpread else { return nil }
            if ship.logSpread > 0 { least = min(least, distance / ship.logSpread) }
        }
        let models = (below + above).map(\.modelHeightsM.count).max() ?? 0
        for m in 0..<models {
            let low = below.compactMap { $0.modelHeightsM.count > m ? $0.modelHeightsM[m] : nil }.max()
            let high = above.compactMap { $0.modelHeightsM.count > m ? $0.modelHeightsM[m] : nil }.min()
            if let low, let high, !(low < high) { return nil }
        }
        return least
    }

    /// The best admissible pair for the labelled ships among `ships`; nil without a labelled ship.
    static func fit(_ ships: [Ship]) -> (thresholds: HeightThresholds, matches: Int)? {
        let labelled = ships.filter { $0.label != nil }
        guard !labelled.isEmpty else { return nil }
        let candidates = candidates(ships)
        var best: (thresholds: HeightThresholds, matches: Int, margin: Double)?
        for (i, two) in candidates.enumerated() {
            for three in candidates[i...] {
                let thresholds = HeightThresholds(two.threshold, three.threshold)
                let matches = labelled.filter { thresholds.rating($0.heightM) == $0.label }.count
                let margin = min(two.margin, three.margin)
                if best == nil || matches > best!.matches || (matches == best!.matches && margin > best!.margin) {
                    best = (thresholds, matches, margin)
                }
            }
        }
        return best.map { ($0.thresholds, $0.matches) }
    }

    static func gaps(_ ships: [Ship]) -> [Gap] {
        let sorted = ships.sorted { $0.heightM < $1.heightM }
        guard sorted.count > 1 else { return [] }
        return (0..<(sorted.count - 1)).map { i in
            let (a, b) = (sorted[i], sorted[i + 1])
            let logGap = log(b.heightM / a.heightM)
            var reason: String?
            if !(b.heightM > a.heightM) {
                reason = "the same height"
            } else {
                let t = (a.heightM * b.heightM).squareRoot()
                let inside = sorted.filter { abs(log($0.heightM / t)) <= $0.logSpread }.map(\.name)
                if !inside.isEmpty {
                    reason = "within the uncertainty of \(inside.joined(separator: ", "))'s speed"
                } else if admissibleMargin(threshold: t, below: Array(sorted[...i]), above: Array(sorted[(i + 1)...]))
                    == nil
                {
                    reason = "the models order the ships on either side differently"
                }
            }
            return Gap(lower: a.name, upper: b.name, logGap: logGap, separable: reason == nil, reason: reason)
        }
    }

    /// Kendall's τ-b: (C − D) / √((n₀ − n₁)(n₀ − n₂)) over all pairs, n₀ = n(n−1)/2, n₁ and n₂ the
    /// pairs tied in x and in y; nil when a denominator term is 0.
    package static func kendallTauB(_ x: [Double], _ y: [Double]) -> Double? {
        precondition(x.count == y.count, "paired values")
        let n = x.count
        var concordant = 0
        var discordant = 0
        var tiedX = 0
        var tiedY = 0
        for i in 0..<n {
            for j in (i + 1)..<n {
                let dx = x[i] - x[j]
                let dy = y[i] - y[j]
                if dx == 0 { tiedX += 1 }
                if dy == 0 { tiedY += 1 }
                if dx == 0 || dy == 0 { continue }
                if (dx > 0) == (dy > 0) { concordant += 1 } else { discordant += 1 }
            }
        }
        let n0 = n * (n - 1) / 2
        let denominator = (Double(n0 - tiedX) * Double(n0 - tiedY)).squareRoot()
        guard denominator > 0 else { return nil }
        return Double(concordant - discordant) / denominator
    }
}
