import Benchmark
import WakePhysics

let benchmarks: @Sendable () -> Void = {
    Benchmark("placeholder") { benchmark in
        blackHole(1)
    }
}
