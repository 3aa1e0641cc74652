import Foundation

/// How uncertain a central wake height is, by cause, so that a user sees which input to measure
/// (docs/SCIENCE.md §5.3). Each cause is a log half-width below and above the central height
/// (≥ 0): the height lies within [H e^(−lower), H e^(upper)] as far as that cause goes. The causes
/// are independent, so the band adds them in quadrature, which keeps the central height inside it.
package struct HeightUncertainty: Sendable, Equatable {
    /// Where an uncertainty comes from.
    package enum Cause: String, Sendable, CaseIterable, Codable {
        /// The operating speed's standard error: heights at V ± σ.
        case speed
        /// A defaulted bow entrance length, over L/L_e 2.5–4.
        case entranceLength
        /// A defaulted block coefficient, over 0.45–0.65.
        case blockCoefficient
        /// The published length over all against the waterline length (0.9–1.0 of it).
        case waterlineLength
        /// The central height's members, Kriebel & Seelig and PIANC, disagree.
        case models

        /// Its place in the fixed-size storage.
        var slot: Int {
            switch self {
            case .speed: 0
            case .entranceLength: 1
            case .blockCoefficient: 2
            case .waterlineLength: 3
            case .models: 4
            }
        }
    }

    /// A log half-width below and above, ≥ 0 (infinite when the height is not defined across it).
    package struct Spread: Sendable, Equatable {
        package var lower: Double
        package var upper: Double

        package init(lower: Double, upper: Double) {
            self.lower = lower
            self.upper = upper
        }

        package static let none = Spread(lower: 0, upper: 0)

        /// The multipliers on the central height: e^(−lower) ≤ 1 ≤ e^(upper).
        package var factors: (low: Double, high: Double) { (Foundation.exp(-lower), Foundation.exp(upper)) }
    }

    /// The half-widths by cause (``Cause/slot``), and which causes apply: a fixed-size value, so
    /// that the ensemble keeps one per row without a heap allocation each. (Not a SIMD vector:
    /// writing one lane at a run-time index spills it, writes the lane and reloads the whole
    /// vector, a stall on every write.)
    private var lowers = InlineArray<5, Double>(repeating: 0)
    private var uppers = InlineArray<5, Double>(repeating: 0)
    private var present: UInt8 = 0

    package static func == (a: HeightUncertainty, b: HeightUncertainty) -> Bool {
        a.present == b.present
            && a.lowers.indices.allSatisfy { a.lowers[$0] == b.lowers[$0] && a.uppers[$0] == b.uppers[$0] }
    }

    /// One cause's spread; nil for a cause that does not apply (a published value, a given speed).
    package subscript(cause: Cause) -> Spread? {
        get {
            present & (1 << cause.slot) == 0 ? nil : Spread(lower: lowers[cause.slot], upper: uppers[cause.slot])
        }
        set {
            lowers[cause.slot] = newValue?.lower ?? 0
            uppers[cause.slot] = newValue?.upper ?? 0
            if newValue == nil { present &= ~(1 << cause.slot) } else { present |= 1 << cause.slot }
        }
    }

    /// The causes that apply, with their spreads.
    package var spreads: [Cause: Spread] {
        Dictionary(uniqueKeysWithValues: Cause.allCases.compactMap { cause in self[cause].map { (cause, $0) } })
    }

    package init(spreads: [Cause: Spread] = [:]) {
        for (cause, spread) in spreads { self[cause] = spread }
    }

    /// From the central log coefficient and its members' (ln a_KS, ln a_P); ``widen(_:by:)`` adds the hull
    /// variants.
    init(central: Double, logKS ks: Double, logPIANC pianc: Double) {
        guard central.isFinite else { return }  // no wave by Kriebel & Seelig: the height is 0, exactly
        self[.models] = Spread(lower: max(0, central - min(ks, pianc)), upper: max(0, max(ks, pianc) - central))
    }

    /// Widens a cause's spread to cover a variant `delta` away (in logs) from the central height;
    /// a variant without a height (NaN, −∞) makes the lower side unbounded.
    /// Does nothing where the central height is not finite (no cause applies there).
    mutating func widen(_ cause: Cause, by delta: Double) {
        guard present != 0 else { return }
        var spread = self[cause] ?? .none
        if delta.isNaN || delta == -.infinity {
            spread.lower = .infinity
        } else {
            spread.lower = max(spread.lower, -delta)
            spread.upper = max(spread.upper, delta)
        }
        self[cause] = spread
    }

    /// The most a cause counts for in the band: a log half-width of ln 3 (a factor of 3 either
    /// way). Near the speed where Kriebel & Seelig's wave vanishes (F* → 0.1) a small change of a
    /// hull value or of the speed changes that member's tiny wave, and with it the central
    /// height, by any factor, and the two members lie any factor apart: a sum in quadrature of
    /// such log widths grows without bound (MS Panta Rhei at 7.34 km/h had a band up to 0.060 m
    /// where PIANC gives 0.017 m, and none at 7.32 km/h). Each cause counted up to a factor of 3,
    /// with the band spanning both members at least (``WakePoint/bandTop(central:member:)``),
    /// runs continuously into [0, PIANC's wave] where the central height is 0. Inside the
    /// models' ranges nothing of the lake's fleet comes near it: at the reference point the
    /// members lie within ×2.2 of each other (±0.39 in ln H) and the widest other cause, an
    /// Admiralty speed estimate, moves the height by ÷1.9 ×1.7.
    package static let largestCauseLog = Foundation.log(3.0)

    /// The band: every cause's half-widths, each counted up to ``largestCauseLog``, added in
    /// quadrature (an unbounded side stays unbounded: no height across that cause).
    package var total: Spread {
        var lower = 0.0
        var upper = 0.0
        let bound = Self.largestCauseLog
        // In the causes' order (their slots): a sum whose order moved would move the band by an ulp.
        for slot in lowers.indices where present & (1 << slot) != 0 {
            let (l, u) = (lowers[slot], uppers[slot])
            let (cl, cu) = (l.isFinite ? min(l, bound) : l, u.isFinite ? min(u, bound) : u)
            lower += cl * cl
            upper += cu * cu
        }
        return Spread(lower: lower.squareRoot(), upper: upper.squareRoot())
    }

    /// With the speed's spread added.
    package func adding(speed: Spread) -> HeightUncertainty {
        var copy = self
        copy[.speed] = speed
        return copy
    }
}
