// swift-tools-version: 6.1
import PackageDescription

// The portable part of Next Wave that an app embeds: the app's session rules and the O(n)
// finder (SessionCore), local dates and the Europe/Zurich clock (CivilTime), sun times (Solar),
// a reader of the published rating table (ShipRatingReader) and of the wave feed (WaveFeed). Foundation only: no C, no
// Linux-only API, no other package, so a dependent resolves nothing else.
let package = Package(
    name: "SessionKit",
    platforms: [.macOS(.v13), .iOS(.v16)],
    products: [
        .library(name: "SessionCore", targets: ["SessionCore"]),
        .library(name: "CivilTime", targets: ["CivilTime"]),
        .library(name: "Solar", targets: ["Solar"]),
        .library(name: "ShipRatingReader", targets: ["ShipRatingReader"]),
        .library(name: "WaveRating", targets: ["WaveRating"]),
        .library(name: "WaveFeed", targets: ["WaveFeed"]),
        // An example client of the wave feed: SessionKit alone (README, "For app developers").
        .executable(name: "feed-client", targets: ["FeedClientExample"]),
    ],
    targets: [
        .target(name: "WaveRating"),
        .target(name: "CivilTime"),
        .target(name: "Solar", dependencies: ["CivilTime"]),
        .target(name: "SessionCore", dependencies: ["CivilTime", "Solar", "WaveRating"]),
        .target(name: "ShipRatingReader", dependencies: ["WaveRating"]),
        .target(name: "WaveFeed", dependencies: ["CivilTime", "WaveRating"]),
        .executableTarget(
            name: "FeedClientExample", dependencies: ["WaveFeed", "CivilTime", "WaveRating"],
            path: "Examples/FeedClient"),
        // The package's own tests: `swift test --package-path Packages/SessionKit` (scripts/test
        // runs it), Foundation and swift-testing only, as an app would build them.
        .testTarget(name: "CivilTimeTests", dependencies: ["CivilTime"]),
        .testTarget(name: "SolarTests", dependencies: ["Solar", "CivilTime"]),
        .testTarget(name: "WaveRatingTests", dependencies: ["WaveRating"]),
        .testTarget(name: "WaveFeedTests", dependencies: ["WaveFeed", "CivilTime", "WaveRating"]),
        .testTarget(name: "SessionCoreTests", dependencies: ["SessionCore", "CivilTime", "Solar", "WaveRating"]),
        // The published table's reader against every schema version, the app's own table and
        // the lookup rule's cross-language vectors (read from the repository SessionKit sits in).
        .testTarget(name: "ShipRatingReaderTests", dependencies: ["ShipRatingReader", "WaveRating"]),
        // The example client, run as a program on a feed folder (it is built by the same build).
        .testTarget(name: "FeedClientExampleTests", dependencies: ["FeedClientExample"], exclude: ["Fixtures"]),
    ]
)

// The root package's settings list: members visible only where their module is imported, and
// imports internal unless they say otherwise.
for target in package.targets {
    target.swiftSettings =
        (target.swiftSettings ?? []) + [
            .enableUpcomingFeature("MemberImportVisibility"), .enableUpcomingFeature("InternalImportsByDefault"),
        ]
}
// Each module has a README.md (concept, entry points, invariants): documentation, not a resource.
for target in package.targets where target.type == .regular {
    target.exclude.append("README.md")
}
