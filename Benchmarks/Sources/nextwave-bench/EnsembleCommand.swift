import ArgumentParser
import Foundation
@_spi(Benchmarks) import LegacyWakeModel
import Synthetic
@_spi(Benchmarks) import WakeKernelSupport
@_spi(Benchmarks) import WakeModels

/// The wake ensemble kernel on the synthetic fleet × speeds × track depths × distances, seen from
/// one rider depth (``SyntheticFleet/riderDepthM``).
struct EnsembleCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ensemble", abstract: "Time WakeEnsemble on the synthetic fleet × speeds × depths × distances.")

    @Option var ships = 1000
    @Option var speeds = 10
    @Option var depths = 10
    @Option var distances = 100
    @Option var repeats = 5
    @Option var threads = 1
    /// Write into caller-provided buffers, faulted in before timing (no page zeroing per call).
    @Flag var inPlace = false
    @OptionGroup var isaOption: ISAOption

    func run() throws {
        let isa = try isaOption.resolve()
        if inPlace { return try runInPlace(isa: isa) }
        let hulls = try SyntheticFleet.wakeHulls(count: ships)
        let (v, h, y) = (
            SyntheticFleet.speeds(speeds), SyntheticFleet.depths(depths), SyntheticFleet.distances(distances)
        )
        let r = [SyntheticFleet.riderDepthM]
        var grid: WakeEnsemble? = try WakeEnsemble(
            hulls: hulls, speedsKmh: v, trackDepthsM: h, riderDepthsM: r, distancesM: y, threads: threads, isa: isa)
        var seconds = Double.infinity
        var ticks = UInt64.max
        for _ in 0..<repeats {
            grid = nil  // the previous result is freed outside the timed region
            let start = DispatchTime.now().uptimeNanoseconds
            let tick = kernelTicks()
            grid = try WakeEnsemble(
                hulls: hulls, speedsKmh: v, trackDepthsM: h, riderDepthsM: r, distancesM: y, threads: threads, isa: isa)
            ticks = min(ticks, kernelTicks() &- tick)
            seconds = min(seconds, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        func sum(_ column: DoubleColumn) -> Double { column.reduce(0) { $1.isNaN ? $0 : $0 + $1 } }
        let g = grid!
        // Each output's sum (NaN cells left out), for a peer to find where it differs.
        let sums: [String: Double] = [
            "median": sum(g.median), "energy": sum(g.energy), "flux": sum(g.flux), "ks": sum(g.kriebelSeelig),
            "sw": sum(g.sorensenWeggel), "minimum": sum(g.minimum), "maximum": sum(g.maximum),
            "pianc": sum(g.pianc), "generated": sum(g.generated),
        ]
        let checksum =
            sum(g.median) + sum(g.energy) + sum(g.flux) + sum(g.kriebelSeelig) + sum(g.sorensenWeggel)
            + sum(g.minimum) + sum(g.maximum)
        let cells = g.cellCount
        emit([
            "cells": cells, "seconds": seconds, "cellsPerSecond": Double(cells) / seconds,
            "outputBytes": cells * EnsembleBuffers.outputCount * 8, "checksum": checksum, "threads": threads,
            "isa": isa.description,
            "ticksPerCell": Double(ticks) / Double(cells), "sums": sums,
        ])
    }

    func runInPlace(isa: KernelISA) throws {
        let hulls = try SyntheticFleet.wakeHulls(count: ships)
        let (v, h, y) = (
            SyntheticFleet.speeds(speeds), SyntheticFleet.depths(depths), SyntheticFleet.distances(distances)
        )
        let cells = ships * speeds * depths * distances
        let storage = (0..<EnsembleBuffers.outputCount).map { _ in prefaultedBuffer(Double.self, count: cells) }
        defer { for buffer in storage { buffer.release() } }
        let buffers = EnsembleBuffers(storage)
        var ticks = UInt64.max
        let seconds = try fastest(repeats: repeats) {
            let tick = kernelTicks()
            try WakeEnsemble.compute(
                hulls: hulls, speedsKmh: v, trackDepthsM: h, riderDepthsM: [SyntheticFleet.riderDepthM], distancesM: y,
                into: buffers, threads: threads, isa: isa)
            ticks = min(ticks, kernelTicks() &- tick)
        }
        func sum(_ b: UnsafeMutableBufferPointer<Double>) -> Double { b.reduce(0) { $1.isNaN ? $0 : $0 + $1 } }
        let checksum =
            sum(storage[4]) + sum(storage[7]) + sum(storage[8]) + sum(storage[0]) + sum(storage[1])
            + sum(storage[5]) + sum(storage[6])
        emit([
            "cells": cells, "seconds": seconds, "cellsPerSecond": Double(cells) / seconds,
            "outputBytes": cells * EnsembleBuffers.outputCount * 8, "checksum": checksum, "threads": threads,
            "inPlace": true,
            "isa": isa.description, "ticksPerCell": Double(ticks) / Double(cells),
        ])
    }
}
