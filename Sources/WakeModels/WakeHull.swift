import LegacyWakeModel
import WakeKernelSupport

/// The hull of one ship as the distance-aware wake models need it, with where each value came
/// from (docs/SCIENCE.md §5): a block coefficient and a bow entrance length are rarely published, and
/// the draft only sometimes.
///
/// Defaults, each reported as such, and each with the range the wake's uncertainty spans
/// (``defaultBlockCoefficientRange``, ``defaultLengthToEntranceRange``; docs/SCIENCE.md §5.1):
/// ```
/// C_B = 0.55                   when C_B is not known                         ("default"; 0.45–0.65)
/// T   = D / (ρ_t C_B L B)      when the draft is not known                  ("derived")
/// L_e = L / 3.2                when the entrance length is not known         ("default"; L/L_e 2.5–4)
/// ```
/// with ρ_t = 1.0 t/m³ (fresh water). (DHI's AIS defaults, C_B = 0.6 and L_e = B/0.4, put every
/// hull with L/B ≈ 5 at L/L_e ≈ 2, where Kriebel & Seelig's hull factor β is at its floor of 1:
/// a convenience for ships known only by their AIS beam, not a property of lake ferries.) A
/// published draft does not make a block coefficient: D / (ρ_t L B T) with the length over all
/// and the beam over the guards understates the hull's fullness (0.45 for Panta Rhei), and a
/// displacement-dependent C_B would let more displacement at the same draft lower Kriebel &
/// Seelig's wave. It only has to be physically possible (≤ 1).
public struct WakeHull: Sendable, Equatable {
    /// Length L, m (``plausibleLengthM``).
    public let lengthM: Double
    /// Hull beam B, m (``plausibleBeamM``).
    public let beamM: Double
    /// Displacement D, t (``plausibleDisplacementT``).
    public let displacementT: Double
    /// Draft T, m.
    public let draftM: Double
    /// Block coefficient C_B (0 < C_B ≤ 1).
    public let blockCoefficient: Double
    /// Bow entrance length L_e, m (0 < L_e ≤ L).
    public let entranceLengthM: Double
    /// Where each of draft, block coefficient and entrance length came from.
    public let origins: Origins
    /// The ship's published top speed, km/h, where one exists: the central height is defined up
    /// to it, and extrapolated up to 1.25 times it (``WakeDomain``). Nil: no limit of the ship's own.
    public var topSpeedKmh: Double?

    package enum Field: String, Sendable, CaseIterable, Comparable {
        case draftM, blockCoefficient, entranceLengthM
        package static func < (a: Field, b: Field) -> Bool { a.rawValue < b.rawValue }
    }

    package enum Origin: String, Sendable {
        /// As given (published, or typed by the user).
        case given
        /// A default of the models.
        case `default`
        /// Computed from the other values: T from D = ρ_t C_B L B T.
        case derived
    }

    /// Where the three hull-shape values came from.
    public struct Origins: Sendable, Equatable {
        package var draftM: Origin
        package var blockCoefficient: Origin
        package var entranceLengthM: Origin

        package subscript(field: Field) -> Origin {
            switch field {
            case .draftM: draftM
            case .blockCoefficient: blockCoefficient
            case .entranceLengthM: entranceLengthM
            }
        }
    }

    /// The fields that were defaulted or derived, by name (`draftM`, …), sorted.
    public var defaults: [String] {
        Field.allCases.filter { origins[$0] != .given }.map(\.rawValue).sorted()
    }

    /// The default block coefficient: the middle of ``defaultBlockCoefficientRange``.
    package static let defaultBlockCoefficient = 0.55
    /// The block coefficients of displacement passenger ships the uncertainty of a defaulted one spans.
    package static let defaultBlockCoefficientRange = 0.45...0.65
    /// The default length-to-entrance ratio L / L_e: about the geometric middle of
    /// ``defaultLengthToEntranceRange`` (a bow entrance of a third of the length).
    package static let defaultLengthToEntrance = 3.2
    /// The L / L_e the uncertainty of a defaulted entrance length spans.
    package static let defaultLengthToEntranceRange = 2.5...4.0
    /// The waterline length as a share of the length over all, which the published lengths are:
    /// the uncertainty of the length spans 0.9 L to L.
    package static let waterlineShareRange = 0.9...1.0
    /// Density of fresh water, t/m³.
    package static let freshWaterDensity = 1.0

    /// What a ship can measure (``LegacyWakeModel/PlausibleValues``).
    package static let plausibleLengthM = PlausibleValues.lengthM
    package static let plausibleBeamM = PlausibleValues.beamM
    package static let plausibleDisplacementT = PlausibleValues.displacementT
    package static let plausibleDraftM = PlausibleValues.draftM

    /// Resolves the defaults and checks every value.
    /// - Throws: ``WakeInputError`` naming the field when a value is outside its range, or when
    ///   a given draft and block coefficient contradict the displacement.
    public init(
        lengthM: Double, beamM: Double, displacementT: Double, draftM: Double? = nil,
        blockCoefficient: Double? = nil, entranceLengthM: Double? = nil
    ) throws {
        try WakeInputError.check("lengthM", lengthM, in: Self.plausibleLengthM, unit: "m")
        try WakeInputError.check("beamM", beamM, in: Self.plausibleBeamM, unit: "m")
        try WakeInputError.check("displacementT", displacementT, in: Self.plausibleDisplacementT, unit: "t")
        if let draftM { try WakeInputError.check("draftM", draftM, in: Self.plausibleDraftM, unit: "m") }
        if let blockCoefficient {
            try WakeInputError.check("blockCoefficient", blockCoefficient, in: 0...1, excludingLower: true, unit: "")
        }
        if let entranceLengthM {
            try WakeInputError.check(
                "entranceLengthM", entranceLengthM, in: 0...lengthM, excludingLower: true, unit: "m")
        }
        let rho = Self.freshWaterDensity
        if let draft = draftM {
            let implied = displacementT / (rho * lengthM * beamM * draft)
            guard implied <= 1 else {
                throw WakeInputError.blockCoefficientAboveOne(
                    "a draft of \(draft) m with \(displacementT) t on \(lengthM) × \(beamM) m needs a block "
                        + "coefficient of \(implied), above 1")
            }
        }
        let cb = blockCoefficient ?? Self.defaultBlockCoefficient
        let cbOrigin: Origin = blockCoefficient == nil ? .default : .given
        let draft = draftM ?? displacementT / (rho * cb * lengthM * beamM)
        guard Self.plausibleDraftM.contains(draft) else {
            throw WakeInputError.implausibleDraft(
                "\(displacementT) t on \(lengthM) × \(beamM) m with a block coefficient of \(cb) gives a draft of "
                    + "\(draft) m, outside \(Self.plausibleDraftM.lowerBound)…\(Self.plausibleDraftM.upperBound) m")
        }
        let entrance = entranceLengthM ?? lengthM / Self.defaultLengthToEntrance
        self.lengthM = lengthM
        self.beamM = beamM
        self.displacementT = displacementT
        self.draftM = draft
        self.blockCoefficient = cb
        self.entranceLengthM = entrance
        origins = Origins(
            draftM: draftM == nil ? .derived : .given, blockCoefficient: cbOrigin,
            entranceLengthM: entranceLengthM == nil ? .default : .given)
    }
}
