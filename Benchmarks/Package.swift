// swift-tools-version: 6.1
// The benchmark suite, kept out of the root package: package-benchmark makes every clean build
// of the root several times slower. Run from this folder: `swift package benchmark`, or
// `./compare.sh` for the ratio table against the baselines.
import PackageDescription

let package = Package(
    name: "NextWaveBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(path: "../Packages/SessionKit"),
        .package(name: "NextWave", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/weichsel/ZIPFoundation", from: "0.9.20"),
    ],
    targets: [
        // The app's own session algorithm, the baseline (a link to the root's non-product
        // _AppAlgorithm target: one source, compiled in both packages).
        .target(name: "AppAlgorithmBaseline"),
        // Synthetic archives and feeds at scale, shared by the suites and the comparison tool.
        // (Sources/Synthetic/SplitMix64.swift links the root's test generator.)
        .target(
            name: "Synthetic",
            dependencies: [
                "AppAlgorithmBaseline",
                .product(name: "_BenchmarkHooks", package: "NextWave"),
                .product(name: "CivilTime", package: "SessionKit"),
                .product(name: "SessionCore", package: "SessionKit"),
                .product(name: "ShipRatingTable", package: "NextWave"),
                .product(name: "Solar", package: "SessionKit"),
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
            ]),
        // The tool compare.sh drives: timings as JSON, generators, the app-algorithm comparison.
        .executableTarget(
            name: "nextwave-bench",
            dependencies: [
                "Synthetic", "AppAlgorithmBaseline",
                .product(name: "_BenchmarkHooks", package: "NextWave"),
                .product(name: "SessionCore", package: "SessionKit"),
                .product(name: "ShipRatingTable", package: "NextWave"),
                .product(name: "CivilTime", package: "SessionKit"),
                .product(name: "Solar", package: "SessionKit"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        // The pipelines' example client (Sources/pipeline-client links Examples/PipelineClient's
        // source): built here as well, so that scripts/test compiles the root's modules once for
        // both. Its dependencies are the two library products and nothing else.
        .executableTarget(
            name: "pipeline-client",
            dependencies: [
                .product(name: "RatingsPipeline", package: "NextWave"),
                .product(name: "SessionsPipeline", package: "NextWave"),
            ]),
        .executableTarget(
            name: "WaveKernel",
            dependencies: [
                "Synthetic", .product(name: "Benchmark", package: "benchmark"),
                .product(name: "_BenchmarkHooks", package: "NextWave"),
            ],
            path: "Benchmarks/WaveKernel",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]),
        .executableTarget(
            name: "Ratings",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "_BenchmarkHooks", package: "NextWave"),
                .product(name: "ShipRatingTable", package: "NextWave"),
            ],
            path: "Benchmarks/Ratings",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]),
        .executableTarget(
            name: "Sessions",
            dependencies: [
                "Synthetic", "AppAlgorithmBaseline", .product(name: "Benchmark", package: "benchmark"),
                .product(name: "SessionCore", package: "SessionKit"),
                .product(name: "_BenchmarkHooks", package: "NextWave"),
                .product(name: "ShipRatingTable", package: "NextWave"),
                .product(name: "CivilTime", package: "SessionKit"),
            ],
            path: "Benchmarks/Sessions",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]),
        .executableTarget(
            name: "GTFSImport",
            dependencies: [
                "Synthetic", .product(name: "Benchmark", package: "benchmark"),
                .product(name: "_BenchmarkHooks", package: "NextWave"),
            ],
            path: "Benchmarks/GTFSImport",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]),
    ]
)
