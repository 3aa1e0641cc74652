/// Where the central height is defined (docs/SCIENCE.md §5.2, "The domain"): each member inside
/// the range it was fitted to, or within a stated margin of it, and the ship no faster than its
/// published top speed allows.
///
/// ```
/// quantity                         fitted            margin (extrapolated)        beyond: no central height
/// Kriebel & Seelig  F*             ≤ 0.5             ≤ 0.6   (F* − 0.1 × 1.25)     > 0.6
///                   β (F* − 0.1)²  ≤ 0.4             ≤ 0.625 (× 1.25²)             > 0.625
/// PIANC             F_L            ≤ 0.7             ≤ 0.875 (× 1.25)              > 0.875
/// the ship          V              ≤ top speed       ≤ 1.25 × top speed            > 1.25 × top speed
/// the hull          F_∇ = V/√(g ∇^(1/3))   < 3 (displacement and semi-displacement)   ≥ 3: planing
/// ```
///
/// Kriebel & Seelig's F* is the one its height is computed with (at its held depth). The margin
/// is a quarter of each fitted range's excess over the point where the wave vanishes (F* − 0.1,
/// F_L, V): a figure there is computed and flagged "extrapolated", naming the member; beyond any
/// one limit there is no central height, only the words. Displacement models do not describe
/// planing hulls, which ride on their own pressure wave (Faltinsen 2005, *Hydrodynamics of
/// High-Speed Marine Vehicles*, ch. 1: planing from a volumetric Froude number of about 3).
/// The depth Froude number has its own rule (``WakeRegime``, ``DepthHolds``): held and flagged
/// between 0.7 and 1, no height from 1. Below F* = 0.1 Kriebel & Seelig gives no wave, and the
/// central height falls continuously to 0 (docs/SCIENCE.md §5.2).
package struct WakeDomain: Sendable, Equatable {
    /// Inside every fitted range, within the margin of one or more, or beyond a limit.
    package enum Standing: String, Sendable, Comparable {
        case inside, extrapolated, outside

        package static func < (a: Standing, b: Standing) -> Bool { a.rank < b.rank }
        private var rank: Int {
            switch self {
            case .inside: 0
            case .extrapolated: 1
            case .outside: 2
            }
        }
    }

    /// One quantity past the range it was fitted to.
    package struct Excursion: Sendable, Equatable {
        package enum Quantity: String, Sendable {
            /// Kriebel & Seelig's depth-corrected Froude number F*.
            case fStar
            /// Kriebel & Seelig's β (F* − 0.1)².
            case ksLoad
            /// The length Froude number F_L (PIANC's range).
            case froudeLength
            /// The speed against the ship's published top speed, km/h.
            case speedKmh
            /// The volumetric Froude number F_∇: planing from 3.
            case volumetricFroude
        }

        /// The member that left its range; nil for the ship's own limits (top speed, planing).
        package var member: WakeModel?
        package var quantity: Quantity
        package var value: Double
        /// The end of the fitted range.
        package var fitted: Double
        /// The end of the margin: beyond it there is no central height.
        package var limit: Double

        /// Past the margin.
        package var beyond: Bool { !(value <= limit) || (quantity == .volumetricFroude && value >= limit) }
    }

    /// Kriebel & Seelig's F* (as its height is computed) and β (F* − 0.1)².
    package var fStar = 0.0
    package var ksLoad = 0.0
    /// F_L = V/√(gL) and F_∇ = V/√(g ∇^(1/3)).
    package var froudeLength = 0.0
    package var volumetricFroude = 0.0
    /// The speed, km/h, and the ship's published top speed, if any.
    package var speedKmh = 0.0
    package var topSpeedKmh: Double?

    /// The quantities past their fitted ranges, in the table's order.
    package var excursions: [Excursion] {
        let m = Self.margin
        var out: [Excursion] = []
        func check(
            _ member: WakeModel?, _ quantity: Excursion.Quantity, _ value: Double, _ fitted: Double, _ limit: Double
        ) {
            if value > fitted || !value.isFinite {
                out.append(Excursion(member: member, quantity: quantity, value: value, fitted: fitted, limit: limit))
            }
        }
        check(.kriebelSeelig2005, .fStar, fStar, Self.fittedFStar, 0.1 + m * (Self.fittedFStar - 0.1))
        check(.kriebelSeelig2005, .ksLoad, ksLoad, Self.fittedKSLoad, Self.fittedKSLoad * m * m)
        check(.pianc1987, .froudeLength, froudeLength, Self.fittedFroudeLength, m * Self.fittedFroudeLength)
        if let top = topSpeedKmh, top > 0 { check(nil, .speedKmh, speedKmh, top, m * top) }
        if volumetricFroude >= Self.planingVolumetricFroude {
            out.append(
                Excursion(
                    member: nil, quantity: .volumetricFroude, value: volumetricFroude,
                    fitted: Self.planingVolumetricFroude, limit: Self.planingVolumetricFroude))
        }
        return out
    }

    /// Inside, extrapolated or outside, without building the list (a grid asks once per point).
    package var standing: Standing {
        let m = Self.margin
        let top = topSpeedKmh.flatMap { $0 > 0 ? $0 : nil }
        if !(fStar <= 0.1 + m * (Self.fittedFStar - 0.1)) || !(ksLoad <= Self.fittedKSLoad * m * m)
            || !(froudeLength <= m * Self.fittedFroudeLength) || !(volumetricFroude < Self.planingVolumetricFroude)
            || top.map({ !(speedKmh <= m * $0) }) == true
        {
            return .outside
        }
        if fStar > Self.fittedFStar || ksLoad > Self.fittedKSLoad || froudeLength > Self.fittedFroudeLength
            || top.map({ speedKmh > $0 }) == true
        {
            return .extrapolated
        }
        return .inside
    }

    /// The members that left their fitted ranges (each once, in ``WakeModel/ensemble`` order).
    package var extrapolatedMembers: [WakeModel] {
        let excursions = excursions
        return WakeModel.ensemble.filter { member in excursions.contains { $0.member == member } }
    }

    /// The margin on each range's excess: 1.25 (a quarter beyond it).
    package static let margin = 1.25
    /// F* up to which Kriebel & Seelig was fitted, and β (F* − 0.1)².
    package static let fittedFStar = 0.5
    package static let fittedKSLoad = 0.4
    /// F_L up to which PIANC was fitted.
    package static let fittedFroudeLength = 0.7
    /// The volumetric Froude number from which a hull planes.
    package static let planingVolumetricFroude = 3.0

    /// Inside every range (a point that was not evaluated: aground, no hull).
    package init() {}

    /// - Parameters:
    ///   - fStar: Kriebel & Seelig's F* as its height is computed (at its held depth).
    ///   - ksBeta: its hull factor β.
    ///   - froudeLength: F_L = V/√(gL).
    ///   - volumetricFroude: F_∇ = V/√(g ∇^(1/3)).
    ///   - speedKmh: V, km/h; `topSpeedKmh` the ship's published top speed, if any.
    package init(
        fStar: Double, ksBeta: Double, froudeLength: Double, volumetricFroude: Double, speedKmh: Double,
        topSpeedKmh: Double?
    ) {
        let excess = fStar - 0.1
        self.fStar = fStar
        ksLoad = excess > 0 ? ksBeta * excess * excess : 0
        self.froudeLength = froudeLength
        self.volumetricFroude = volumetricFroude
        self.speedKmh = speedKmh
        self.topSpeedKmh = topSpeedKmh
    }

    /// Why the point has no central height, or what was extrapolated, in words
    /// ("Kriebel & Seelig F* = 0.55 (fitted to 0.5, margin to 0.6)").
    package var words: [String] {
        excursions.map { e in
            let f = WakeFlags.fixedTwo
            switch e.quantity {
            case .fStar:
                return "Kriebel & Seelig's F* = \(f(e.value)) (fitted to \(f(e.fitted)), margin to \(f(e.limit)))"
            case .ksLoad:
                return
                    "Kriebel & Seelig's β (F* − 0.1)² = \(f(e.value)) (fitted to \(f(e.fitted)), margin to \(f(e.limit)))"
            case .froudeLength:
                return "PIANC's length Froude number \(f(e.value)) (fitted to \(f(e.fitted)), margin to \(f(e.limit)))"
            case .speedKmh:
                return "\(f(e.value)) km/h, above the ship's published top speed of \(f(e.fitted)) km/h "
                    + "(margin to \(f(e.limit)) km/h)"
            case .volumetricFroude:
                return "a volumetric Froude number of \(f(e.value)): the hull planes (from 3), and no displacement "
                    + "model describes its wake"
            }
        }
    }
}
