import Foundation

/// A literal transcription of `vesseldata.py`'s formulas (docs/SCIENCE.md §1), one ship at a time,
/// in plain scalar code: the independent reference the BLAS batch is checked against.
struct LegacyScalarModel {
    let g = 9.81, rho = 1000.0, nu = 1.0e-6

    func evaluate(length L: Double, beam B: Double, displacement D: Double, speedKmh: Double, depth h: Double)
        -> (
            H: Double, lambda: Double, T: Double, c: Double, E: Double, P: Double, F: Double, frL: Double, frH: Double,
            re: Double, rating: Int
        )
    {
        let v = speedKmh / 3.6
        let frL = v / sqrt(g * L)
        let frH = v / sqrt(g * h)
        let re = L * v / nu
        let cH = frL < 0.4 ? 0.04 : 0.02
        var H = cH * D * v * v / (L * B)
        if frH > 0.7 { H *= 1 + (frH - 0.7) }
        let lambda = 2 * Double.pi * v * v / g
        let T = sqrt(2 * Double.pi * lambda / g)
        let c = lambda / T
        let E = rho * g * H * H / 8
        let P = E * c
        let F = rho * g * H * c * c / 2
        let ratingE = E > 250 ? 3 : E > 150 ? 2 : 1
        let ratingF = F > 55000 ? 3 : F > 45000 ? 2 : 1
        return (H, lambda, T, c, E, P, F, frL, frH, re, max(ratingE, ratingF))
    }
}

func relativelyEqual(_ a: Double, _ b: Double, tolerance: Double = 1e-12) -> Bool {
    a == b || abs(a - b) <= tolerance * max(abs(a), abs(b))
}
