internal import CBLAS
import Foundation
import WaveRating

/// Caller-provided outputs of ``WakeGrid/compute(hulls:speedsKmh:trackDepthsM:thresholds:into:threads:isa:)``:
/// H (m), E (J/m²), P (W/m), F (N/m²) and the rating (1–3), one element per cell each.
@_spi(Benchmarks) public struct WakeGridBuffers: @unchecked Sendable {
    // Invariant: the buffers are the caller's and outlive the computation; its workers write
    // disjoint cells of each and never read them.
    public var waveHeightM: UnsafeMutableBufferPointer<Double>
    public var energyJPerM2: UnsafeMutableBufferPointer<Double>
    public var powerWPerM: UnsafeMutableBufferPointer<Double>
    public var forceNPerM2: UnsafeMutableBufferPointer<Double>
    public var rating: UnsafeMutableBufferPointer<UInt8>

    @_spi(Benchmarks) public init(
        waveHeightM: UnsafeMutableBufferPointer<Double>, energyJPerM2: UnsafeMutableBufferPointer<Double>,
        powerWPerM: UnsafeMutableBufferPointer<Double>, forceNPerM2: UnsafeMutableBufferPointer<Double>,
        rating: UnsafeMutableBufferPointer<UInt8>
    ) {
        self.waveHeightM = waveHeightM
        self.energyJPerM2 = energyJPerM2
        self.powerWPerM = powerWPerM
        self.forceNPerM2 = forceNPerM2
        self.rating = rating
    }
}
