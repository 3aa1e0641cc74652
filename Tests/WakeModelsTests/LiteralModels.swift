import Foundation

/// docs/SCIENCE.md §5 (the domain notes' §8), transcribed literally, one point at a time: the oracle the batch is checked
/// against. Deliberately unfactored (no shared terms with the kernel).
enum Literal {
    static let g = 9.81

    struct Hull {
        var L: Double, B: Double, D: Double, T: Double, CB: Double, Le: Double
    }

    static func kriebelSeelig(_ s: Hull, V: Double, h: Double, y: Double) -> (H: Double, valid: Bool) {
        let FL = V / (g * s.L).squareRoot()
        let alpha = 2.35 * (1 - s.CB)
        let Fs = FL * exp(alpha * s.T / h)
        let beta = 1 + 8 * pow(tanh(0.45 * (s.L / s.Le - 2)), 3)
        let H = (V * V / g) * beta * pow(Fs - 0.1, 2) * pow(y / s.L, -1.0 / 3.0)
        return (H, 0.1 <= Fs && Fs <= 0.5 && beta * pow(Fs - 0.1, 2) <= 0.4)
    }

    /// As published, except that a track deeper than h_deep = V²/(g · 0.5²) (F_h < 0.5, where the
    /// wake no longer feels the bottom) counts as h_deep: the published ln α keeps rising with depth
    /// beyond its data (docs/SCIENCE.md §5.2).
    static func sorensenWeggel(_ s: Hull, V: Double, h: Double, y: Double) -> (H: Double, valid: Bool) {
        sorensenWeggelAsPublished(s, V: V, h: min(h, V * V / (g * 0.5 * 0.5)), y: y)
    }

    static func sorensenWeggelAsPublished(_ s: Hull, V: Double, h: Double, y: Double) -> (H: Double, valid: Bool) {
        let F = V / (g * s.L).squareRoot()
        let nabla = s.D / 1.0
        let r = h / pow(nabla, 1.0 / 3.0)
        let betaS: Double
        let delta: Double
        if F < 0.55 {
            betaS = -0.225 * pow(F, -0.699)
            delta = -0.118 * pow(F, -0.356)
        } else {
            betaS = -0.342
            delta = -0.146
        }
        let a = -0.6 / F
        let b = 0.75 * pow(F, -1.125)
        let c = 2.653 * F - 1.95
        let n = betaS * pow(r, delta)
        let lnAlpha = a + b * log(r) + c * pow(log(r), 2)
        let H = exp(lnAlpha) * pow(nabla, 1.0 / 3.0) * pow(y / pow(nabla, 1.0 / 3.0), n)
        return (H, 0.2 <= F && F <= 0.8)
    }

    static func pianc(_ s: Hull, V: Double, h: Double, y: Double) -> (H: Double, valid: Bool) {
        let Fh = V / (g * h).squareRoot()
        let FL = V / (g * s.L).squareRoot()
        return (1 * h * pow(y / h, -1.0 / 3.0) * pow(Fh, 4), Fh <= 0.7 && FL <= 0.7)
    }
}

extension Literal {
    /// Bisection for the root of a function that changes sign on [a, b] (independent of the
    /// kernel's Newton iterations).
    static func bisect(_ f: (Double) -> Double, _ a0: Double, _ b0: Double) -> Double {
        var (a, b) = (a0, b0)
        for _ in 0..<300 {
            let m = (a + b) / 2
            if f(a) * f(m) <= 0 { b = m } else { a = m }
        }
        return (a + b) / 2
    }

    /// docs/SCIENCE.md §5.1 and §5.3 for one speed, track depth and rider depth: the cusp waves at the track
    /// and the factor K = K_s K_r to the rider, with the rider's c_g, cos α_r and λ; nil where
    /// §8.5 gives none (supercritical, or the wave cannot turn into the rider's depth).
    static func transform(V: Double, hs: Double, hr: Double) -> (
        theta: Double, period: Double, K: Double, Ks: Double, Kr: Double, cg: Double, cosAlpha: Double, lambda: Double
    )? {
        let Fh = V / (g * hs).squareRoot()
        guard Fh < 1 else { return nil }
        let theta = 35.27 * (1 - exp(12 * (Fh - 1)))
        let c = V * cos(theta * Double.pi / 180)
        let k = bisect({ k in c * c - g / k * tanh(k * hs) }, 1e-9, 1e4)
        let T = 2 * Double.pi / (k * c)
        let cgs = 0.5 * (1 + 2 * k * hs / sinh(2 * k * hs)) * c
        let w = 2 * Double.pi / T
        let kr = bisect({ k in w * w - g * k * tanh(k * hr) }, 1e-9, 1e4)
        let cr = w / kr
        let cgr = 0.5 * (1 + 2 * kr * hr / sinh(2 * kr * hr)) * cr
        let alphaS = (90 - theta) * Double.pi / 180
        let sinAlphaR = cr / c * sin(alphaS)
        guard sinAlphaR < 1 else { return nil }
        let alphaR = asin(sinAlphaR)
        let Ks = (cgs / cgr).squareRoot()
        let Kr = (cos(alphaS) / cos(alphaR)).squareRoot()
        return (theta, T, Ks * Kr, Ks, Kr, cgr, cos(alphaR), 2 * Double.pi / kr)
    }

    /// A model's share of its weight: 1 inside [lo, hi], linear to 0 at lo − 0.1 lo and hi + 0.1 hi.
    static func share(_ x: Double, lo: Double?, hi: Double) -> Double {
        if let lo, x < lo { return max(0, 1 - (lo - x) / (0.1 * lo)) }
        if x > hi { return max(0, 1 - (x - hi) / (0.1 * hi)) }
        return 1
    }

    /// The ensemble at the track, written out: over the ensemble models (Kriebel & Seelig,
    /// Sorensen & Weggel) with a share, exp of the share-weighted mean of their log heights; nil
    /// with none, over a track that is not subcritical, or aground.
    static func ensemble(_ s: Hull, V: Double, h: Double, y: Double) -> Double? {
        guard V / (g * h).squareRoot() <= 0.7, h > s.T else { return nil }
        let ks = kriebelSeelig(s, V: V, h: h, y: y).H
        let sw = sorensenWeggel(s, V: V, h: h, y: y).H
        let FL = V / (g * s.L).squareRoot()
        let Fs = FL * exp(2.35 * (1 - s.CB) * s.T / h)
        let beta = 1 + 8 * pow(tanh(0.45 * (s.L / s.Le - 2)), 3)
        let wKS = share(Fs, lo: 0.1, hi: 0.5) * share(beta * pow(Fs - 0.1, 2), lo: nil, hi: 0.4)
        let wSW = share(FL, lo: 0.2, hi: 0.8)
        guard wKS + wSW > 0 else { return nil }
        let lnKS = wKS > 0 ? wKS * log(ks) : 0
        let lnSW = wSW > 0 ? wSW * log(sw) : 0
        return exp((lnKS + lnSW) / (wKS + wSW))
    }
}
