internal import CBLAS
import Foundation
public import WakeKernelSupport
public import WaveRating

/// The legacy wake model (`vesseldata.py`) evaluated for ships × speeds × depths in one batch.
///
/// For ship `i` (L, B, D), speed `j` (v = speed_kmh / 3.6) and depth `k` (h):
///
/// ```
/// Fr_L = v / √(g L)            Fr_h = v / √(g h)            Re = L v / ν
/// H    = c_H · D · v² / (L B),  c_H = 0.04 if Fr_L < 0.4 else 0.02
/// H   *= 1 + (Fr_h − 0.7)       only if Fr_h > 0.7   (shallow-water correction)
/// λ    = 2π v² / g     T = √(2π λ / g)     c = λ / T
/// E    = ρ g H² / 8    P = E c             F = ρ g H c² / 2
/// ```
///
/// Every term is separable: H = H₀(ship, speed) · f(speed, depth), so the height grid is, per
/// speed, one rank-1 outer product over ships × depths (BLAS `dger`), and the ship × speed
/// terms (Fr_L, Re, H₀) and speed × depth terms (Fr_h, f) are outer products too. E, P, F
/// and the rating follow from H cell by cell (``WakeCells``): the kernel is bound by writing
/// its 33 bytes per cell, so each output is written exactly once. Arrays keep their natural
/// shape (structure of arrays); nothing is broadcast needlessly.
///
/// Units: L, B in m; D in metric tonnes (the formula is the legacy empirical one, not
/// dimensionally consistent); speeds in km/h (≥ 0); depths in m (> 0).
@_spi(Benchmarks) public struct WakeGrid: Sendable {
    public let hulls: HullDimensions
    public let speedsKmh: [Double]
    public let trackDepthsM: [Double]
    public let thresholds: RatingThresholds

    public var shipCount: Int { hulls.count }
    @usableFromInline package var speedCount: Int { speedsKmh.count }
    @usableFromInline package var depthCount: Int { trackDepthsM.count }
    public var cellCount: Int { shipCount * speedCount * depthCount }

    /// Per speed `j`: λ (m), T (s), c (m/s).
    public let wavelengthM: [Double]
    public let periodS: [Double]
    public let celerityMPerS: [Double]
    /// Per ship × speed, index `i * speedCount + j`.
    public let froudeLength: [Double]
    public let reynolds: [Double]
    /// Per speed × depth, index `j * depthCount + k`.
    public let froudeDepth: [Double]
    /// Per cell, index ``cellIndex(ship:speed:depth:)``.
    public let waveHeightM: [Double]
    @_spi(Benchmarks) public let energyJPerM2: [Double]
    public let powerWPerM: [Double]
    @_spi(Benchmarks) public let forceNPerM2: [Double]
    /// Per cell: 1–3.
    @_spi(Benchmarks) public let rating: [UInt8]

    /// Evaluates the model.
    /// - Parameters:
    ///   - hulls: ship dimensions (validated by ``HullDimensions``).
    ///   - speedsKmh: ship speeds, km/h, each finite and ≥ 0 (legacy default 18).
    ///   - trackDepthsM: water depths, m, each finite and > 0 (legacy default 10).
    ///   - thresholds: rating thresholds (legacy default).
    ///   - threads: threads over ship blocks (1: the calling thread only). Results do not
    ///     depend on it.
    ///   - isa: the instruction set of the fused pass (default: the widest the processor has);
    ///     results do not depend on it.
    @_spi(Benchmarks) public init(
        hulls: HullDimensions, speedsKmh: [Double], trackDepthsM: [Double],
        thresholds: RatingThresholds = .legacy, threads: Int = 1, isa: KernelISA = .active
    ) {
        let terms = GridTerms(hulls: hulls, speedsKmh: speedsKmh, trackDepthsM: trackDepthsM, threads: threads)
        self.hulls = hulls
        self.speedsKmh = speedsKmh
        self.trackDepthsM = trackDepthsM
        self.thresholds = thresholds
        wavelengthM = terms.wavelength
        periodS = terms.period
        celerityMPerS = terms.celerity
        froudeLength = terms.froudeLength
        reynolds = terms.reynolds
        froudeDepth = terms.froudeDepth

        // Cells: H = H₀(ship, speed) · f(speed, depth), then E, P, F and the rating from H.
        let cells = WakeCells(
            baseHeight: terms.baseHeight, shallowFactor: terms.shallowFactor, celerity: terms.celerity,
            ships: hulls.count, speeds: speedsKmh.count, depths: trackDepthsM.count, thresholds: thresholds,
            threads: threads, isa: isa)
        waveHeightM = cells.height
        energyJPerM2 = cells.energy
        powerWPerM = cells.power
        forceNPerM2 = cells.force
        rating = cells.rating
    }

    /// The per-cell outputs alone (H, E, P, F, rating), written into caller-provided buffers of
    /// ``cellCount`` elements each, in ``cellIndex(ship:speed:depth:)`` order: for callers that
    /// evaluate grids again and again and keep their memory (already faulted in), so no call
    /// pays for allocation or the OS zeroing fresh pages. The same bits as ``init(hulls:speedsKmh:trackDepthsM:thresholds:threads:isa:)``.
    /// - Precondition: every buffer holds exactly `hulls.count · speedsKmh.count · trackDepthsM.count`
    ///   elements; speeds and depths as for `init`.
    @_spi(Benchmarks) public static func compute(
        hulls: HullDimensions, speedsKmh: [Double], trackDepthsM: [Double], thresholds: RatingThresholds = .legacy,
        into buffers: WakeGridBuffers, threads: Int = 1, isa: KernelISA = .active
    ) {
        let terms = GridTerms(hulls: hulls, speedsKmh: speedsKmh, trackDepthsM: trackDepthsM, threads: threads)
        let count = hulls.count * speedsKmh.count * trackDepthsM.count
        precondition(
            [
                buffers.waveHeightM.count, buffers.energyJPerM2.count, buffers.powerWPerM.count,
                buffers.forceNPerM2.count, buffers.rating.count,
            ].allSatisfy { $0 == count }, "one element per cell")
        guard count > 0 else { return }
        let out = WakeCells.Outputs(
            h: buffers.waveHeightM.baseAddress!, e: buffers.energyJPerM2.baseAddress!,
            p: buffers.powerWPerM.baseAddress!, f: buffers.forceNPerM2.baseAddress!, r: buffers.rating.baseAddress!)
        WakeCells.fill(
            out, baseHeight: terms.baseHeight, shallowFactor: terms.shallowFactor, celerity: terms.celerity,
            ships: hulls.count, speeds: speedsKmh.count, depths: trackDepthsM.count, thresholds: thresholds,
            threads: threads, isa: isa)
    }

    /// Flat index of a cell: `(ship * speedCount + speed) * depthCount + depth`.
    @inlinable package func cellIndex(ship: Int, speed: Int, depth: Int) -> Int {
        (ship * speedCount + speed) * depthCount + depth
    }

    /// All figures of one cell.
    package func figures(ship i: Int, speed j: Int, depth k: Int) -> WakeFigures {
        let cell = cellIndex(ship: i, speed: j, depth: k)
        let e = energyJPerM2[cell]
        let f = forceNPerM2[cell]
        return WakeFigures(
            waveHeightM: waveHeightM[cell], wavelengthM: wavelengthM[j], periodS: periodS[j],
            celerityMPerS: celerityMPerS[j], energyJPerM2: e, powerWPerM: powerWPerM[cell],
            forceNPerM2: f, froudeLength: froudeLength[i * speedCount + j],
            froudeDepth: froudeDepth[j * depthCount + k], reynolds: reynolds[i * speedCount + j],
            kelvinAngleDeg: PhysicalConstants.kelvinAngleDegrees,
            // The kernel's byte is 1, 2 or 3; the same rule in Swift stands in should it not be.
            rating: Rating(rating[cell]) ?? thresholds.rating(energyJPerM2: e, forceNPerM2: f),
            energyRating: thresholds.energyRating(e), forceRating: thresholds.forceRating(f))
    }
}

extension WakeGrid {
    /// The figures of every ship at one operating point (a batch with one speed and one depth).
    @_spi(Benchmarks) public static func atOperatingPoint(
        _ hulls: HullDimensions, speedKmh: Double, trackDepthM: Double, thresholds: RatingThresholds = .legacy
    ) -> [WakeFigures] {
        let grid = WakeGrid(hulls: hulls, speedsKmh: [speedKmh], trackDepthsM: [trackDepthM], thresholds: thresholds)
        return (0..<hulls.count).map { grid.figures(ship: $0, speed: 0, depth: 0) }
    }
}
