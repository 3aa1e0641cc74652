import Foundation

/// docs/SCIENCE.md §5 (the domain notes' §8), transcribed literally, one point at a time: the oracle the batch is checked
/// against. Deliberately unfactored (no shared terms with the kernel).
enum Literal {
    static let g = 9.81

    struct Hull {
        var L: Double, B: Double, D: Double, T: Double, CB: Double, Le: Double
        /// Which values were defaulted (the band's hull causes) and whether the draft was given.
        var entranceDefault = false, blockDefault = false, draftGiven = true
        /// The published top speed, km/h.
        var top: Double? = nil
    }

    /// docs/SCIENCE.md §5.2's domain, the table written out: Kriebel & Seelig's F* (at its held
    /// depth) up to 0.6 and β (F* − 0.1)² up to 0.625, F_L up to 0.875, under a volumetric Froude
    /// number of 3, and no faster than 1.25 times a published top speed.
    static func inDomain(_ s: Hull, V: Double, h: Double) -> Bool {
        let FL = V / (g * s.L).squareRoot()
        let beta = 1 + 8 * pow(tanh(0.45 * (s.L / s.Le - 2)), 3)
        let Fs = FL * exp(2.35 * (1 - s.CB) * s.T / max(h, h07(V)))
        let load = Fs > 0.1 ? beta * pow(Fs - 0.1, 2) : 0
        let Fv = V / (g * pow(s.D / 1.0, 1.0 / 3.0)).squareRoot()
        return Fs <= 0.6 && load <= 0.625 && FL <= 0.875 && Fv < 3 && (s.top.map { V * 3.6 <= 1.25 * $0 } ?? true)
    }

    /// The depth where F_h = 0.7 (trans-critical tracks count as this deep), and half the
    /// transverse wave's length (PIANC counts deeper tracks as this deep).
    static func h07(_ V: Double) -> Double { V * V / (g * 0.49) }
    static func hDeep(_ V: Double) -> Double { Double.pi * V * V / g }

    static func kriebelSeelig(_ s: Hull, V: Double, h: Double, y: Double) -> (H: Double, valid: Bool) {
        let FL = V / (g * s.L).squareRoot()
        let alpha = 2.35 * (1 - s.CB)
        let beta = 1 + 8 * pow(tanh(0.45 * (s.L / s.Le - 2)), 3)
        let Fs = FL * exp(alpha * s.T / h)  // at the track's own depth: the validity
        let FsUsed = FL * exp(alpha * s.T / max(h, h07(V)))
        let H = (V * V / g) * beta * pow(max(FsUsed - 0.1, 0), 2) * pow(y / s.L, -1.0 / 3.0)
        return (H, 0.1 <= Fs && Fs <= 0.5 && beta * pow(Fs - 0.1, 2) <= 0.4)
    }

    /// As published, with the depth Froude number (USACE CEM eq. II-7-22).
    static func sorensenWeggel(_ s: Hull, V: Double, h: Double, y: Double) -> (H: Double, valid: Bool) {
        let F = V / (g * h).squareRoot()
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

    /// With DIPRO's motor-ship coefficient A = 0.28 T^1.25, at min(max(h, h_0.7), h_deep).
    static func pianc(_ s: Hull, V: Double, h: Double, y: Double) -> (H: Double, valid: Bool) {
        let hu = min(max(h, h07(V)), hDeep(V))
        let Fh = V / (g * hu).squareRoot()
        let FL = V / (g * s.L).squareRoot()
        let A = 0.28 * pow(s.T, 1.25)
        return (A * hu * pow(y / hu, -1.0 / 3.0) * pow(Fh, 4), V / (g * h).squareRoot() <= 0.7 && FL <= 0.7)
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

    /// docs/SCIENCE.md §5.1 and §5.4 for one speed, track depth and rider depth: the cusp waves at the track
    /// (over a trans-critical track, at h_0.7, where the height is held)
    /// and the factor K = K_s K_r to the rider, with the rider's c_g, cos α_r and λ; nil where
    /// §8.5 gives none (supercritical, or the wave cannot turn into the rider's depth).
    static func transform(V: Double, hs: Double, hr: Double) -> (
        theta: Double, period: Double, K: Double, Ks: Double, Kr: Double, cg: Double, cosAlpha: Double, lambda: Double
    )? {
        guard V / (g * hs).squareRoot() < 1 else { return nil }
        // The wave whose height is given: over a trans-critical track the one over h_0.7.
        let hs = max(hs, h07(V))
        let Fh = V / (g * hs).squareRoot()
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

    /// The speed whose wave a point carries (docs/SCIENCE.md §5.1): over a trans-critical track
    /// (0.7 ≤ F_h < 1), of the ship's wave at V over the depth where F_h = 0.7 and its wave at
    /// 0.7 √(g h) over the track itself, the one larger at the rider (before breaking); else V.
    static func carriedSpeed(_ s: Hull, V: Double, hs: Double, hr: Double, y: Double) -> Double {
        let Fh = V / (g * hs).squareRoot()
        guard Fh >= 0.7, Fh < 1, let a = ensemble(s, V: V, h: hs, y: y) else { return V }
        let Vs = 0.7 * (g * hs).squareRoot()
        let b = (kriebelSeelig(s, V: Vs, h: hs, y: y).H * pianc(s, V: Vs, h: hs, y: y).H).squareRoot()
        guard let tb = transform(V: Vs, hs: hs, hr: hr) else { return V }
        let ka = transform(V: V, hs: hs, hr: hr)?.K ?? 0
        return b * tb.K > a * ka ? Vs : V
    }

    /// The central height at the track, written out: the geometric mean of Kriebel & Seelig and
    /// PIANC; nil over a supercritical track or an aground hull.
    static func ensemble(_ s: Hull, V: Double, h: Double, y: Double) -> Double? {
        guard V / (g * h).squareRoot() < 1, h > s.T, inDomain(s, V: V, h: h) else { return nil }
        return (kriebelSeelig(s, V: V, h: h, y: y).H * pianc(s, V: V, h: h, y: y).H).squareRoot()
    }

    /// The hull with one value moved (literally, as docs/SCIENCE.md §5.3 says).
    static func variants(_ s: Hull) -> [Hull] {
        var out: [Hull] = []
        func with(L: Double? = nil, CB: Double? = nil, ratio: Double? = nil) -> Hull {
            var v = s
            v.L = L ?? s.L
            v.CB = CB ?? s.CB
            if !s.draftGiven { v.T = s.D / (v.CB * v.L * s.B) }
            v.Le = s.entranceDefault ? v.L / (ratio ?? 3.2) : min(s.Le, v.L)
            return v
        }
        if s.entranceDefault { out += [with(ratio: 2.5), with(ratio: 4)] }
        if s.blockDefault { out += [with(CB: 0.45), with(CB: 0.65)] }
        out.append(with(L: 0.9 * s.L))
        return out
    }

    /// The band's log half-widths at the track (without a speed spread): the models' part and
    /// each hull cause's, each counted up to ln 3, added in quadrature. (The band also spans both
    /// members: see `WakeEnsembleTests.check`.)
    static func band(_ s: Hull, V: Double, h: Double, y: Double, domainOf V0: Double? = nil) -> (
        lower: Double, upper: Double
    )? {
        guard ensemble(s, V: V0 ?? V, h: h, y: y) != nil else { return nil }
        let c = (kriebelSeelig(s, V: V, h: h, y: y).H * pianc(s, V: V, h: h, y: y).H).squareRoot()
        guard c > 0 else { return nil }
        let ks = kriebelSeelig(s, V: V, h: h, y: y).H
        let p = pianc(s, V: V, h: h, y: y).H
        func counted(_ x: Double) -> Double { x.isFinite ? min(x, log(3.0)) : x }
        var parts: [(Double, Double)] = [(counted(log(c) - log(min(ks, p))), counted(log(max(ks, p)) - log(c)))]
        let vs = variants(s)
        var i = 0
        func part(_ hulls: [Hull]) -> (Double, Double) {
            // A variant is taken by its two members (the central height's rule), whatever the domain.
            let d = hulls.map {
                log((kriebelSeelig($0, V: V, h: h, y: y).H * pianc($0, V: V, h: h, y: y).H).squareRoot()) - log(c)
            }
            return (counted(max(0, -(d.min()!))), counted(max(0, d.max()!)))
        }
        if s.entranceDefault {
            parts.append(part(Array(vs[i..<(i + 2)])))
            i += 2
        }
        if s.blockDefault {
            parts.append(part(Array(vs[i..<(i + 2)])))
            i += 2
        }
        parts.append(part([vs[i]]))
        let lower = parts.map { $0.0 * $0.0 }.reduce(0, +).squareRoot()
        let upper = parts.map { $0.1 * $0.1 }.reduce(0, +).squareRoot()
        return (lower, upper)
    }
}
