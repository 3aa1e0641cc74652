// swift-tools-version: 6.1
// The package-benchmark suites, kept out of the root package: package-benchmark makes every
// clean build of the root several times slower. Run from this folder: `swift package benchmark`.
// The ratio table against the baselines is `./compare.sh`, which drives the root's nextwave-bench.
import PackageDescription

let package = Package(
    name: "NextWaveBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(path: "../Packages/SessionKit"),
        .package(name: "NextWave", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        // The package-benchmark suites only. Their synthetic inputs (Sources/Synthetic), the tool
        // compare.sh drives (Sources/nextwave-bench) and the app's algorithm are targets of the
        // root package, reached through its `_BenchmarkHooks` product: scripts/test builds them
        // with the libraries once, and this package is built by `swift package benchmark`.
        .executableTarget(
            name: "WaveKernel",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
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
                .product(name: "Benchmark", package: "benchmark"),
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
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "_BenchmarkHooks", package: "NextWave"),
            ],
            path: "Benchmarks/GTFSImport",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]),
    ]
)
