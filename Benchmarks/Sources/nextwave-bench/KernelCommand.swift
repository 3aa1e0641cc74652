import ArgumentParser
import Foundation
@_spi(Benchmarks) import LegacyWakeModel
import Synthetic
@_spi(Benchmarks) import WakeKernelSupport

struct KernelCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "kernel", abstract: "Time WakeGrid on the synthetic fleet × speeds × depths.")

    @Option var ships = 1000
    @Option var speeds = 100
    @Option var depths = 100
    @Option var repeats = 5
    @Option var threads = 1
    @OptionGroup var isaOption: ISAOption
    /// Write into caller-provided buffers, faulted in before timing (no page zeroing per call).
    @Flag var inPlace = false

    func run() throws {
        let isa = try isaOption.resolve()
        if inPlace { return try runInPlace(isa: isa) }
        let hulls = SyntheticFleet.hulls(count: ships)
        let v = SyntheticFleet.speeds(speeds)
        let h = SyntheticFleet.depths(depths)
        // A warm-up run first.
        var grid: WakeGrid? = WakeGrid(hulls: hulls, speedsKmh: v, trackDepthsM: h, threads: threads, isa: isa)
        var seconds = Double.infinity
        var ticks = UInt64.max
        for _ in 0..<repeats {
            grid = nil  // the previous result is freed outside the timed region
            let start = DispatchTime.now().uptimeNanoseconds
            let tick = kernelTicks()
            grid = WakeGrid(hulls: hulls, speedsKmh: v, trackDepthsM: h, threads: threads, isa: isa)
            ticks = min(ticks, kernelTicks() &- tick)
            seconds = min(seconds, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        let checksum =
            grid!.energyJPerM2.reduce(0, +) + grid!.forceNPerM2.reduce(0, +)
            + Double(grid!.rating.reduce(0) { $0 + Int($1) })
        emit(result(seconds: seconds, ticks: ticks, checksum: checksum, isa: isa, inPlace: false))
    }

    func runInPlace(isa: KernelISA) throws {
        let hulls = SyntheticFleet.hulls(count: ships)
        let v = SyntheticFleet.speeds(speeds)
        let h = SyntheticFleet.depths(depths)
        let cells = ships * speeds * depths
        let doubles = (0..<4).map { _ in prefaultedBuffer(Double.self, count: cells) }
        let ratings = prefaultedBuffer(UInt8.self, count: cells)
        defer {
            for buffer in doubles { buffer.release() }
            ratings.release()
        }
        let buffers = WakeGridBuffers(
            waveHeightM: doubles[0], energyJPerM2: doubles[1], powerWPerM: doubles[2], forceNPerM2: doubles[3],
            rating: ratings)
        var ticks = UInt64.max
        let seconds = fastest(repeats: repeats) {
            let tick = kernelTicks()
            WakeGrid.compute(hulls: hulls, speedsKmh: v, trackDepthsM: h, into: buffers, threads: threads, isa: isa)
            ticks = min(ticks, kernelTicks() &- tick)
        }
        let checksum = doubles[1].reduce(0, +) + doubles[3].reduce(0, +) + Double(ratings.reduce(0) { $0 + Int($1) })
        emit(result(seconds: seconds, ticks: ticks, checksum: checksum, isa: isa, inPlace: true))
    }

    func result(seconds: Double, ticks: UInt64, checksum: Double, isa: KernelISA, inPlace: Bool) -> [String: Any] {
        let cells = ships * speeds * depths
        return [
            "cells": cells, "seconds": seconds, "cellsPerSecond": Double(cells) / seconds,
            "outputBytes": cells * (4 * 8 + 1), "checksum": checksum, "threads": threads, "isa": isa.description,
            "ticksPerCell": Double(ticks) / Double(cells), "inPlace": inPlace,
        ]
    }
}
