import Foundation
import LegacyWakeModel

/// The cusp waves after they have travelled from the ship's track, in depth h_s, to the rider's
/// spot, in depth h_r: linear theory over straight, parallel depth contours with the track
/// parallel to them (USACE Coastal Engineering Manual II-3; docs/SCIENCE.md §5.4).
///
/// ```
/// T conserved:  ω² = g k_r tanh(k_r h_r),  ω = 2π/T        c_r = ω/k_r,  λ_r = 2π/k_r
/// n_r = ½ (1 + 2 k_r h_r / sinh 2 k_r h_r),  c_g,r = n_r c_r
/// α_s = 90° − θ (to the contours' normal);  Snell: sin α_r = (c_r / c_s) sin α_s
/// K_s = √(c_g,s / c_g,r)   (shoaling)      K_r = √(cos α_s / cos α_r)   (refraction)
/// H_r = min(H_s K_s K_r, 0.78 h_r)          (depth-limited breaking where the cap applies)
/// ```
/// With h_r = h_s, K_s = K_r = 1. A wave that would have to turn past 90° to reach deeper water
/// (sin α_r ≥ 1) never gets there: ``init(cusp:trackDepthM:riderDepthM:)`` returns nil.
public struct RiderWaves: Sendable, Equatable {
    /// The rider's depth h_r, m.
    public let riderDepthM: Double
    /// Period T, s (the track's).
    public let periodS: Double
    /// Wavenumber k_r, rad/m.
    public let wavenumber: Double
    /// Wavelength λ_r, m.
    public let wavelengthM: Double
    /// Phase speed c_r, m/s.
    public let celerityMPerS: Double
    /// Group velocity c_g,r, m/s.
    public let groupVelocityMPerS: Double
    /// α_r: the angle between the crests' direction of travel and the normal to the depth
    /// contours (and to the track), degrees; 90° − α_r is the angle to the track.
    public let angleToNormalDeg: Double
    /// K_s = √(c_g,s / c_g,r).
    public let shoaling: Double
    /// K_r = √(cos α_s / cos α_r).
    public let refraction: Double

    /// The depth-limited breaking index: H ≤ 0.78 h (McCowan's solitary-wave limit, as used for
    /// depth-limited breaking in the Coastal Engineering Manual).
    package static let breakingIndex = 0.78

    /// K_s K_r: the height at the rider over the height at the track (before breaking).
    public var factor: Double { shoaling * refraction }
    /// The highest wave the rider's depth carries, 0.78 h_r, m.
    public var breakingHeightM: Double { Self.breakingIndex * riderDepthM }
    /// The crests' direction of travel to the sailing line, degrees (θ at the track).
    public var directionToTrackDeg: Double { 90 - angleToNormalDeg }
    /// cos α_r: the share of the energy flux that crosses a line parallel to the track.
    public var shorewardShare: Double { cos(angleToNormalDeg * Double.pi / 180) }

    /// - Parameters:
    ///   - cusp: the cusp waves at the track (``CuspWaves``, in depth h_s).
    ///   - trackDepthM: h_s, m (> 0).
    ///   - riderDepthM: h_r, m (> 0).
    /// - Returns: nil when the wave cannot reach the rider's depth (total reflection).
    public init?(cusp: CuspWaves, trackDepthM hs: Double, riderDepthM hr: Double) {
        guard hr > 0, hr.isFinite, hs > 0, hs.isFinite,
            let k = LinearWaves.wavenumber(period: cusp.periodS, depth: hr)
        else { return nil }
        let omega = 2 * Double.pi / cusp.periodS
        let c = omega / k
        let n = LinearWaves.groupVelocityFactor(kh: k * hr)
        let alphaS = (90 - cusp.thetaDeg) * Double.pi / 180
        let sinAlphaR = c / cusp.celerityMPerS * sin(alphaS)
        guard sinAlphaR < 1 else { return nil }
        let alphaR = asin(sinAlphaR)
        riderDepthM = hr
        periodS = cusp.periodS
        wavenumber = k
        wavelengthM = 2 * Double.pi / k
        celerityMPerS = c
        groupVelocityMPerS = n * c
        angleToNormalDeg = alphaR * 180 / Double.pi
        shoaling = (cusp.groupVelocityMPerS / (n * c)).squareRoot()
        refraction = (cos(alphaS) / cos(alphaR)).squareRoot()
    }
}
