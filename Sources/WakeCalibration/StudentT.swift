import Foundation

/// Student's t distribution, for prediction intervals.
enum StudentT {
    /// The p-quantile of t with `dof` degrees of freedom (p in (0, 1), dof ≥ 1), to about 1e-12.
    static func quantile(_ p: Double, dof: Double) -> Double {
        precondition(p > 0 && p < 1 && dof >= 1, "p in (0, 1), dof ≥ 1")
        if p < 0.5 { return -quantile(1 - p, dof: dof) }
        if p == 0.5 { return 0 }
        var low = 0.0
        var high = 1.0
        while cdf(high, dof: dof) < p { high *= 2 }
        for _ in 0..<200 {
            let middle = (low + high) / 2
            if cdf(middle, dof: dof) < p { low = middle } else { high = middle }
            if high - low <= 1e-14 * high { break }
        }
        return (low + high) / 2
    }

    /// P(T ≤ t) = 1 − ½ I_{ν/(ν+t²)}(ν/2, ½) for t ≥ 0.
    static func cdf(_ t: Double, dof v: Double) -> Double {
        let x = v / (v + t * t)
        let tail = 0.5 * incompleteBeta(x, a: v / 2, b: 0.5)
        return t >= 0 ? 1 - tail : tail
    }

    /// The regularised incomplete beta function I_x(a, b), by its continued fraction (modified
    /// Lentz), using the symmetry I_x(a, b) = 1 − I_{1−x}(b, a) where that converges faster.
    static func incompleteBeta(_ x: Double, a: Double, b: Double) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        let logBeta: Double = lgamma(a) + lgamma(b) - lgamma(a + b)
        let logFront: Double = a * log(x) + b * log(1 - x) - logBeta
        let front = exp(logFront)
        if x > (a + 1) / (a + b + 2) { return 1 - incompleteBeta(1 - x, a: b, b: a) }
        let tiny = 1e-300
        var f = 1.0
        var c = 1.0
        var d = 0.0
        for i in 0...400 {
            let m = Double(i / 2)
            let numerator: Double
            if i == 0 {
                numerator = 1
            } else if i % 2 == 0 {
                numerator = m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m))
            } else {
                numerator = -((a + m) * (a + b + m) * x) / ((a + 2 * m) * (a + 2 * m + 1))
            }
            d = 1 + numerator * d
            d = abs(d) < tiny ? tiny : d
            d = 1 / d
            c = 1 + numerator / c
            c = abs(c) < tiny ? tiny : c
            let step = c * d
            f *= step
            if abs(1 - step) < 1e-16 { break }
        }
        return front * (f - 1) / a
    }
}
