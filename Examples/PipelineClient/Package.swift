// swift-tools-version: 6.1
import PackageDescription

// A client of the toolkit's library products and nothing else: it depends on RatingsPipeline and
// SessionsPipeline as another package would, rates the bundled fleet and plans a rider's days on
// the bundled archive. `scripts/test` builds and runs the same source as the root package's
// `example-pipeline-client` target, whose dependencies are the same two products (held there by
// scripts/check-architecture), so a type the products' API names but does not export fails it.
let package = Package(
    name: "PipelineClient",
    platforms: [.macOS(.v13)],
    dependencies: [.package(name: "NextWave", path: "../..")],
    targets: [
        .executableTarget(
            name: "pipeline-client",
            dependencies: [
                .product(name: "RatingsPipeline", package: "NextWave"),
                .product(name: "SessionsPipeline", package: "NextWave"),
            ])
    ]
)
