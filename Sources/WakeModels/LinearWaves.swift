import Foundation
import LegacyWakeModel
import WakeKernelSupport

/// Linear (Airy) water waves in water of depth h.
///
/// Dispersion: a wave of wavenumber k travels at
/// ```
/// c² = (g / k) · tanh(k h)
/// ```
/// and its energy at the group velocity c_g = n c with
/// ```
/// n = ½ · (1 + 2kh / sinh 2kh)        (½ in deep water, 1 in shallow water)
/// ```
package enum LinearWaves {
    /// The wavenumber k (rad/m) of the wave whose phase speed is `c` in depth `h`, solved to
    /// full double precision; nil when no such wave exists (c ≤ 0, or c ≥ √(g h): no wave in
    /// this depth travels that fast).
    ///
    /// With x = k h and q = c² / (g h), the equation is tanh(x) = q x. f(x) = tanh x − q x is
    /// concave on x > 0 with one positive root, and decreasing beyond it; Newton's method from
    /// x₀ = 1/q (the deep-water root, never left of the true one) therefore converges
    /// monotonically from the right.
    /// - Parameters:
    ///   - c: phase speed, m/s.
    ///   - h: depth, m (> 0).
    package static func wavenumber(phaseSpeed c: Double, depth h: Double) -> Double? {
        let g = PhysicalConstants.gravity
        guard c > 0, h > 0, c.isFinite, h.isFinite else { return nil }
        let q = c * c / (g * h)
        guard q < 1 else { return nil }
        var x = 1 / q
        for _ in 0..<200 {
            let t = tanh(x)
            let f = t - q * x
            let slope = (1 - t * t) - q
            guard slope < 0 else { break }
            let next = x - f / slope
            if !(next < x) || next <= 0 { break }  // no further progress: converged
            x = next
        }
        return x / h
    }

    /// The wavenumber k (rad/m) of the wave of period `T` in depth `h`: the root of
    /// ```
    /// ω² = g k tanh(k h),   ω = 2π / T
    /// ```
    /// solved to full double precision; nil when T or h is not finite and positive.
    ///
    /// With x = k h and q = ω² h / g the equation is x tanh x = q, whose left side increases
    /// from 0; Newton's method starts from Fenton & McKee's explicit approximation
    /// x₀ = q · tanh(q^(3/4))^(−2/3) (within 2 % everywhere; J. D. Fenton, W. D. McKee, "On
    /// calculating the lengths of water waves", Coastal Engineering 14, 1990) and stops when a
    /// step no longer changes x by more than two units in the last place.
    /// - Parameters:
    ///   - T: wave period, s (> 0).
    ///   - h: depth, m (> 0).
    package static func wavenumber(period T: Double, depth h: Double) -> Double? {
        guard T > 0, h > 0, T.isFinite, h.isFinite else { return nil }
        let omega = 2 * Double.pi / T
        let q = omega * omega * h / PhysicalConstants.gravity
        guard q.isFinite, q > 0 else { return nil }
        var x = q / pow(tanh(pow(q, 0.75)), 2.0 / 3.0)
        for _ in 0..<100 {
            let t = tanh(x)
            let slope = t + x * (1 - t * t)
            guard slope > 0, slope.isFinite else { break }
            var next = x - (x * t - q) / slope
            if !(next > 0) { next = x / 2 }
            let done = abs(next - x) <= 2 * x.ulp
            x = next
            if done { break }
        }
        return x / h
    }

    /// n = ½ (1 + 2kh / sinh 2kh), the ratio of group to phase velocity.
    package static func groupVelocityFactor(kh: Double) -> Double {
        let twoKH = 2 * kh
        // sinh overflows beyond 2kh ≈ 710, where the fraction is 0 to double precision anyway.
        return 0.5 * (1 + (twoKH > 700 ? 0 : twoKH / sinh(twoKH)))
    }
}
