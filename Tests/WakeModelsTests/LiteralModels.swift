import Foundation

/// DOMAIN.md §8, transcribed literally, one point at a time: the oracle the batch is checked
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

    static func sorensenWeggel(_ s: Hull, V: Double, h: Double, y: Double) -> (H: Double, valid: Bool) {
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
