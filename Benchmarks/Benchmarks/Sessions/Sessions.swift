import Benchmark
import CivilTime
import Foundation
@_spi(Benchmarks) import ScheduleArchive
@_spi(Benchmarks) import SessionAnalytics
import SessionCore
import ShipRatingTable
@_spi(Benchmarks) import Synthetic
import _AppAlgorithm

// Session scoring over a synthetic archive (240 stations × 30 days, generated and indexed once
// in a temporary folder): the survey end to end, the O(n) finder alone, and the app's algorithm
// on the same station-days. compare.sh runs the full year.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .cpuTotal, .peakMemoryResident, .mallocCountTotal], maxDuration: .seconds(10),
        maxIterations: 30)
    let data = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Data")
    let fixture = try! SessionFixture(data: data, days: 30)

    Benchmark("survey 240 stations × 30 days (store scan, sun, scoring)") { benchmark in
        for _ in benchmark.scaledIterations {
            var count = 0
            _ = try fixture.survey.run(store: fixture.archive.store) { _ in count += 1 }
            blackHole(count)
        }
    }
    Benchmark("SessionFinder over 7200 station-days") { benchmark in
        for _ in benchmark.scaledIterations {
            for day in fixture.days { blackHole(SessionFinder.best(waves: day.waves, sun: day.sun)) }
        }
    }
    Benchmark("app's algorithm over 7200 station-days", configuration: .init(maxIterations: 5)) { benchmark in
        for _ in benchmark.scaledIterations {
            for day in fixture.appDays {
                blackHole(AppAnalytics37.bestSessions(waves: day.waves, sun: day.sun, ships: fixture.lists))
            }
        }
    }
}

/// A generated, indexed archive and its station-days as plain inputs.
final class SessionFixture: @unchecked Sendable {
    let archive: ScheduleArchive
    let survey: SessionSurvey
    let days: [StationDayInputs.Day]
    let appDays: [(waves: [AppAnalytics37.WaveEvent], sun: AppAnalytics37.SunTimes)]
    let lists: AppAnalytics37.ShipLists

    init(data: URL, days count: Int) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("nextwave-bench-sessions-\(count)")
        let catalogue = try StationCatalogue.load(from: data.appendingPathComponent("stations.json"))
        let first = LocalDate(iso: "2026-06-01")!
        let last = first.adding(days: count - 1)
        if !FileManager.default.fileExists(atPath: folder.appendingPathComponent("deployments").path) {
            _ = try SyntheticArchive(stations: Array(catalogue.stations.prefix(240)), first: first, days: count)
                .write(to: folder)
        }
        archive = try ScheduleArchive(directory: folder)
        _ = try archive.refresh()
        let table = try RatingTable.load(from: data.appendingPathComponent("app-ratings.json"))
        survey = SessionSurvey(
            catalogue: catalogue, ratings: RatingLookup(table), settings: SurveySettings(from: first, to: last))
        let inputs = try StationDayInputs(survey: survey, store: archive.store, table: table)
        days = inputs.days
        appDays = inputs.appDays
        lists = inputs.lists
    }
}
