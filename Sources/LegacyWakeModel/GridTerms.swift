internal import CBLAS
import Foundation
import WakeKernelSupport
import WaveRating

/// The terms of a grid that are not per cell: per speed (λ, T, c), per ship × speed (Fr_L, Re,
/// H₀) and per speed × depth (Fr_h, the shallow-water factor f).
struct GridTerms {
    let wavelength, period, celerity: [Double]
    let froudeLength, reynolds, baseHeight: [Double]
    let froudeDepth, shallowFactor: [Double]

    init(hulls: HullDimensions, speedsKmh: [Double], trackDepthsM: [Double], threads: Int) {
        precondition(threads >= 1, "at least one thread")
        precondition(speedsKmh.allSatisfy { $0.isFinite && $0 >= 0 }, "speeds must be finite and ≥ 0")
        precondition(trackDepthsM.allSatisfy { $0.isFinite && $0 > 0 }, "depths must be finite and > 0")
        let g = PhysicalConstants.gravity
        let n = hulls.count

        // Speed-only terms.
        let v = speedsKmh.map { $0 / PhysicalConstants.kmhPerMetrePerSecond }
        let vSquared = elementwiseProduct(v, v)
        let lambda = vSquared.map { 2 * Double.pi * $0 / g }
        let period = lambda.map { (2 * Double.pi * $0 / g).squareRoot() }
        wavelength = lambda
        self.period = period
        celerity = zip(lambda, period).map { $1 > 0 ? $0 / $1 : 0 }

        // Ship × speed terms.
        let inverseSqrtGL = hulls.lengthM.map { 1 / (g * $0).squareRoot() }
        let froudeLength = outerProduct(inverseSqrtGL, v)
        self.froudeLength = froudeLength
        reynolds = outerProduct(hulls.lengthM, v, scale: 1 / PhysicalConstants.kinematicViscosity)
        let loading = (0..<n).map { hulls.displacementT[$0] / (hulls.lengthM[$0] * hulls.beamM[$0]) }
        var baseHeight = outerProduct(loading, vSquared)
        for index in baseHeight.indices {
            baseHeight[index] *= froudeLength[index] < 0.4 ? 0.04 : 0.02
        }
        self.baseHeight = baseHeight

        // Speed × depth terms: Fr_h and the shallow-water factor f.
        let inverseSqrtGH = trackDepthsM.map { 1 / (g * $0).squareRoot() }
        let froudeDepth = outerProduct(v, inverseSqrtGH)
        self.froudeDepth = froudeDepth
        shallowFactor = froudeDepth.map { $0 > 0.7 ? 1 + ($0 - 0.7) : 1 }
    }
}
