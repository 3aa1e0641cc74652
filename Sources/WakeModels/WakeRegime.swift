import Foundation
import LegacyWakeModel

/// How the ship's speed compares with the fastest wave the depth of its track carries (the depth
/// Froude number F_h = V/√(g h_s)), which decides whether the empirical models hold.
package enum WakeRegime: String, Sendable, Equatable {
    /// F_h ≤ 0.7: the usual pattern of diverging and transverse waves; the models were fitted here.
    case subcritical
    /// 0.7 < F_h < 1: the pattern widens toward 90° and the waves grow fast (USACE CEM II-7).
    case transCritical
    /// F_h ≥ 1: no diverging cusp waves; one long wave at the bow.
    case supercritical

    /// The depth Froude number up to which the deep-water pattern holds.
    package static let subcriticalLimit = 0.7

    /// The depth Froude number below which the bottom no longer shapes the wake: the cusp angle
    /// of Weggel & Sorensen (1986), 35.27° (1 − e^(12 (F_h − 1))), is within 0.25 % of its
    /// deep-water value there, and Havelock's pattern is the deep-water one. Deeper water than
    /// h = V²/(g · 0.5²) changes no ship wave; Sorensen & Weggel's depth term is held at that
    /// depth instead of extrapolated (docs/SCIENCE.md §5.2).
    package static let deepWaterFroudeDepth = 0.5

    package init(froudeDepth fh: Double) {
        self = fh >= 1 ? .supercritical : fh > Self.subcriticalLimit ? .transCritical : .subcritical
    }
}
