import Foundation
import LegacyWakeModel
import WakeKernelSupport

/// The three models, factored by what each term depends on so that a batch computes every
/// term once: per ship, per ship × speed, per ship × speed × track depth (a "row"), and the
/// distance factor last. H(y) is then
/// ```
/// Kriebel & Seelig   H = a_KS · y^(−1/3)      a_KS = (V²/g) β max(F* − 0.1, 0)² L^(1/3)
/// PIANC (DIPRO A)    H = a_P  · y^(−1/3)      a_P  = A (V²/g)² h_P^(−2/3)
/// Sorensen & Weggel  H = exp(a_SW + n ln y)   a_SW = ln α + (1 − n) ln ∇^(1/3)   (a reference)
/// ```
/// which is the published form rearranged (docs/SCIENCE.md §5.1):
/// ```
/// KS: F_L = V/√(gL); F* = F_L exp(2.35 (1 − C_B) T/h_KS); β = 1 + 8 tanh³(0.45 (L/L_e − 2));
///     H = (V²/g) β (F* − 0.1)² (y/L)^(−1/3);
///     valid for 0.1 ≤ F* ≤ 0.5 and β (F* − 0.1)² ≤ 0.4
/// P:  F_h = V/√(g h_P); H = A h_P (y/h_P)^(−1/3) F_h⁴, A = 0.28 T^1.25 (DIPRO, motor ships);
///     valid for F_h ≤ 0.7 and F_L ≤ 0.7
/// SW: F = V/√(gh) (depth Froude number, USACE CEM eq. II-7-22); ∇ = D/ρ_t; r = h/∇^(1/3);
///     F < 0.55: β_s = −0.225 F^(−0.699), δ = −0.118 F^(−0.356), else β_s = −0.342, δ = −0.146;
///     a = −0.6/F; b = 0.75 F^(−1.125); c = 2.653 F − 1.95; n = β_s r^δ;
///     ln α = a + b ln r + c (ln r)²; H = α ∇^(1/3) (y/∇^(1/3))^n; valid for 0.2 ≤ F ≤ 0.8
/// ```
/// with h_KS = max(h, h_0.7) and h_P = min(max(h, h_0.7), h_deep) (``DepthHolds``). The central
/// height is the weighted mean of ln H_KS and ln H_P (both ∝ y^(−1/3), so its log is c0 − ⅓ ln y);
/// Sorensen & Weggel is reported beside it, not in it (docs/SCIENCE.md §5.2).
struct ModelTerms {
    /// Per ship (or per variant of a ship's defaulted hull values).
    struct Ship {
        let lengthCubeRoot: Double
        let ksBeta: Double
        /// 2.35 (1 − C_B) T, m.
        let ksDepthTerm: Double
        let inverseSqrtGL: Double
        /// ln ∇^(1/3) (∇ in m³).
        let logCubeRootVolume: Double
        let cubeRootVolume: Double
        /// PIANC's hull-type coefficient A = 0.28 T^1.25 (DIPRO, motor ships; T in m).
        let piancA: Double
        /// 1/√(g ∇^(1/3)): the volumetric Froude number per m/s (``WakeDomain``).
        let inverseSqrtGCubeRootVolume: Double
        /// The ship's published top speed, km/h (``WakeHull/topSpeedKmh``).
        let topSpeedKmh: Double?
        /// ln of 1/√(gL), of L^(1/3), of β and of A: the log-space form of the terms above.
        let logInverseSqrtGL: Double
        let logLengthCubeRoot: Double
        let logKsBeta: Double
        let logPiancA: Double

        init(_ hull: WakeHull) {
            self.init(
                lengthM: hull.lengthM, displacementT: hull.displacementT, draftM: hull.draftM,
                blockCoefficient: hull.blockCoefficient, entranceLengthM: hull.entranceLengthM,
                topSpeedKmh: hull.topSpeedKmh)
        }

        init(
            lengthM: Double, displacementT: Double, draftM: Double, blockCoefficient: Double, entranceLengthM: Double,
            topSpeedKmh: Double? = nil
        ) {
            let g = PhysicalConstants.gravity
            lengthCubeRoot = cbrt(lengthM)
            let shape = tanh(0.45 * (lengthM / entranceLengthM - 2))
            ksBeta = 1 + 8 * shape * shape * shape
            ksDepthTerm = 2.35 * (1 - blockCoefficient) * draftM
            inverseSqrtGL = 1 / (g * lengthM).squareRoot()
            let volume = displacementT / WakeHull.freshWaterDensity
            cubeRootVolume = cbrt(volume)
            inverseSqrtGCubeRootVolume = 1 / (g * cubeRootVolume).squareRoot()
            self.topSpeedKmh = topSpeedKmh
            logCubeRootVolume = log(volume) / 3
            piancA = ModelTerms.piancCoefficient(draftM: draftM)
            logInverseSqrtGL = -0.5 * log(g * lengthM)
            logLengthCubeRoot = log(lengthM) / 3
            logKsBeta = log(ksBeta)
            logPiancA = log(piancA)
        }
    }

    /// DIPRO's coefficient for motor ships, A = 0.28 T^1.25 (T the draft, m); PIANC's A = 1 is
    /// the value for tugs and loaded conventional inland motor boats.
    static func piancCoefficient(draftM: Double) -> Double { 0.28 * pow(draftM, 1.25) }

    /// Per ship × speed.
    struct ShipSpeed {
        let speedMPerS: Double
        let froudeLength: Double
        let velocitySquaredOverG: Double

        init(_ ship: Ship, speedMPerS v: Double) {
            speedMPerS = v
            froudeLength = v * ship.inverseSqrtGL
            velocitySquaredOverG = v * v / PhysicalConstants.gravity
        }
    }

    /// Sorensen & Weggel's exponents for a depth Froude number F (docs/SCIENCE.md §5.1).
    struct SorensenWeggel {
        let beta: Double
        let delta: Double
        let a: Double
        let b: Double
        let c: Double
        let valid: Bool

        init<E: Exponential>(froudeDepth f: Double, logFroudeDepth logF: Double, _: E.Type) {
            // Powers of F as exp(k ln F): one log and the kernel's exp instead of three pow calls.
            if f < 0.55 {
                beta = -0.225 * E.exp(-0.699 * logF)
                delta = -0.118 * E.exp(-0.356 * logF)
            } else {
                beta = -0.342
                delta = -0.146
            }
            a = -0.6 / f
            b = 0.75 * E.exp(-1.125 * logF)
            c = 2.653 * f - 1.95
            valid = f >= 0.2 && f <= 0.8
        }

        /// (ln α + (1 − n) ln ∇^(1/3), n) at depth e^lnh: ln H = first + n ln y.
        func terms<E: Exponential>(_ ship: Ship, logDepth lnh: Double, _: E.Type) -> (
            logCoefficient: Double, exponent: Double
        ) {
            let logR = lnh - ship.logCubeRootVolume
            let n = beta * E.exp(delta * logR)
            let logAlpha = a + b * logR + c * logR * logR
            return (logAlpha + (1 - n) * ship.logCubeRootVolume, n)
        }
    }

    /// The log of the central height's distance-free coefficient, ln a = (w_KS ln a_KS + w_P ln a_P)
    /// / (w_KS + w_P): −∞ where Kriebel & Seelig gives no wave (F* ≤ 0.1) and carries weight.
    static func centralLog(ksCoefficient: Double, piancCoefficient: Double, weights: EnsembleWeights) -> Double {
        centralLog(logKS: log(ksCoefficient), logPIANC: log(piancCoefficient), weights: weights)
    }

    /// The same from the coefficients' logs (a row needs them again for its band).
    static func centralLog(logKS: Double, logPIANC: Double, weights: EnsembleWeights) -> Double {
        let (wK, wP) = (weights.kriebelSeelig, weights.pianc)
        let ks = wK > 0 ? wK * logKS : 0
        let p = wP > 0 ? wP * logPIANC : 0
        return (ks + p) / (wK + wP)
    }

    /// Kriebel & Seelig's and PIANC's distance-free coefficients at a track `h` deep (the held
    /// depths of ``DepthHolds``), and F* there.
    static func coefficients<E: Exponential>(_ ship: Ship, _ speed: ShipSpeed, trackDepthM h: Double, _: E.Type) -> (
        ks: Double, pianc: Double, fStar: Double
    ) {
        let held = heldDepths(h, velocitySquaredOverG: speed.velocitySquaredOverG)
        return coefficients(ship, speed, ksHoldM: held.ksHoldM, piancDivisor: held.piancDivisor, E.self)
    }

    /// The track's part of the two coefficients at a track `h` deep and V²/g = `v2g`: Kriebel &
    /// Seelig's held depth h_KS, m, and PIANC's divisor ∛(h_P²) of its held depth h_P, m^(2/3)
    /// (``DepthHolds``).
    static func heldDepths(_ h: Double, velocitySquaredOverG v2g: Double) -> (ksHoldM: Double, piancDivisor: Double) {
        let hP = DepthHolds.pianc(h, velocitySquaredOverG: v2g)
        return (DepthHolds.kriebelSeelig(h, velocitySquaredOverG: v2g), cbrt(hP * hP))
    }

    /// The same with the track's part given (``Track``: Kriebel & Seelig's held depth h_KS and
    /// PIANC's divisor ∛(h_P²)), as a grid computes it once per speed × track depth:
    /// a_KS = V²/g · β (F* − 0.1)₊² · ∛L with F* = F_L e^(2.35 (1 − C_B) T / h_KS), and
    /// a_P = A (V²/g)² / ∛(h_P²).
    static func coefficients<E: Exponential>(
        _ ship: Ship, _ speed: ShipSpeed, ksHoldM hKS: Double, piancDivisor: Double, _: E.Type
    ) -> (ks: Double, pianc: Double, fStar: Double) {
        let v2g = speed.velocitySquaredOverG
        let fStar = speed.froudeLength * E.exp(ship.ksDepthTerm / hKS)
        let excess = max(fStar - 0.1, 0)
        return (
            v2g * ship.ksBeta * excess * excess * ship.lengthCubeRoot, ship.piancA * v2g * v2g / piancDivisor, fStar
        )
    }

    /// What every ship shares at one speed over one track depth: the track's depth and its log,
    /// the depth Froude number, the models' held depths and Sorensen & Weggel's terms of F_h.
    /// A grid makes it once per speed × track depth instead of once per ship (the same
    /// operations on the same values: every figure keeps its bits).
    struct Track {
        let depthM: Double
        let logDepth: Double
        let froudeDepth: Double
        /// Kriebel & Seelig's held depth, m, and ∛(h_P²) of PIANC's, m^(2/3) (``heldDepths(_:velocitySquaredOverG:)``).
        let ksHoldM: Double
        let piancDivisor: Double
        /// ln(V²/g) and ln ∛(h_P²): the speed's and the track's parts of the coefficients' logs.
        let logVelocitySquaredOverG: Double
        let logPiancDivisor: Double
        let sorensenWeggel: SorensenWeggel

        /// - Parameters: `h` > 0 m, `fh` = V / √(g h), `v2g` = V²/g (m) of the speed.
        init(trackDepthM h: Double, froudeDepth fh: Double, velocitySquaredOverG v2g: Double) {
            depthM = h
            logDepth = log(h)
            froudeDepth = fh
            (ksHoldM, piancDivisor) = ModelTerms.heldDepths(h, velocitySquaredOverG: v2g)
            logVelocitySquaredOverG = log(v2g)
            logPiancDivisor = log(piancDivisor)
            sorensenWeggel = SorensenWeggel(froudeDepth: fh, logFroudeDepth: log(fh), KernelExponential.self)
        }
    }

    /// Per ship × speed × track depth: the distance-free coefficients, validity and the
    /// central height's log coefficient and uncertainty at the track.
    struct Row {
        var ksCoefficient: Double
        /// F* at the track's own depth (for validity and flags).
        var fStar: Double
        /// β (F* − 0.1)² at the track's own depth.
        var ksLoad: Double
        var swLogCoefficient: Double
        var swExponent: Double
        var piancCoefficient: Double
        var valid: UInt8
        /// ln of the central height's coefficient (NaN where there is none: aground or F_h ≥ 1).
        var centralLog: Double
        /// The central height's uncertainty at the track by cause (log half-widths), without the
        /// speed's (which the caller adds from heights at V ± σ).
        var uncertainty: HeightUncertainty
        /// Where the point stands against the members' fitted ranges (``WakeDomain``): beyond a
        /// limit there is no central height.
        var domain: WakeDomain

        /// This row carrying `other`'s wave (its members' coefficients, central height and band),
        /// with its own validity, F*, reference model and domain: over a trans-critical track, the
        /// ship's wave at the speed where F_h = 0.7 over the track, when that is the larger lower
        /// bound at the rider (``WakeEnsemble``).
        func carrying(_ other: Row) -> Row {
            var row = self
            row.ksCoefficient = other.ksCoefficient
            row.piancCoefficient = other.piancCoefficient
            row.centralLog = other.centralLog
            row.uncertainty = other.uncertainty
            return row
        }

        // Inlined where the rows are made (a call returns this large value through memory).
        @inline(__always)
        init(
            _ ship: Ship, _ speed: ShipSpeed, track: Track, variants: [HullVariant], aground: Bool,
            weights: EnsembleWeights
        ) {
            let (h, fh) = (track.depthM, track.froudeDepth)
            let (ks, pianc, fStarHeld) = ModelTerms.coefficients(
                ship, speed, ksHoldM: track.ksHoldM, piancDivisor: track.piancDivisor, KernelExponential.self)
            ksCoefficient = ks
            piancCoefficient = pianc
            // F* over the track itself: the held one when the track is not shallower than the hold.
            let fStar =
                track.ksHoldM == h ? fStarHeld : speed.froudeLength * EnsembleExp.exp(ship.ksDepthTerm / h)
            let excess = fStar - 0.1
            let load = ship.ksBeta * excess * excess
            self.fStar = fStar
            ksLoad = load
            let sw = track.sorensenWeggel
            (swLogCoefficient, swExponent) = sw.terms(ship, logDepth: track.logDepth, KernelExponential.self)
            valid =
                ModelTerms.validity(fStar: fStar, ksLoad: load, froudeDepth: fh, froudeLength: speed.froudeLength)
                | (sw.valid ? WakeModel.sorensenWeggel1984.bit : 0)
            domain = ModelTerms.domain(ship, speed, fStarHeld: fStarHeld)
            guard !aground, WakeRegime(froudeDepth: fh) != .supercritical, domain.standing != .outside else {
                centralLog = .nan
                uncertainty = HeightUncertainty()
                return
            }
            let (logKS, logPIANC) = (log(ks), log(pianc))
            let central = ModelTerms.centralLog(logKS: logKS, logPIANC: logPIANC, weights: weights)
            centralLog = central
            uncertainty = HeightUncertainty(central: central, logKS: logKS, logPIANC: logPIANC)
            guard !variants.isEmpty else { return }
            uncertainty = ModelTerms.widened(
                uncertainty, ship, speed, track: track, fStarHeld: fStarHeld, variants: variants, weights: weights)
        }
    }

    /// `uncertainty` widened by the hull variants, in log space term by term:
    /// ln a_KS = ln(V²/g) + ln β + 2 ln(F* − 0.1)₊ + ln ∛L and ln a_P = ln A + 2 ln(V²/g) − ln ∛(h_P²).
    /// A variant that keeps the ship's length and 2.35 (1 − C_B) T keeps its F*, so it needs no
    /// exp and no log (only β or A moved).
    @inline(never)
    static func widened(
        _ uncertainty: HeightUncertainty, _ ship: Ship, _ speed: ShipSpeed, track: Track, fStarHeld: Double,
        variants: [HullVariant], weights: EnsembleWeights
    ) -> HeightUncertainty {
        var uncertainty = uncertainty
        let logExcess = log(max(fStarHeld - 0.1, 0))
        let base = centralLog(ship, track: track, logExcess: logExcess, weights: weights)
        for variant in variants {
            let other = variant.ship
            var otherExcess = logExcess
            if other.inverseSqrtGL != ship.inverseSqrtGL || other.ksDepthTerm != ship.ksDepthTerm {
                let froude = speed.speedMPerS * other.inverseSqrtGL
                let otherStar = froude * EnsembleExp.exp(other.ksDepthTerm / track.ksHoldM)
                otherExcess = log(max(otherStar - 0.1, 0))
            }
            let value = centralLog(other, track: track, logExcess: otherExcess, weights: weights)
            uncertainty.widen(variant.cause, by: value - base)
        }
        return uncertainty
    }

    /// The central height's log coefficient from ln(F* − 0.1)₊ at the held depth, in log space:
    /// ln a_KS = ln(V²/g) + ln β + 2 ln(F* − 0.1)₊ + ln ∛L, ln a_P = ln A + 2 ln(V²/g) − ln ∛(h_P²).
    static func centralLog(_ ship: Ship, track: Track, logExcess: Double, weights: EnsembleWeights) -> Double {
        let logV2g = track.logVelocitySquaredOverG
        return centralLog(
            logKS: logV2g + ship.logKsBeta + 2 * logExcess + ship.logLengthCubeRoot,
            logPIANC: ship.logPiancA + 2 * logV2g - track.logPiancDivisor, weights: weights)
    }

    /// Where the point stands against the members' fitted ranges and the ship's own limits
    /// (``WakeDomain``), from Kriebel & Seelig's F* as its height is computed.
    static func domain(_ ship: Ship, _ speed: ShipSpeed, fStarHeld: Double) -> WakeDomain {
        WakeDomain(
            fStar: fStarHeld, ksBeta: ship.ksBeta, froudeLength: speed.froudeLength,
            volumetricFroude: speed.speedMPerS * ship.inverseSqrtGCubeRootVolume,
            speedKmh: speed.speedMPerS * PhysicalConstants.kmhPerMetrePerSecond, topSpeedKmh: ship.topSpeedKmh)
    }

    /// The validity bits of Kriebel & Seelig and PIANC at the track's own depth.
    static func validity(fStar: Double, ksLoad: Double, froudeDepth fh: Double, froudeLength fl: Double) -> UInt8 {
        var valid: UInt8 = 0
        if fStar >= 0.1 && fStar <= 0.5 && ksLoad <= 0.4 { valid |= WakeModel.kriebelSeelig2005.bit }
        if fh <= 0.7 && fl <= 0.7 { valid |= WakeModel.pianc1987.bit }
        return valid
    }
}

extension ModelTerms {
    /// The three models' log heights and the central height's at one point, in log space
    /// throughout (docs/SCIENCE.md §5.1 with the logs taken term by term), from ln V, ln h and
    /// ln y already known, with the validity bits of ``Row``. Comparing the models with
    /// observations needs only logs, so no height is exponentiated to be logged again. The
    /// central log is nil over a supercritical track, for an aground hull and outside the
    /// domain (``WakeDomain``).
    static func logHeights(
        _ ship: Ship, speedMPerS v: Double, logSpeed lnV: Double, trackDepthM h: Double, logDepth lnh: Double,
        logDistance lny: Double, aground: Bool, weights: EnsembleWeights
    ) -> (ks: Double, sw: Double, pianc: Double, valid: UInt8, central: Double?) {
        let speed = ShipSpeed(ship, speedMPerS: v)
        // Log heights compared with observations need not match the kernel's bits: the C
        // library's exp (inlined, FMA) is the faster one here.
        let (ksCoefficient, piancCoefficient, fStarHeld) = coefficients(
            ship, speed, trackDepthM: h, LibraryExponential.self)
        let ks = log(ksCoefficient) - lny / 3
        let pianc = log(piancCoefficient) - lny / 3
        let lng = log(PhysicalConstants.gravity)
        let logFh = lnV - 0.5 * (lng + lnh)
        let fh = Foundation.exp(logFh)
        let sw = SorensenWeggel(froudeDepth: fh, logFroudeDepth: logFh, LibraryExponential.self)
        let (swCoefficient, n) = sw.terms(ship, logDepth: lnh, LibraryExponential.self)
        let fStar = speed.froudeLength * Foundation.exp(ship.ksDepthTerm / h)
        let excess = fStar - 0.1
        let valid =
            validity(
                fStar: fStar, ksLoad: ship.ksBeta * excess * excess, froudeDepth: fh, froudeLength: speed.froudeLength)
            | (sw.valid ? WakeModel.sorensenWeggel1984.bit : 0)
        let central: Double? =
            aground || WakeRegime(froudeDepth: fh) == .supercritical
                || domain(ship, speed, fStarHeld: fStarHeld).standing == .outside
            ? nil
            : centralLog(ksCoefficient: ksCoefficient, piancCoefficient: piancCoefficient, weights: weights) - lny / 3
        return (ks, swCoefficient + n * lny, pianc, valid, central)
    }
}
