import Foundation
import WakePhysics

/// The three models, factored by what each term depends on so that a batch computes every
/// term once: per ship, per ship × speed, per ship × speed × depth (a "row"), and the distance
/// factor last. H(y) is then
/// ```
/// Kriebel & Seelig   H = a_KS · y^(−1/3)           a_KS = (V²/g) β (F* − 0.1)² L^(1/3)
/// Sorensen & Weggel  H = exp(a_SW + n ln y)         a_SW = ln α + (1 − n) ln ∇^(1/3)
/// PIANC              H = a_P · y^(−1/3)            a_P  = A h^(4/3) F_h⁴
/// ```
/// which is the published form rearranged (DOMAIN §8.1):
/// ```
/// KS:  F_L = V/√(gL); F* = F_L exp(2.35 (1 − C_B) T/h); β = 1 + 8 tanh³(0.45 (L/L_e − 2));
///      H = (V²/g) β (F* − 0.1)² (y/L)^(−1/3);  valid for 0.1 ≤ F* ≤ 0.5 and β (F* − 0.1)² ≤ 0.4
/// SW:  F = F_L; ∇ = D/ρ_t; r = h/∇^(1/3); F < 0.55: β_s = −0.225 F^(−0.699), δ = −0.118 F^(−0.356),
///      else β_s = −0.342, δ = −0.146; a = −0.6/F; b = 0.75 F^(−1.125); c = 2.653 F − 1.95;
///      n = β_s r^δ; ln α = a + b ln r + c (ln r)²;  H = α ∇^(1/3) (y/∇^(1/3))^n;  valid for 0.2 ≤ F ≤ 0.8
/// PIANC: F_h = V/√(gh); H = A h (y/h)^(−1/3) F_h⁴, A = 1;  valid for F_h ≤ 0.7 and F_L ≤ 0.7
/// ```
struct ModelTerms {
    /// Per ship.
    struct Ship {
        let lengthCubeRoot: Double
        let ksBeta: Double
        /// 2.35 (1 − C_B) T, m.
        let ksDepthTerm: Double
        let inverseSqrtGL: Double
        /// ln ∇^(1/3) (∇ in m³).
        let logCubeRootVolume: Double
        let cubeRootVolume: Double

        init(_ hull: WakeHull) {
            let g = PhysicalConstants.gravity
            lengthCubeRoot = cbrt(hull.lengthM)
            let shape = tanh(0.45 * (hull.lengthM / hull.entranceLengthM - 2))
            ksBeta = 1 + 8 * shape * shape * shape
            ksDepthTerm = 2.35 * (1 - hull.blockCoefficient) * hull.draftM
            inverseSqrtGL = 1 / (g * hull.lengthM).squareRoot()
            let volume = hull.displacementT / WakeHull.freshWaterDensity
            cubeRootVolume = cbrt(volume)
            logCubeRootVolume = log(volume) / 3
        }
    }

    /// Per ship × speed.
    struct ShipSpeed {
        let froudeLength: Double
        let velocitySquaredOverG: Double
        let swBeta: Double
        let swDelta: Double
        let swA: Double
        let swB: Double
        let swC: Double
        let swValid: Bool

        init(_ ship: Ship, speedMPerS v: Double) {
            let f = v * ship.inverseSqrtGL
            froudeLength = f
            velocitySquaredOverG = v * v / PhysicalConstants.gravity
            // Powers of F as exp(k ln F): one log and the kernel's exp instead of three pow calls.
            let logF = log(f)
            if f < 0.55 {
                swBeta = -0.225 * EnsembleExp.exp(-0.699 * logF)
                swDelta = -0.118 * EnsembleExp.exp(-0.356 * logF)
            } else {
                swBeta = -0.342
                swDelta = -0.146
            }
            swA = -0.6 / f
            swB = 0.75 * EnsembleExp.exp(-1.125 * logF)
            swC = 2.653 * f - 1.95
            swValid = f >= 0.2 && f <= 0.8
        }
    }

    /// Per ship × speed × depth: the distance-free coefficients and validity.
    struct Row {
        var ksCoefficient: Double
        var fStar: Double
        var ksLoad: Double
        var swLogCoefficient: Double
        var swExponent: Double
        var piancCoefficient: Double
        var valid: UInt8

        init(_ ship: Ship, _ shipSpeed: ShipSpeed, depthM h: Double, froudeDepth fh: Double) {
            let fStar = shipSpeed.froudeLength * EnsembleExp.exp(ship.ksDepthTerm / h)
            let excess = fStar - 0.1
            let load = ship.ksBeta * excess * excess
            self.fStar = fStar
            ksLoad = load
            ksCoefficient = shipSpeed.velocitySquaredOverG * load * ship.lengthCubeRoot
            let logR = log(h) - ship.logCubeRootVolume
            let n = shipSpeed.swBeta * EnsembleExp.exp(shipSpeed.swDelta * logR)
            let logAlpha = shipSpeed.swA + shipSpeed.swB * logR + shipSpeed.swC * logR * logR
            swExponent = n
            swLogCoefficient = logAlpha + (1 - n) * ship.logCubeRootVolume
            let fh2 = fh * fh
            piancCoefficient = h * cbrt(h) * fh2 * fh2
            var valid: UInt8 = 0
            if fStar >= 0.1 && fStar <= 0.5 && load <= 0.4 { valid |= WakeModel.kriebelSeelig2005.bit }
            if shipSpeed.swValid { valid |= WakeModel.sorensenWeggel1984.bit }
            if fh <= 0.7 && shipSpeed.froudeLength <= 0.7 { valid |= WakeModel.pianc1987.bit }
            self.valid = valid
        }
    }
}
