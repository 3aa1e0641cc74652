import Foundation
import LegacyWakeModel
import WakeKernelSupport

/// The diverging waves at the cusp line of a ship's wake: the highest waves a rider meets
/// (Weggel & Sorensen 1986, as in USACE Coastal Engineering Manual II-7; docs/SCIENCE.md §5.4).
///
/// ```
/// F_h = V / √(g h)
/// θ   = 35.27° · (1 − e^(12 (F_h − 1)))     angle of the crests' travel to the track, F_h < 1
/// c   = V cos θ                              phase speed
/// k   from c² = (g/k) tanh(k h);  λ = 2π/k;  T = 2π / (k c);  c_g = n c
/// ```
/// There are no cusp waves at F_h ≥ 1 (supercritical): ``init(speed:depth:)`` returns nil.
public struct CuspWaves: Sendable, Equatable {
    /// Direction of travel to the sailing line, degrees.
    public let thetaDeg: Double
    /// Phase speed c, m/s.
    public let celerityMPerS: Double
    /// Wavenumber k, rad/m.
    public let wavenumber: Double
    /// Wavelength λ, m.
    public let wavelengthM: Double
    /// Period T, s.
    public let periodS: Double
    /// n = c_g / c.
    public let groupVelocityFactor: Double
    /// Group velocity c_g, m/s.
    public let groupVelocityMPerS: Double

    /// The cusp angle of the deep-water limit, degrees.
    package static let deepWaterAngleDeg = 35.27

    /// - Parameters:
    ///   - v: ship speed, m/s (> 0).
    ///   - h: depth, m (> 0).
    public init?(speed v: Double, depth h: Double) {
        let g = PhysicalConstants.gravity
        let fh = v / (g * h).squareRoot()
        guard v > 0, fh < 1 else { return nil }
        let theta = Self.deepWaterAngleDeg * (1 - exp(12 * (fh - 1)))
        let c = v * cos(theta * Double.pi / 180)
        guard let k = LinearWaves.wavenumber(phaseSpeed: c, depth: h) else { return nil }
        let n = LinearWaves.groupVelocityFactor(kh: k * h)
        thetaDeg = theta
        celerityMPerS = c
        wavenumber = k
        wavelengthM = 2 * Double.pi / k
        periodS = 2 * Double.pi / (k * c)
        groupVelocityFactor = n
        groupVelocityMPerS = n * c
    }
}
