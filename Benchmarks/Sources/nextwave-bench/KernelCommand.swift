import ArgumentParser
import Foundation
import Synthetic
import WakePhysics

struct KernelCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "kernel", abstract: "Time WakeGrid on the synthetic fleet × speeds × depths.")

    @Option var ships = 1000
    @Option var speeds = 100
    @Option var depths = 100
    @Option var repeats = 5
    @Option var threads = 1

    func run() {
        let hulls = SyntheticFleet.hulls(count: ships)
        let v = SyntheticFleet.speeds(speeds)
        let h = SyntheticFleet.depths(depths)
        var grid: WakeGrid? = WakeGrid(hulls: hulls, speedsKmh: v, depthsM: h, threads: threads)  // warm-up
        var seconds = Double.infinity
        for _ in 0..<repeats {
            grid = nil  // the previous result is freed outside the timed region
            let start = DispatchTime.now().uptimeNanoseconds
            grid = WakeGrid(hulls: hulls, speedsKmh: v, depthsM: h, threads: threads)
            seconds = min(seconds, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        let checksum =
            grid!.energyJPerM2.reduce(0, +) + grid!.forceNPerM2.reduce(0, +)
            + Double(grid!.rating.reduce(0) { $0 + Int($1) })
        let cells = ships * speeds * depths
        emit([
            "cells": cells, "seconds": seconds, "cellsPerSecond": Double(cells) / seconds,
            "outputBytes": cells * (4 * 8 + 1), "checksum": checksum, "threads": threads,
        ])
    }
}
