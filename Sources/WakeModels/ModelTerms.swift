import Foundation
import LegacyWakeModel
import WakeKernelSupport

/// The three models, factored by what each term depends on so that a batch computes every
/// term once: per ship, per ship × speed, per ship × speed × depth (a "row"), and the distance
/// factor last. H(y) is then
/// ```
/// Kriebel & Seelig   H = a_KS · y^(−1/3)           a_KS = (V²/g) β (F* − 0.1)² L^(1/3)
/// Sorensen & Weggel  H = exp(a_SW + n ln y)         a_SW = ln α + (1 − n) ln ∇^(1/3)
/// PIANC              H = a_P · y^(−1/3)            a_P  = A h^(4/3) F_h⁴
/// ```
/// which is the published form rearranged (docs/SCIENCE.md §5.1):
/// ```
/// KS:  F_L = V/√(gL); F* = F_L exp(2.35 (1 − C_B) T/h); β = 1 + 8 tanh³(0.45 (L/L_e − 2));
///      H = (V²/g) β (F* − 0.1)² (y/L)^(−1/3);  valid for 0.1 ≤ F* ≤ 0.5 and β (F* − 0.1)² ≤ 0.4
/// SW:  F = F_L; ∇ = D/ρ_t; r = min(h, h_deep)/∇^(1/3) (``SorensenWeggelDepth``); F < 0.55: β_s = −0.225 F^(−0.699), δ = −0.118 F^(−0.356),
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
        /// ln of 1/√(gL), of L^(1/3) and of β: the log-space form of the terms above.
        let logInverseSqrtGL: Double
        let logLengthCubeRoot: Double
        let logKsBeta: Double

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
            logInverseSqrtGL = -0.5 * log(g * hull.lengthM)
            logLengthCubeRoot = log(hull.lengthM) / 3
            logKsBeta = log(ksBeta)
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
            self.init(ship, speedMPerS: v, logFroudeLength: log(v * ship.inverseSqrtGL), KernelExponential.self)
        }

        /// With ln F_L already known (the calibration has ln V), and the exponential to use.
        init<E: Exponential>(_ ship: Ship, speedMPerS v: Double, logFroudeLength logF: Double, _: E.Type) {
            let f = v * ship.inverseSqrtGL
            froudeLength = f
            velocitySquaredOverG = v * v / PhysicalConstants.gravity
            // Powers of F as exp(k ln F): one log and the kernel's exp instead of three pow calls.
            if f < 0.55 {
                swBeta = -0.225 * E.exp(-0.699 * logF)
                swDelta = -0.118 * E.exp(-0.356 * logF)
            } else {
                swBeta = -0.342
                swDelta = -0.146
            }
            swA = -0.6 / f
            swB = 0.75 * E.exp(-1.125 * logF)
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
        /// Each ensemble model's share (0…1): 1 inside its published range, fading linearly to 0
        /// over the tenth of each bound beyond it (``ValidityTaper``).
        var ksTaper: Double
        var swTaper: Double

        init(_ ship: Ship, _ shipSpeed: ShipSpeed, depthM h: Double, froudeDepth fh: Double) {
            let fStar = shipSpeed.froudeLength * EnsembleExp.exp(ship.ksDepthTerm / h)
            let excess = fStar - 0.1
            let load = ship.ksBeta * excess * excess
            self.fStar = fStar
            ksLoad = load
            ksCoefficient = shipSpeed.velocitySquaredOverG * load * ship.lengthCubeRoot
            let lnHeld = SorensenWeggelDepth.heldLogDepth(log(h), velocitySquaredOverG: shipSpeed.velocitySquaredOverG)
            (swLogCoefficient, swExponent) = SorensenWeggelDepth.terms(
                ship, shipSpeed, logDepth: lnHeld, KernelExponential.self)
            let fh2 = fh * fh
            piancCoefficient = h * cbrt(h) * fh2 * fh2
            var valid: UInt8 = 0
            if fStar >= 0.1 && fStar <= 0.5 && load <= 0.4 { valid |= WakeModel.kriebelSeelig2005.bit }
            if shipSpeed.swValid { valid |= WakeModel.sorensenWeggel1984.bit }
            if fh <= 0.7 && shipSpeed.froudeLength <= 0.7 { valid |= WakeModel.pianc1987.bit }
            self.valid = valid
            ksTaper = ValidityTaper.share(fStar, in: 0.1...0.5) * ValidityTaper.share(load, atMost: 0.4)
            swTaper = ValidityTaper.share(shipSpeed.froudeLength, in: 0.2...0.8)
        }

        /// The ensemble models' shares here, as a mask (a bit for each model with a share above 0).
        var taperMask: UInt8 {
            (ksTaper > 0 ? WakeModel.kriebelSeelig2005.bit : 0) | (swTaper > 0 ? WakeModel.sorensenWeggel1984.bit : 0)
        }

        /// The log of the ensemble height at the track as c0 + c1 ln y: the weighted mean of the
        /// log heights of the models in `mask` (bit 0 Kriebel & Seelig, ln H = ln a_KS − ⅓ ln y;
        /// bit 1 Sorensen & Weggel, ln H = a_SW + n ln y), each weighed by its weight times its
        /// share; NaN for an empty mask.
        func ensembleLog(mask: UInt8, weights: EnsembleWeights) -> (c0: Double, c1: Double) {
            let useKS = mask & WakeModel.kriebelSeelig2005.bit != 0
            let useSW = mask & WakeModel.sorensenWeggel1984.bit != 0
            let wKS = useKS ? weights.kriebelSeelig * ksTaper : 0
            let wSW = useSW ? weights.sorensenWeggel * swTaper : 0
            let total = wKS + wSW
            guard total > 0 else { return (.nan, .nan) }
            let (a, b) = (wKS / total, wSW / total)
            // Only the terms of models in the mask: an unused model's coefficient may be infinite.
            let ks = useKS ? (a * log(ksCoefficient), -a / 3) : (0, 0)
            let sw = useSW ? (b * swLogCoefficient, b * swExponent) : (0, 0)
            return (ks.0 + sw.0, ks.1 + sw.1)
        }
    }
}

extension ModelTerms {
    /// The three models' log heights at one point, in log space throughout (docs/SCIENCE.md §5.1 with the
    /// logs taken term by term), from ln V, ln h and ln y already known:
    /// ```
    /// ln H_KS = 2 ln V − ln g + ln β + 2 ln|F* − 0.1| + ⅓ ln L − ⅓ ln y
    /// ln H_SW = ln α + (1 − n) ln ∇^(1/3) + n ln y
    /// ln H_P  = (4/3) ln h + 4 ln F_h − ⅓ ln y,     ln F_h = ln V − ½ (ln g + ln h)
    /// ```
    /// with the validity bits of ``Row``. Comparing the models with observations needs only logs,
    /// so no height is exponentiated to be logged again.
    static func logHeights(
        _ ship: Ship, speedMPerS v: Double, logSpeed lnV: Double, depthM h: Double, logDepth lnh: Double,
        logDistance lny: Double
    ) -> (ks: Double, sw: Double, pianc: Double, valid: UInt8, ksShare: Double, swShare: Double, subcritical: Bool) {
        let lng = log(PhysicalConstants.gravity)
        let logF = lnV + ship.logInverseSqrtGL
        // Log heights compared with observations need not match the kernel's bits: the C
        // library's exp (inlined, FMA) is the faster one here.
        let speed = ShipSpeed(ship, speedMPerS: v, logFroudeLength: logF, LibraryExponential.self)
        let fStar = speed.froudeLength * Foundation.exp(ship.ksDepthTerm / h)
        let excess = fStar - 0.1
        let load = ship.ksBeta * excess * excess
        let ks = 2 * lnV - lng + ship.logKsBeta + 2 * log(abs(excess)) + ship.logLengthCubeRoot - lny / 3
        let lnHeld = SorensenWeggelDepth.heldLogDepth(lnh, velocitySquaredOverG: speed.velocitySquaredOverG)
        let (swCoefficient, n) = SorensenWeggelDepth.terms(ship, speed, logDepth: lnHeld, LibraryExponential.self)
        let sw = swCoefficient + n * lny
        let logFh = lnV - 0.5 * (lng + lnh)
        let pianc = 4.0 / 3.0 * lnh + 4 * logFh - lny / 3
        let fh = v / (PhysicalConstants.gravity * h).squareRoot()
        var valid: UInt8 = 0
        if fStar >= 0.1 && fStar <= 0.5 && load <= 0.4 { valid |= WakeModel.kriebelSeelig2005.bit }
        if speed.swValid { valid |= WakeModel.sorensenWeggel1984.bit }
        if fh <= 0.7 && speed.froudeLength <= 0.7 { valid |= WakeModel.pianc1987.bit }
        let ksShare = ValidityTaper.share(fStar, in: 0.1...0.5) * ValidityTaper.share(load, atMost: 0.4)
        let swShare = ValidityTaper.share(speed.froudeLength, in: 0.2...0.8)
        return (ks, sw, pianc, valid, ksShare, swShare, WakeRegime(froudeDepth: fh) == .subcritical)
    }
}
