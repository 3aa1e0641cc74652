import Foundation

/// The two depths at which a model's track depth is held (docs/SCIENCE.md §5.1):
///
/// - **Trans-critical** (F_h ≥ 0.7): no published model was fitted where the ship nears the
///   fastest wave the depth carries. Over such a track every model is evaluated at the depth
///   where F_h = 0.7, h_0.7 = V²/(0.7² g): the height there is a lower bound — the wake of a
///   trans-critical ship widens and grows (USACE CEM II-7-5) — so a shoaling track never gives a
///   smaller wave, and every trans-critical point has a height, flagged as such.
/// - **Deep** (for PIANC only): once the track is deeper than half the longest wave the ship
///   makes (the transverse wave, λ = 2πV²/g: h_deep = πV²/g, F_h = 1/√π ≈ 0.56) the bottom no
///   longer shapes the wake, but PIANC's h (y/h)^(−1/3) F_h⁴ keeps falling as h^(−2/3) without end —
///   an inland-waterway fit extrapolated. It is evaluated at h_deep over deeper tracks.
///   Kriebel & Seelig needs no such hold: its F* tends to F_L over deep water.
package enum DepthHolds {
    /// The depth Froude number up to which the published models were fitted.
    package static let transCriticalFroudeDepth = WakeRegime.subcriticalLimit

    /// h_0.7 = V²/(0.7² g), m, from V²/g.
    package static func transCriticalDepth(velocitySquaredOverG v2g: Double) -> Double {
        v2g / (transCriticalFroudeDepth * transCriticalFroudeDepth)
    }

    /// h_deep = π V²/g, m.
    package static func deepDepth(velocitySquaredOverG v2g: Double) -> Double { Double.pi * v2g }

    /// The track depth Kriebel & Seelig is evaluated at: max(h, h_0.7).
    package static func kriebelSeelig(_ h: Double, velocitySquaredOverG v2g: Double) -> Double {
        max(h, transCriticalDepth(velocitySquaredOverG: v2g))
    }

    /// The track depth PIANC is evaluated at: min(max(h, h_0.7), h_deep).
    package static func pianc(_ h: Double, velocitySquaredOverG v2g: Double) -> Double {
        min(max(h, transCriticalDepth(velocitySquaredOverG: v2g)), deepDepth(velocitySquaredOverG: v2g))
    }
}
