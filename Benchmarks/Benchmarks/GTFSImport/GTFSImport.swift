import Benchmark
import Foundation
@_spi(Benchmarks) import ScheduleArchive
import Synthetic

// GTFS import throughput on a synthetic 1-million-line feed (zipped; generated once in a
// temporary folder): streaming inflate, CSV parsing, trip filtering, calendar expansion and the
// store insert. compare.sh runs the 30-million-line feed end to end.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .cpuTotal, .peakMemoryResident], maxDuration: .seconds(20),
        maxIterations: 10)
    let data = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Data")
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("nextwave-bench-gtfs-1M")
    let zip = folder.appendingPathComponent("feed.zip")
    if !FileManager.default.fileExists(atPath: zip.path) {
        let stations = try! StationCatalogue.load(from: data.appendingPathComponent("stations.json")).stations
        _ = try! SyntheticGTFS(stations: Array(stations.prefix(240)), year: 2026, stopTimeLines: 1_000_000)
            .write(folder: folder.appendingPathComponent("tables"), zip: zip)
    }

    Benchmark("import-gtfs 1M stop_times lines (zip → in-memory store)") { benchmark in
        for _ in benchmark.scaledIterations {
            let store = try ScheduleStore(url: nil)
            blackHole(try GTFSImporter(agencies: ["194"]).run(feed: GTFSFeed(url: zip), into: store))
        }
    }
}
