import LegacyWakeModel
import WakeKernelSupport

/// The hull of one ship as the distance-aware wake models need it, with where each value came
/// from (docs/SCIENCE.md §5): a block coefficient and a bow entrance length are rarely published, and
/// the draft only sometimes.
///
/// Defaults, after DHI's for ferries, each reported as such:
/// ```
/// C_B = 0.6                    when neither C_B nor the draft is known       ("default")
/// C_B = D / (ρ_t L B T)        when the draft is known but C_B is not       ("derived")
/// T   = D / (ρ_t C_B L B)      when the draft is not known                  ("derived")
/// L_e = B / 0.4                when the entrance length is not known         ("default")
/// ```
/// with ρ_t = 1.0 t/m³ (fresh water).
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

    package enum Field: String, Sendable, CaseIterable, Comparable {
        case draftM, blockCoefficient, entranceLengthM
        package static func < (a: Field, b: Field) -> Bool { a.rawValue < b.rawValue }
    }

    package enum Origin: String, Sendable {
        /// As given (published, or typed by the user).
        case given
        /// A default of the models (DHI's ferry defaults).
        case `default`
        /// Computed from the other values: T or C_B from D = ρ_t C_B L B T.
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

    /// The models' default block coefficient.
    package static let defaultBlockCoefficient = 0.6
    /// The models' default beam-to-entrance-length ratio B / L_e.
    package static let defaultBeamToEntrance = 0.4
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
        let cb: Double
        let cbOrigin: Origin
        switch (blockCoefficient, draftM) {
        case (let given?, _):
            cb = given
            cbOrigin = .given
        case (nil, let draft?):
            cb = displacementT / (rho * lengthM * beamM * draft)
            cbOrigin = .derived
            guard cb > 0, cb <= 1 else {
                throw WakeInputError.blockCoefficientAboveOne(
                    "a draft of \(draft) m with \(displacementT) t on \(lengthM) × \(beamM) m needs a block "
                        + "coefficient of \(cb), above 1")
            }
        case (nil, nil):
            cb = Self.defaultBlockCoefficient
            cbOrigin = .default
        }
        let draft = draftM ?? displacementT / (rho * cb * lengthM * beamM)
        guard Self.plausibleDraftM.contains(draft) else {
            throw WakeInputError.implausibleDraft(
                "\(displacementT) t on \(lengthM) × \(beamM) m with a block coefficient of \(cb) gives a draft of "
                    + "\(draft) m, outside \(Self.plausibleDraftM.lowerBound)…\(Self.plausibleDraftM.upperBound) m")
        }
        let entrance = entranceLengthM ?? min(beamM / Self.defaultBeamToEntrance, lengthM)
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
