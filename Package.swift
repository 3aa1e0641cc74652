// swift-tools-version: 6.2
import PackageDescription

// Targets, lowest first. Dependencies point one way: C bindings and support at the bottom,
// then infrastructure (WebFetch), the physics and session cores, the domains (ratings,
// schedules), their reports, the pipelines, and the thin CLI on top. scripts/check-architecture
// (the first step of scripts/test, the test command) fails when an edge does not point down a
// layer or breaks a rule of docs/ARCHITECTURE.md; the layers are its RANKS.
// The portable core, from the nested package.
let sessionCore = Target.Dependency.product(name: "SessionCore", package: "SessionKit")
let civilTime = Target.Dependency.product(name: "CivilTime", package: "SessionKit")
let solar = Target.Dependency.product(name: "Solar", package: "SessionKit")
let waveRating = Target.Dependency.product(name: "WaveRating", package: "SessionKit")
let waveFeed = Target.Dependency.product(name: "WaveFeed", package: "SessionKit")

let package = Package(
    name: "NextWave",
    platforms: [.macOS(.v13), .iOS(.v16)],
    products: [
        .executable(name: "nextwave", targets: ["nextwave"]),
        // The API: the rating-table format (its writer here; its reader, with the portable
        // session core, is the nested package Packages/SessionKit, which an app depends on and
        // which resolves nothing else) and the two pipelines. Everything else is `package`.
        .library(name: "ShipRatingTable", targets: ["ShipRatingTable"]),
        .library(name: "RatingsPipeline", targets: ["RatingsPipeline"]),
        .library(name: "SessionsPipeline", targets: ["SessionsPipeline"]),
        // Not API: the modules the nested Benchmarks package's suites measure, with their
        // synthetic inputs and the app's algorithm (the baseline). What they call is
        // `@_spi(Benchmarks) public`; a client that does not opt into that SPI sees only the
        // types the pipelines expose.
        .library(
            name: "_BenchmarkHooks",
            targets: [
                "WakeKernelSupport", "LegacyWakeModel", "WakeModels", "WakeCalibration", "FleetScraper", "ShipRatings",
                "RatingsReports",
                "ScheduleArchive", "SessionAnalytics", "Synthetic", "_AppAlgorithm",
            ]),
    ],
    dependencies: [
        .package(path: "Packages/SessionKit"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/weichsel/ZIPFoundation", from: "0.9.20"),
    ],
    targets: [
        // C bindings, each in its own target.
        .systemLibrary(
            name: "CBLAS", pkgConfig: "openblas", providers: [.apt(["libopenblas-dev"])]),
        .systemLibrary(
            name: "CLibXML2", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"])]),
        .systemLibrary(
            name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(
            name: "CZlibCRC", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        // HTTP: the system's libcurl (bounded decompression into a callback, timeouts, no
        // redirects), in place of a Swift HTTP stack that took minutes to compile.
        .systemLibrary(
            name: "CLibCurl", pkgConfig: "libcurl", providers: [.apt(["libcurl4-openssl-dev"])]),
        .systemLibrary(
            name: "CLAPACKE", pkgConfig: "lapacke", providers: [.apt(["liblapacke-dev", "liblapack-dev"])]),
        // The wake kernels' fused per-cell passes in C (legacy and ensemble).
        .target(name: "CWakeKernel"),

        // The contract every pipeline job keeps (validate, events out, a result back) and the
        // kinds of problem every library error states (ProblemKind, KindedError, JobFailure).
        .target(name: "JobContract"),
        // Package-internal helpers (package access, not a product): JSON files, CSV, atomic
        // writes, number formats, name keys.
        .target(name: "TextFormats"),
        .target(name: "JSONText"),
        .target(name: "ThreadTools"),
        .target(name: "CSVText", dependencies: ["JobContract"]),
        .target(name: "SafeFiles", dependencies: ["TextFormats", "JSONText", "ThreadTools", "JobContract"]),
        // The data folder: where it is (DataFolder), what it holds where (DataLayout, public, the
        // one place that knows its file names) and its operator catalogue.
        .target(name: "DataFolderLayout", dependencies: ["SafeFiles", "TextFormats", "JobContract"]),
        // What a web page is to this tool: bytes from a PageSource, parsed by libxml2 (HTMLDocument,
        // XPath), the same-site rules and WebFetchError. No HTTP: the readers above it (and their
        // fuzz and benchmark builds) never compile an HTTP stack.
        .target(name: "WebPages", dependencies: ["CLibXML2", "TextFormats", "JobContract"]),
        // The HTTP client (host policy, politeness, retries, timeouts) on libcurl.
        .target(name: "WebFetch", dependencies: ["WebPages", "TextFormats", "ThreadTools", "JobContract", "CLibCurl"]),

        // Physics: the legacy wake model and its BLAS batch kernel; the distance- and depth-aware
        // models (Kriebel & Seelig, Sorensen & Weggel, PIANC), cusp-wave kinematics and their
        // ensemble kernel; the power-law calibration (LAPACK).
        // What every wake kernel uses: instruction-set choice, BLAS helpers, huge pages, the one
        // parallel-for, physical constants and plausible ranges.
        .target(name: "WakeKernelSupport", dependencies: ["CBLAS", "CWakeKernel"]),
        .target(name: "LegacyWakeModel", dependencies: ["WakeKernelSupport", waveRating, "CBLAS", "CWakeKernel"]),
        .target(
            name: "WakeModels",
            dependencies: ["LegacyWakeModel", "WakeKernelSupport", "CBLAS", "CWakeKernel", "JobContract"]),
        .target(
            name: "WakeCalibration",
            dependencies: [
                "WakeModels", "LegacyWakeModel", "WakeKernelSupport", "CLAPACKE", "CBLAS", "CSVText", "SafeFiles",
                "TextFormats",
                "JobContract",
            ]),

        // Ratings domain.
        .target(name: "FleetScraper", dependencies: ["WebPages", "SafeFiles", "TextFormats", "JobContract"]),
        .target(
            name: "ShipRatingTable",
            dependencies: [
                waveRating, "JSONText", "SafeFiles", "TextFormats", "DataFolderLayout", "JobContract",
                .product(name: "ShipRatingReader", package: "SessionKit"),
            ]),
        .target(
            name: "ShipRatings",
            dependencies: [
                waveRating,
                "ShipRatingTable", "FleetScraper", "LegacyWakeModel", "WakeModels", "WakeKernelSupport",
                "JSONText", "SafeFiles", "TextFormats", "JobContract",
            ]),
        .target(
            name: "RatingsReports",
            dependencies: [
                waveRating,
                "ShipRatings", "ShipRatingTable", "FleetScraper", "LegacyWakeModel", "WakeModels", "WakeCalibration",
                "CSVText", "JSONText", "TextFormats", "JobContract",
            ]),
        .target(
            name: "RatingsPipeline",
            dependencies: [
                "JobContract",
                "RatingsReports", "ShipRatings", "ShipRatingTable", "FleetScraper", "LegacyWakeModel", "WakeModels",
                "WakeKernelSupport", "WakeCalibration", "WebFetch", "WebPages", "CSVText", "JSONText", "SafeFiles",
                "TextFormats", "ThreadTools", "DataFolderLayout",
            ]),

        // Time, sun and the portable session core.

        // Schedules domain.
        .target(
            name: "ScheduleArchive",
            dependencies: [
                civilTime, "WebPages", "CSVText", "JSONText", "SafeFiles", "TextFormats", "ThreadTools", "JobContract",
                "CSQLite", "CZlibCRC",
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
            ]),
        // Fetching the archive over HTTP: stationboards, ship assignments, allocation pages.
        .target(
            name: "ArchiveFetch",
            dependencies: [
                "ScheduleArchive", "WebFetch", "WebPages", civilTime, "SafeFiles", "TextFormats", "DataFolderLayout",
                "JobContract",
            ]),
        .target(
            name: "SessionAnalytics",
            dependencies: [
                waveRating, sessionCore, "ScheduleArchive", "ShipRatingTable", civilTime, solar, "SafeFiles",
                "ThreadTools",
            ]),
        .target(
            name: "SessionReports",
            dependencies: [
                waveRating, "SessionAnalytics", sessionCore, civilTime, solar, "CSVText", "JSONText", "SafeFiles",
                "TextFormats", "ShipRatingTable",
                waveFeed,
            ]),
        .target(
            name: "SessionsPipeline",
            dependencies: [
                "JobContract",
                "SessionReports", "SessionAnalytics", sessionCore, "ScheduleArchive", "ArchiveFetch", "ShipRatingTable",
                civilTime, "CSVText", "JSONText", "SafeFiles", "TextFormats", "ThreadTools", "DataFolderLayout",
                "WebFetch", waveFeed,
            ]),

        // The thin command-line front end.
        .executableTarget(
            name: "nextwave",
            dependencies: [
                "RatingsPipeline", "SessionsPipeline", "ShipRatingTable", sessionCore, solar, civilTime, waveFeed,
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),

        // Not API: the app's own session algorithm (the baseline of tests and benchmarks), and
        // test helpers (a local HTTP server, repository paths, SplitMix64).
        .target(name: "_AppAlgorithm"),
        // CWakeKernel's AVX-512 paths on an emulation of the instructions, so that tests check
        // them bit for bit on processors without AVX-512.
        .target(name: "_CWakeKernelEmulation", dependencies: ["CWakeKernel"]),
        .target(
            name: "_TestSupport", dependencies: ["CZlibCRC", "ThreadTools", "DataFolderLayout", "JobContract"],
            path: "Sources/_TestSupport"),

        // Benchmarks (not products; their sources live in Benchmarks/, whose nested package
        // keeps only the package-benchmark suites): synthetic archives, feeds and GTFS years at
        // scale, and the tool Benchmarks/compare.sh drives. Built here so that the suite compiles
        // the libraries once for the tool, the tests and the example client.
        .target(
            name: "Synthetic",
            dependencies: [
                "_AppAlgorithm", "_TestSupport", "ScheduleArchive", "SessionAnalytics", "LegacyWakeModel", "WakeModels",
                "ShipRatingTable", civilTime, sessionCore, waveRating,
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
            ],
            path: "Benchmarks/Sources/Synthetic"),
        .executableTarget(
            name: "nextwave-bench",
            dependencies: [
                "Synthetic", "_AppAlgorithm", "_TestSupport", "ScheduleArchive", "SessionAnalytics", "LegacyWakeModel",
                "WakeModels", "WakeKernelSupport", "WakeCalibration", "ShipRatingTable", sessionCore, civilTime,
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Benchmarks/Sources/nextwave-bench"),
        // The pipelines' example client (Examples/PipelineClient, a package of its own that
        // depends on the two library products): the same source built here against the same two
        // modules and nothing else, so that a type their API names but does not export fails
        // this build (scripts/check-architecture holds its dependencies to the products).
        .executableTarget(
            name: "example-pipeline-client", dependencies: ["RatingsPipeline", "SessionsPipeline"],
            path: "Examples/PipelineClient/Sources/pipeline-client"),

        // Fuzzing (not products): the input readers as libFuzzer targets (scripts/fuzz).
        .target(name: "CFuzzerDriver", path: "Sources/CFuzzerDriver"),
        .target(
            name: "_FuzzTargets",
            dependencies: [
                "FleetScraper", "ShipRatings", "ShipRatingTable", "LegacyWakeModel", "WakeModels", "WakeCalibration",
                "ScheduleArchive", "WebPages", "SessionAnalytics", "SessionReports", waveFeed,
                civilTime, solar, sessionCore, "CSVText", "SafeFiles", "TextFormats",
            ],
            path: "Sources/_FuzzTargets"),
        .executableTarget(name: "nextwave-fuzz", dependencies: ["_FuzzTargets", "CFuzzerDriver"]),
        // The public job entries as a fuzz target of their own binary (the jobs link the HTTP
        // stack, which the readers' fuzz binary must not): scripts/fuzz runs it as `job-entries`.
        .target(
            name: "_JobEntries",
            dependencies: ["RatingsPipeline", "SessionsPipeline", "WakeModels", civilTime, "_TestSupport"]),
        .executableTarget(name: "nextwave-fuzz-jobs", dependencies: ["_JobEntries", "_FuzzTargets", "CFuzzerDriver"]),

        .testTarget(name: "TextFormatsTests", dependencies: ["TextFormats", "_TestSupport"]),
        .testTarget(
            name: "CSVTextTests", dependencies: ["CSVText", "JSONText", "TextFormats", "JobContract", "_TestSupport"]),
        .testTarget(name: "JSONTextTests", dependencies: ["JSONText", "SafeFiles", "_TestSupport"]),
        .testTarget(
            name: "SafeFilesTests",
            dependencies: ["SafeFiles", "ThreadTools", "JobContract", "TextFormats", "_TestSupport"]),
        .testTarget(
            name: "DataFolderLayoutTests", dependencies: ["DataFolderLayout", "_TestSupport"]),
        .testTarget(
            name: "WebFetchTests",
            dependencies: ["WebFetch", "WebPages", "FleetScraper", "JobContract", "_TestSupport", "CLibCurl"]),
        .testTarget(name: "WebPagesTests", dependencies: ["WebPages"]),
        .testTarget(
            name: "LegacyWakeModelTests",
            dependencies: [waveRating, "LegacyWakeModel", "WakeKernelSupport", "_TestSupport"]),
        .testTarget(
            name: "WakeModelsTests",
            dependencies: ["WakeModels", "LegacyWakeModel", "WakeKernelSupport", "JobContract", "_TestSupport"]),
        .testTarget(
            name: "WakeCalibrationTests",
            dependencies: ["WakeCalibration", "WakeModels", "_TestSupport"]),
        .testTarget(
            name: "CWakeKernelTests",
            dependencies: ["CWakeKernel", "_CWakeKernelEmulation", "WakeKernelSupport", "_TestSupport"]),
        .testTarget(
            name: "FleetScraperTests", dependencies: ["FleetScraper", "WebPages", "_TestSupport"], exclude: ["Fixtures"]
        ),
        .testTarget(
            name: "ShipRatingsTests",
            dependencies: [
                waveRating,
                "ShipRatings", "ShipRatingTable", "RatingsReports", "LegacyWakeModel", "WakeModels", "FleetScraper",
                "JSONText", "SafeFiles", "TextFormats", "JobContract",
                "_TestSupport",
            ]),
        .testTarget(
            name: "ScheduleArchiveTests",
            dependencies: [
                "ScheduleArchive", "ArchiveFetch", civilTime, "CSVText", "DataFolderLayout", "JobContract",
                "WebFetch", "WebPages", "_TestSupport", .product(name: "ZIPFoundation", package: "ZIPFoundation"),
            ], exclude: ["Fixtures"]),
        .testTarget(
            name: "ArchiveFetchTests",
            dependencies: ["ArchiveFetch", "ScheduleArchive", civilTime, "WebFetch", "WebPages", "_TestSupport"]),
        // SessionKit against the app's algorithm (`_AppAlgorithm`) and the README's example;
        // SessionKit's own tests live in its package.
        .testTarget(
            name: "AppParityTests",
            dependencies: [waveRating, waveFeed, sessionCore, solar, civilTime, "_AppAlgorithm", "_TestSupport"]),
        .testTarget(
            name: "SessionAnalyticsTests",
            dependencies: [
                waveRating,
                "SessionAnalytics", sessionCore, "ScheduleArchive", "ShipRatingTable", solar, civilTime,
                "_TestSupport",
            ]),
        // The built binary, run as a user runs it (NEXTWAVE_TEST_BINARY, else .build/debug/nextwave).
        // Not importing the command-line module lets this large target compile beside it.
        .testTarget(
            name: "CLITests",
            dependencies: [
                "_TestSupport", "FleetScraper", "ScheduleArchive", "ShipRatingTable", "RatingsPipeline", "WebFetch",
                "WebPages", "JSONText", "SafeFiles", "JobContract", "SessionsPipeline", "TextFormats", waveFeed,
                civilTime,
            ], exclude: ["Fixtures"]),
        // The command-line module's own types in process: exit statuses, advice, option parsing.
        .testTarget(
            name: "nextwaveTests",
            dependencies: [
                "_TestSupport", "nextwave", "FleetScraper", "ScheduleArchive", "ShipRatingTable", "RatingsPipeline",
                "WebFetch", "WebPages", "SafeFiles", "JobContract", "SessionsPipeline",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        .testTarget(name: "FuzzTargetsTests", dependencies: ["_FuzzTargets", "_TestSupport"]),
        .testTarget(name: "ShipRatingTableTests", dependencies: [waveRating, "ShipRatingTable", "_TestSupport"]),
        .testTarget(
            name: "RatingsReportsTests",
            dependencies: [
                waveRating,
                "RatingsReports", "ShipRatings", "ShipRatingTable", "FleetScraper", "LegacyWakeModel", "WakeModels",
                "JobContract", "CSVText", "JSONText", "SafeFiles", "_TestSupport",
            ], exclude: ["Expected"]),
        .testTarget(name: "WakeKernelSupportTests", dependencies: ["WakeKernelSupport"]),
        .testTarget(name: "JobContractTests", dependencies: ["JobContract"]),
        .testTarget(
            name: "JobEntryTests", dependencies: ["_JobEntries", civilTime]),
        .testTarget(
            name: "RatingsPipelineTests",
            dependencies: [
                "RatingsPipeline", "JobContract", "FleetScraper", "RatingsReports", "ShipRatingTable", "ThreadTools",
                "_TestSupport",
            ]),
        .testTarget(
            name: "SessionsPipelineTests",
            dependencies: [
                waveRating,
                "SessionsPipeline", "JobContract", civilTime, .product(name: "ShipRatingReader", package: "SessionKit"),
                "ScheduleArchive", "SafeFiles", "ShipRatingTable", "_AppAlgorithm", "_TestSupport",
            ]),
        .testTarget(
            name: "SessionReportsTests",
            dependencies: [
                "SessionReports", "SessionAnalytics", sessionCore, civilTime, solar, waveRating, waveFeed,
                "ShipRatingTable", "CSVText", "JSONText", "SafeFiles", "TextFormats", "_TestSupport",
            ], exclude: ["Expected"]),
    ]
)

// One settings list for every Swift target: a member is visible only where its module is
// imported (SE-0444), and an import is internal unless it says otherwise (SE-0409), so each
// file's imports say what it uses and which of it its own API exposes (`public import`).
// Warnings are errors in our own targets (SE-0443; a dependency's warnings stay its own), so
// none accumulates: CI builds exactly this.
let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("MemberImportVisibility"), .enableUpcomingFeature("InternalImportsByDefault"),
    .treatAllWarnings(as: .error),
]
let cTargets: Set<String> = ["CWakeKernel", "_CWakeKernelEmulation", "CFuzzerDriver"]
for target in package.targets where target.type != .system {
    if cTargets.contains(target.name) {
        target.cSettings = (target.cSettings ?? []) + [.treatAllWarnings(as: .error)]
    } else {
        target.swiftSettings = (target.swiftSettings ?? []) + swiftSettings
    }
    // scripts/test builds optimised (the code under test as users get it); the tests' own code
    // is not optimised there, which takes 40 s off that build on two cores and does not slow the
    // tests' run, and carries no debug information, which takes a fifth off compiling it (a
    // failed expectation still names its file and line: the test macros record them). Test
    // targets are never part of a product, so a client package never sees these flags.
    if target.type == .test {
        target.swiftSettings =
            (target.swiftSettings ?? []) + [.unsafeFlags(["-Onone", "-gnone"], .when(configuration: .release))]
    }
}
// Each library module and the CLI have a README.md (concept, entry points, invariants, where to
// change what): documentation, not a resource.
let documented: Set<String> = [
    "TextFormats", "JSONText", "ThreadTools", "CSVText", "SafeFiles", "DataFolderLayout", "JobContract", "WebPages",
    "WebFetch", "ArchiveFetch", "WakeKernelSupport",
    "LegacyWakeModel",
    "WakeModels",
    "WakeCalibration", "FleetScraper", "ShipRatingTable", "ShipRatings", "RatingsReports", "RatingsPipeline",
    "ScheduleArchive", "SessionAnalytics", "SessionReports", "SessionsPipeline", "nextwave", "CWakeKernel",
]
for target in package.targets where documented.contains(target.name) {
    target.exclude.append("README.md")
}
