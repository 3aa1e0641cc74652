import Benchmark
import CivilTime
import Foundation
import ScheduleArchive
import SessionScoring
import ShipRatings
import Synthetic

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
                blackHole(AppWaveAnalytics.bestSessions(waves: day.waves, sun: day.sun, ships: fixture.lists))
            }
        }
    }
}

/// A generated, indexed archive and its station-days as plain inputs.
final class SessionFixture: @unchecked Sendable {
    let archive: ScheduleArchive
    let survey: SessionSurvey
    let days: [(waves: [Wave], sun: SunWindow)]
    let appDays: [(waves: [AppWaveAnalytics.WaveEvent], sun: AppWaveAnalytics.SunTimes)]
    let lists: AppWaveAnalytics.ShipLists

    init(data: URL, days count: Int) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("nextwave-bench-sessions-\(count)")
        let catalogue = try StationCatalogue.load(from: data.appendingPathComponent("stations.json"))
        let first = LocalDate(iso: "2026-06-01")!
        if !FileManager.default.fileExists(atPath: folder.appendingPathComponent("deployments").path) {
            _ = try SyntheticArchive(stations: Array(catalogue.stations.prefix(240)), first: first, days: count)
                .write(to: folder)
        }
        archive = try ScheduleArchive(directory: folder)
        _ = try archive.refresh()
        let table = try RatingTable.load(from: data.appendingPathComponent("app-ratings.json"))
        let lookup = RatingLookup(table)
        survey = SessionSurvey(
            catalogue: catalogue, ratings: lookup,
            settings: SurveySettings(from: first, to: first.adding(days: count - 1)))
        var collected: [(waves: [Wave], names: [String?], sun: SunWindow)] = []
        var ships: [[String?]] = []
        _ = try survey.run(store: archive.store) { _ in }
        // Rebuild the inputs the survey scored, day by day, from the store.
        let assignments = try archive.store.assignments(from: first, to: first.adding(days: count - 1))
        var current: (LocalDate, Int)?
        var times: [Int64] = []
        var names: [String?] = []
        func flush() {
            guard let (date, uic) = current, let station = catalogue.station(uic: uic) else { return }
            let sun = SunWindow(
                .init(latitude: station.latitude, longitude: station.longitude, date: date), precision: .seconds)
            let waves = zip(times, names).map { time, name in
                Wave(time: time, quality: SessionRules.quality(rating: name.flatMap { lookup.ship(named: $0)?.rating }, named: name != nil))
            }
            collected.append((waves, names, sun))
            ships.append(names)
        }
        try archive.store.forEachDeparture(from: first, to: first.adding(days: count - 1)) { d in
            if current == nil || current! != (d.date, d.station) {
                flush()
                current = (d.date, d.station)
                times.removeAll()
                names.removeAll()
            }
            times.append(d.time)
            names.append(d.course.isEmpty ? nil : assignments[d.date]?[d.course])
        }
        flush()
        days = collected.map { ($0.waves, $0.sun) }
        let date = { (t: Int64) in Date(timeIntervalSince1970: TimeInterval(t)) }
        appDays = collected.map { day in
            (
                zip(day.waves, day.names).map { AppWaveAnalytics.WaveEvent(time: date($0.time), shipName: $1) },
                AppWaveAnalytics.SunTimes(
                    sunrise: date(day.sun.sunrise), sunset: date(day.sun.sunset),
                    civilTwilightBegin: date(day.sun.civilTwilightBegin), civilTwilightEnd: date(day.sun.civilTwilightEnd))
            )
        }
        lists = AppWaveAnalytics.ShipLists(
            threeWaveShips: table.ships.filter { $0.rating == 3 }.flatMap { [$0.name] + $0.aliases },
            twoWaveShips: table.ships.filter { $0.rating == 2 }.flatMap { [$0.name] + $0.aliases })
    }
}
