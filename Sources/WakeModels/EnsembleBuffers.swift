internal import CBLAS
internal import CWakeKernel
import Dispatch
import LegacyWakeModel

/// Where the ensemble kernel writes: eleven buffers of one double per cell each, in cell order
/// (ship, speed, track depth, rider depth, distance; distance fastest). Caller-provided buffers
/// (already faulted in, reused across calls) spare the page zeroing a fresh allocation costs.
@_spi(Benchmarks) public struct EnsembleBuffers: @unchecked Sendable {
    // Invariant: the buffers are the caller's; the kernel writes disjoint cells of each from its
    // workers and never reads them, so sharing the pointers across threads is safe.
    package var kriebelSeelig: UnsafeMutableBufferPointer<Double>
    package var sorensenWeggel: UnsafeMutableBufferPointer<Double>
    package var pianc: UnsafeMutableBufferPointer<Double>
    package var generated: UnsafeMutableBufferPointer<Double>
    package var median: UnsafeMutableBufferPointer<Double>
    package var minimum: UnsafeMutableBufferPointer<Double>
    package var maximum: UnsafeMutableBufferPointer<Double>
    package var energy: UnsafeMutableBufferPointer<Double>
    package var flux: UnsafeMutableBufferPointer<Double>
    package var shorewardFlux: UnsafeMutableBufferPointer<Double>
    package var energyPerWave: UnsafeMutableBufferPointer<Double>

    /// How many outputs the kernel writes.
    @_spi(Benchmarks) public static let outputCount = 11

    /// The outputs in the kernel's order: kriebelSeelig, sorensenWeggel, pianc, generated, median,
    /// minimum, maximum, energy, flux, shorewardFlux, energyPerWave.
    @_spi(Benchmarks) public init(_ outputs: [UnsafeMutableBufferPointer<Double>]) {
        precondition(outputs.count == Self.outputCount, "eleven outputs")
        kriebelSeelig = outputs[0]
        sorensenWeggel = outputs[1]
        pianc = outputs[2]
        generated = outputs[3]
        median = outputs[4]
        minimum = outputs[5]
        maximum = outputs[6]
        energy = outputs[7]
        flux = outputs[8]
        shorewardFlux = outputs[9]
        energyPerWave = outputs[10]
    }

    var all: [UnsafeMutableBufferPointer<Double>] {
        [
            kriebelSeelig, sorensenWeggel, pianc, generated, median, minimum, maximum, energy, flux, shorewardFlux,
            energyPerWave,
        ]
    }
}
