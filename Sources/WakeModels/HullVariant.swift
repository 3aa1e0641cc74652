import Foundation

/// A hull with one defaulted value moved to an end of its plausible range (docs/SCIENCE.md §5.3):
/// the central height there, against the central height with the defaults, is the share of the
/// wake's uncertainty that a measurement of that value would remove.
struct HullVariant {
    let cause: HeightUncertainty.Cause
    let ship: ModelTerms.Ship

    /// The variants of `hull`: the entrance length over L/L_e 2.5–4 when it was defaulted, the
    /// block coefficient over 0.45–0.65 when it was (a derived draft follows it), and the waterline
    /// length at 0.9 of the length over all (always: the published lengths are over all).
    static func of(_ hull: WakeHull) -> [HullVariant] {
        var variants: [HullVariant] = []
        func ship(length: Double, blockCoefficient: Double?, lengthToEntrance: Double?) -> ModelTerms.Ship {
            let cb: Double
            let draft: Double
            let volume = hull.displacementT / WakeHull.freshWaterDensity
            cb = blockCoefficient ?? hull.blockCoefficient
            draft = hull.origins.draftM == .given ? hull.draftM : volume / (cb * length * hull.beamM)
            let entrance =
                hull.origins.entranceLengthM == .given
                ? min(hull.entranceLengthM, length) : length / (lengthToEntrance ?? WakeHull.defaultLengthToEntrance)
            return ModelTerms.Ship(
                lengthM: length, displacementT: hull.displacementT, draftM: draft, blockCoefficient: cb,
                entranceLengthM: entrance)
        }
        if hull.origins.entranceLengthM != .given {
            for ratio in [
                WakeHull.defaultLengthToEntranceRange.lowerBound, WakeHull.defaultLengthToEntranceRange.upperBound,
            ] {
                variants.append(
                    HullVariant(
                        cause: .entranceLength,
                        ship: ship(length: hull.lengthM, blockCoefficient: nil, lengthToEntrance: ratio)))
            }
        }
        if hull.origins.blockCoefficient == .default {
            for cb in [
                WakeHull.defaultBlockCoefficientRange.lowerBound, WakeHull.defaultBlockCoefficientRange.upperBound,
            ] {
                variants.append(
                    HullVariant(
                        cause: .blockCoefficient,
                        ship: ship(length: hull.lengthM, blockCoefficient: cb, lengthToEntrance: nil)))
            }
        }
        variants.append(
            HullVariant(
                cause: .waterlineLength,
                ship: ship(
                    length: hull.lengthM * WakeHull.waterlineShareRange.lowerBound, blockCoefficient: nil,
                    lengthToEntrance: nil)))
        return variants
    }
}
