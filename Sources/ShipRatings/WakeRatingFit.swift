import Foundation
public import ShipRatingTable
import TextFormats
public import WaveRating

/// Height thresholds fitted to labels (the riders' ratings) that the physics can stand behind,
/// and an honest measure of how well they agree (docs/SCIENCE.md §5.6):
///
/// - A threshold lies only between two ships next to each other in height (never below or above
///   them all, where no ship is near), and only where (1) no ship's height lies within its own
///   uncertainty of it (the speed's spread carried into the height, e^u) and (2) both members of
///   the central height put every ship below it below every ship above it (each on its own
///   scale). Where no such threshold lies between two ships, the physics does not separate
///   them and they rate alike.
/// - Only ships whose speed is known well enough (it moves the height by at most ×1.28 each way,
///   ``ratableLogSpread``) place thresholds: a ship whose speed is an estimate of ±14 % cannot
///   say where a boundary lies. Every ship is then rated whose height's speed range contains no
///   threshold; the others are unrated, with the reason (``HeightThresholds/rating(_:logSpread:)``).
/// - Each of the two thresholds may be absent (no ship rates 1, or none 3); with no admissible
///   gap at all there are no thresholds and no wake ratings, and ``reasonWithout`` says why.
/// - Among the admissible choices the one rating the most labelled ships as labelled wins; ties
///   go to the larger least margin (in units of uncertainty), then to fewer and lower thresholds.
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

    /// The largest u (``Ship/logSpread``) of a ship that places thresholds: its speed's standard
    /// error moves its height by at most e^0.25 = ×1.28 each way.
    package static let ratableLogSpread = 0.25

    public var ships: [Ship]
    /// The ships set aside from placing thresholds: their speed is too uncertain (by name).
    public var setAside: [String]
    /// Fitted on the ships not set aside; nil without a labelled ship.
    public var thresholds: HeightThresholds?
    /// Labelled ships rated as labelled by ``thresholds``.
    public var matches: Int
    /// Labelled ships.
    public var compared: Int
    /// Why there are no thresholds (nil when there are).
    public var reasonWithout: String?
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

    /// - Parameter wording: how ``reasonWithout`` words the step that would let the ships set
    ///   aside count (``FleetRemedy/measureSpeeds``).
    public init(_ ships: [Ship], wording: any RemedyWording = PlainRemedyWording()) {
        self.ships = ships
        let basis = ships.filter { $0.logSpread <= Self.ratableLogSpread }
        setAside = ships.filter { !($0.logSpread <= Self.ratableLogSpread) }.map(\.name)
        let labelled = basis.filter { $0.label != nil }
        compared = labelled.count
        let fit = Self.fit(basis)
        thresholds = fit?.thresholds
        matches = fit?.matches ?? 0
        gaps = Self.gaps(basis)
        reasonWithout =
            fit != nil ? nil : Self.reasonWithout(basis, gaps: gaps, setAside: setAside, wording: wording)
        var loo: [String: Rating] = [:]
        var confusion = [[Int]](repeating: [0, 0, 0], count: 3)
        for (index, ship) in basis.enumerated() {
            guard let label = ship.label else { continue }
            var others = basis
            others.remove(at: index)
            // None fitted without it, or its own speed range spans a threshold: no rating.
            guard let without = Self.fit(others),
                let rating = without.thresholds.rating(ship.heightM, logSpread: ship.logSpread)
            else { continue }
            loo[ship.name] = rating
            confusion[label.rawValue - 1][rating.rawValue - 1] += 1
        }
        leaveOneOut = loo
        leaveOneOutMatches = labelled.filter { loo[$0.name] == $0.label }.count
        self.confusion = confusion
        kendallTau = Self.kendallTauB(labelled.map { ($0.heightM, Double($0.label!.rawValue)) })
    }

    /// Why no threshold could be fitted, in words, with what would let one be.
    static func reasonWithout(_ ships: [Ship], gaps: [Gap], setAside: [String], wording: any RemedyWording)
        -> String
    {
        let aside =
            setAside.isEmpty
            ? ""
            : " (\(setAside.count) more ships' speeds are estimates too uncertain to place a threshold; to "
                + "measure them, \(wording.words(for: .measureSpeeds)))"
        guard ships.contains(where: { $0.label != nil }) else {
            return "no ship whose speed is known has both a wake height and a riders' rating to fit thresholds to"
                + aside
        }
        guard ships.count > 1 else { return "one ship alone cannot be separated from others" + aside }
        let same = gaps.filter { $0.reason == "the same height" }.count
        let speed = gaps.filter { $0.reason?.hasPrefix("within the uncertainty") == true }.count
        let order = gaps.filter { $0.reason?.hasPrefix("the models order") == true }.count
        let causes = [
            same > 0 ? "\(same) \(same == 1 ? "is" : "are") the same height" : nil,
            speed > 0 ? "\(speed) \(speed == 1 ? "lies" : "lie") within a ship's speed uncertainty" : nil,
            order > 0 ? "\(order) \(order == 1 ? "is" : "are") ordered differently by Kriebel & Seelig and PIANC" : nil,
        ].compactMap { $0 }
        return "the physics cannot separate the ships here: of \(counted(gaps.count, "neighbouring pair")) in height, "
            + listed(causes) + aside
    }

    /// The margin of a ship to the threshold nearest its height: ln(H / t), signed (positive
    /// above); nil without thresholds.
    package func logMargin(_ ship: Ship) -> Double? {
        guard let thresholds else { return nil }
        return thresholds.present.map { log(ship.heightM / $0) }.min { abs($0) < abs($1) }
    }

    // MARK: - The fit

    /// The admissible thresholds for `ships`: in every gap between neighbours where a threshold
    /// passes both tests (never below or above them all), each with its least margin in units of
    /// uncertainty (infinite when no ship has one).
    static func candidates(_ ships: [Ship]) -> [(threshold: Double, margin: Double)] {
        let sorted = ships.sorted { $0.heightM < $1.heightM }
        guard sorted.count > 1 else { return [] }
        var out: [(Double, Double)] = []
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

    /// The best admissible thresholds for the labelled ships among `ships`; nil without a labelled
    /// ship or an admissible gap.
    static func fit(_ ships: [Ship]) -> (thresholds: HeightThresholds, matches: Int)? {
        let labelled = ships.filter { $0.label != nil }
        guard !labelled.isEmpty else { return nil }
        let candidates = candidates(ships)
        guard !candidates.isEmpty else { return nil }
        let options: [(threshold: Double, margin: Double)?] = [nil] + candidates.map { $0 }
        var best: (thresholds: HeightThresholds, matches: Int, margin: Double, count: Int)?
        for two in options {
            for three in options {
                if two == nil && three == nil { continue }
                if let two, let three, !(two.threshold < three.threshold) { continue }
                guard let thresholds = try? HeightThresholds(two?.threshold, three?.threshold) else { continue }
                let matches = labelled.filter { thresholds.rating($0.heightM) == $0.label }.count
                let margin = min(two?.margin ?? .infinity, three?.margin ?? .infinity)
                let count = (two == nil ? 0 : 1) + (three == nil ? 0 : 1)
                let better: Bool
                if let b = best {
                    better =
                        matches != b.matches
                        ? matches > b.matches : margin != b.margin ? margin > b.margin : count < b.count
                } else {
                    better = true
                }
                if better { best = (thresholds, matches, margin, count) }
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
    package static func kendallTauB(_ pairs: [(x: Double, y: Double)]) -> Double? {
        let n = pairs.count
        var concordant = 0
        var discordant = 0
        var tiedX = 0
        var tiedY = 0
        for i in 0..<n {
            for j in (i + 1)..<n {
                let dx = pairs[i].x - pairs[j].x
                let dy = pairs[i].y - pairs[j].y
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
