import Foundation
import LegacyWakeModel
import WakeKernelSupport

/// Sorensen & Weggel's depth terms. Their ln α is quadratic in ln r (r = h/∇^(1/3)), fitted to
/// tests in shallow channels; over deep water it keeps climbing (Panta Rhei at 17 km/h, 50 m off,
/// as published: 0.15 m over 8 m, 0.39 m over 10 m, 3 m over 20 m), which no ship wave does once
/// the bottom is out of reach. The toolkit evaluates the model at h_held = min(h, h_deep),
/// h_deep = V²/(g F_deep²) with F_deep = ``WakeRegime/deepWaterFroudeDepth``, the depth at which
/// the wake stops feeling the bottom; shallower tracks are as published.
enum SorensenWeggelDepth {
    /// ln min(h, h_deep) from ln h and V²/g.
    static func heldLogDepth(_ lnh: Double, velocitySquaredOverG: Double) -> Double {
        let f = WakeRegime.deepWaterFroudeDepth
        return min(lnh, log(velocitySquaredOverG / (f * f)))
    }

    /// (ln α + (1 − n) ln ∇^(1/3), n) at depth e^lnh: ln H = first + n ln y (docs/SCIENCE.md §5.1).
    static func terms<E: Exponential>(
        _ ship: ModelTerms.Ship, _ speed: ModelTerms.ShipSpeed, logDepth lnh: Double, _: E.Type
    ) -> (logCoefficient: Double, exponent: Double) {
        let logR = lnh - ship.logCubeRootVolume
        let n = speed.swBeta * E.exp(speed.swDelta * logR)
        let logAlpha = speed.swA + speed.swB * logR + speed.swC * logR * logR
        return (logAlpha + (1 - n) * ship.logCubeRootVolume, n)
    }
}
