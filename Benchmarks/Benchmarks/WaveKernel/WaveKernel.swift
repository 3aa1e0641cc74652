import Benchmark
@_spi(Benchmarks) import LegacyWakeModel
import Synthetic

// The wake batch kernel: 1e7 cells (1000 ships × 100 speeds × 100 depths), single-threaded and
// over two threads, and at the real fleet's size. Run with OPENBLAS_NUM_THREADS=1.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .cpuTotal, .peakMemoryResident, .mallocCountTotal], maxDuration: .seconds(5),
        maxIterations: 50)

    let big = (SyntheticFleet.hulls(count: 1000), SyntheticFleet.speeds(100), SyntheticFleet.depths(100))
    for threads in [1, 2] {
        Benchmark("WakeGrid 1e7 cells, \(threads) thread(s)") { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(WakeGrid(hulls: big.0, speedsKmh: big.1, trackDepthsM: big.2, threads: threads))
            }
        }
    }
    let fleet = (SyntheticFleet.hulls(count: 17), SyntheticFleet.speeds(21), SyntheticFleet.depths(49))
    Benchmark("WakeGrid fleet 17 ships × 21 speeds × 49 depths") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(WakeGrid(hulls: fleet.0, speedsKmh: fleet.1, trackDepthsM: fleet.2))
        }
    }
    Benchmark("WakeGrid fleet at one operating point") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(WakeGrid.atOperatingPoint(fleet.0, speedKmh: 18, trackDepthM: 10))
        }
    }
}
