import Foundation
import LegacyWakeModel
import WakeKernelSupport

/// How much of an ensemble model's weight it keeps at a point: all of it inside its published
/// range, fading linearly to nothing over the tenth of each bound beyond it. A model fitted up
/// to F = 0.2 does not turn from right to useless between F = 0.2000 and 0.1999; a hard cut
/// would make the ensemble jump with a tenth of a km/h (docs/SCIENCE.md §5.2).
enum ValidityTaper {
    /// The fraction of a bound over which the share fades.
    static let width = 0.1

    /// 1 inside `range`, linear to 0 at `lower − width·lower` and `upper + width·upper`.
    static func share(_ x: Double, in range: ClosedRange<Double>) -> Double {
        guard x.isFinite else { return 0 }
        if x < range.lowerBound { return max(0, 1 - (range.lowerBound - x) / (width * range.lowerBound)) }
        return share(x, atMost: range.upperBound)
    }

    /// 1 up to `upper`, linear to 0 at `upper + width·upper`.
    static func share(_ x: Double, atMost upper: Double) -> Double {
        guard x.isFinite else { return 0 }
        return x <= upper ? 1 : max(0, 1 - (x - upper) / (width * upper))
    }
}
