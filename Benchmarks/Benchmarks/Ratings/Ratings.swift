import Benchmark
@_spi(Benchmarks) import FleetScraper
import Foundation
@_spi(Benchmarks) import RatingsReports
import ShipRatingTable
@_spi(Benchmarks) import ShipRatings

// `nextwave ratings` on the bundled snapshot, in process: libxml2 parsing of the ten pages,
// the curated merge, the batch, and every report rendered (files are not written).
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .cpuTotal, .peakMemoryResident, .mallocCountTotal], maxDuration: .seconds(5))
    let data = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Data")

    Benchmark("ratings pipeline on the snapshot") { benchmark in
        for _ in benchmark.scaledIterations {
            let fleet = try CuratedFleet.load(from: data.appendingPathComponent("fleet.json"))
            let source = try SnapshotPageSource(directory: data.appendingPathComponent("snapshots/zsg-2025-01-14"))
            let root = URL(string: source.manifest.siteRoot)!
            let index = URL(string: source.manifest.indexURL)!
            let scrape = try await LegacyFleetScraper(siteRoot: root, indexPath: index.path).scrape(from: source)
            let run = try RatingTableBuilder(fleet: fleet, fleetReference: "Data/fleet.json").build(
                from: scrape.pages, generatedAt: Date())
            blackHole(LegacyShipDataCSV.render(run.scraped))
            blackHole(try run.table.jsonData())
            blackHole(RatingsChartSVG.render(run.table))
        }
    }
}
