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
///
/// **One wave from track to rider.** Where the height is held at h_0.7, so are the kinematics
/// that carry it to the rider (``kinematic(_:velocitySquaredOverG:)``): the cusp angle, the
/// period, the wavelength and the group velocity are those of the wave over h_0.7, and that wave
/// is shoaled and refracted from h_0.7 to the rider's depth. Following the real F_h instead made
/// the period grow without bound as F_h → 1 (9 → 193 s for MS Panta Rhei at 34–35.65 km/h over
/// 10 m), refraction turn the crests away from the shore, and the height at the rider fall
/// (1.16 → 0.10 m) while the height at the track rose.
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

    /// The depth whose cusp waves carry the held height to the rider: max(h, h_0.7) over a track
    /// that is not supercritical (F_h < 1), else h itself (no cusp waves there).
    package static func kinematic(_ h: Double, velocitySquaredOverG v2g: Double) -> Double {
        h > v2g ? max(h, transCriticalDepth(velocitySquaredOverG: v2g)) : h
    }

    /// The track depth PIANC is evaluated at: min(max(h, h_0.7), h_deep).
    package static func pianc(_ h: Double, velocitySquaredOverG v2g: Double) -> Double {
        min(max(h, transCriticalDepth(velocitySquaredOverG: v2g)), deepDepth(velocitySquaredOverG: v2g))
    }
}
