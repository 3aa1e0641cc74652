import Foundation
import LegacyWakeModel

/// How the ship's speed compares with the fastest wave the depth of its track carries (the depth
/// Froude number F_h = V/√(g h_s)), which decides whether the empirical models hold.
package enum WakeRegime: String, Sendable, Equatable {
    /// F_h < 0.7: the usual pattern of diverging and transverse waves; the models were fitted here.
    case subcritical
    /// 0.7 ≤ F_h < 1: the pattern widens toward 90° and the waves grow fast (USACE CEM II-7); the
    /// height given is the one at F_h = 0.7, a lower bound (``DepthHolds``).
    case transCritical
    /// F_h ≥ 1: no diverging cusp waves; one long wave at the bow.
    case supercritical

    /// The depth Froude number up to which the deep-water pattern holds.
    package static let subcriticalLimit = 0.7

    package init(froudeDepth fh: Double) {
        self = fh >= 1 ? .supercritical : fh >= Self.subcriticalLimit ? .transCritical : .subcritical
    }
}
