// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "NextWave",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "nextwave", targets: ["nextwave"]),
        .library(name: "WakePhysics", targets: ["WakePhysics"]),
        .library(name: "FleetScraper", targets: ["FleetScraper"]),
        .library(name: "ShipRatings", targets: ["ShipRatings"]),
        .library(name: "NextWaveReports", targets: ["NextWaveReports"]),
        .library(name: "CivilTime", targets: ["CivilTime"]),
        .library(name: "Solar", targets: ["Solar"]),
        .library(name: "ScheduleArchive", targets: ["ScheduleArchive"]),
        .library(name: "SessionScoring", targets: ["SessionScoring"]),
    ],
    dependencies: [
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

        // The wake kernel's fused per-cell pass in C (SSE2 streaming stores).
        .target(name: "CWakeKernel"),
        // Physics core: legacy wake model and its BLAS batch kernel.
        .target(name: "WakePhysics", dependencies: ["CBLAS", "CWakeKernel"]),
        // Operator pages: HTTP/snapshot page sources, libxml2 HTML, value parsing, legacy layout.
        .target(name: "FleetScraper", dependencies: ["CLibXML2"]),
        // Curated fleet + scraped pages -> rating table (the apps' JSON), diffs, regression guard.
        .target(name: "ShipRatings", dependencies: ["WakePhysics", "FleetScraper"]),
        // CSV, Markdown and SVG outputs, written atomically.
        .target(
            name: "NextWaveReports",
            dependencies: [
                "ShipRatings", "WakePhysics", "FleetScraper", "SessionScoring", "ScheduleArchive", "CivilTime",
            ]),
        // Local dates, Europe/Zurich civil time, ISO-8601 with offsets.
        .target(name: "CivilTime"),
        // Sunrise, sunset and civil twilight after NOAA/Meeus.
        .target(name: "Solar", dependencies: ["CivilTime"]),
        // The schedule archive: stationboards, ship assignments, GTFS import, SQLite store, fetcher.
        .target(
            name: "ScheduleArchive",
            dependencies: [
                "CivilTime", "CSQLite", "CZlibCRC", "FleetScraper",
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
            ]),
        // The app's session rules (O(n) finder), and the survey over an archive.
        .target(
            name: "SessionScoring", dependencies: ["CivilTime", "Solar", "ScheduleArchive", "ShipRatings"]),
        // Thin command-line front end.
        .executableTarget(
            name: "nextwave",
            dependencies: [
                "WakePhysics", "FleetScraper", "ShipRatings", "NextWaveReports", "CivilTime", "Solar",
                "ScheduleArchive", "SessionScoring",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),

        // Test-only helpers (local HTTP server, repository paths). Not API.
        .target(name: "_TestSupport", path: "Sources/_TestSupport"),

        .testTarget(name: "WakePhysicsTests", dependencies: ["WakePhysics", "_TestSupport"]),
        .testTarget(name: "FleetScraperTests", dependencies: ["FleetScraper", "_TestSupport"]),
        .testTarget(
            name: "ShipRatingsTests",
            dependencies: ["ShipRatings", "NextWaveReports", "WakePhysics", "FleetScraper", "_TestSupport"]),
        .testTarget(name: "SolarTests", dependencies: ["Solar", "CivilTime"]),
        .testTarget(
            name: "ScheduleArchiveTests",
            dependencies: [
                "ScheduleArchive", "CivilTime", "_TestSupport",
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
            ], exclude: ["Fixtures"]),
        .testTarget(
            name: "SessionScoringTests",
            dependencies: ["SessionScoring", "ScheduleArchive", "ShipRatings", "Solar", "CivilTime", "_TestSupport"]),
        .testTarget(name: "CLITests", dependencies: ["_TestSupport", "nextwave"]),
    ]
)
