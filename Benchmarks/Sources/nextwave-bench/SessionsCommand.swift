import ArgumentParser
import CivilTime
import Foundation
import ScheduleArchive
import SessionScoring
import ShipRatings
import Solar

/// Session scoring over an archive: SessionFinder against the port of the app's algorithm on
/// the same station-days, asserting identical sessions; plus the whole survey end to end.
struct SessionsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sessions", abstract: "Time session scoring: the O(n) finder vs the app's algorithm.")

    @Option var archive: String
    @Option var ratings = "../Data/app-ratings.json"
    @Option var data = "../Data"
    @Option var repeats = 3

    struct Day {
        var waves: [Wave]
        var names: [String?]
        var sun: SunWindow
    }

    func run() throws {
        let opened = try ScheduleArchive(directory: URL(fileURLWithPath: archive, isDirectory: true))
        var start = Date()
        let refresh = try opened.refresh()
        let indexSeconds = Date().timeIntervalSince(start)
        guard let range = try opened.store.dateRange() else { throw ValidationError("empty archive") }
        let catalogue = try StationCatalogue.load(from: URL(fileURLWithPath: data).appendingPathComponent("stations.json"))
        let table = try RatingTable.load(from: URL(fileURLWithPath: ratings))
        let lookup = RatingLookup(table)

        // The whole survey, end to end (store scan, sun times, scoring), as `nextwave sessions` runs it.
        let survey = SessionSurvey(
            catalogue: catalogue, ratings: lookup, settings: SurveySettings(from: range.lowerBound, to: range.upperBound))
        var surveySeconds = Double.infinity
        var stationDays = 0
        for _ in 0..<repeats {
            start = Date()
            stationDays = 0
            _ = try survey.run(store: opened.store) { _ in stationDays += 1 }
            surveySeconds = min(surveySeconds, Date().timeIntervalSince(start))
        }

        // The same station-days as plain inputs, for scoring alone.
        let assignments = try opened.store.assignments(from: range.lowerBound, to: range.upperBound)
        var days: [Day] = []
        var current: (LocalDate, Int)?
        var times: [Int64] = []
        var names: [String?] = []
        func flush() {
            guard let (date, uic) = current, !times.isEmpty, let station = catalogue.station(uic: uic) else { return }
            let sun = SunWindow(SunTimes(latitude: station.latitude, longitude: station.longitude, date: date), precision: .seconds)
            let waves = zip(times, names).map { time, name in
                Wave(time: time, quality: SessionRules.quality(rating: name.flatMap { lookup.ship(named: $0)?.rating }, named: name != nil))
            }
            days.append(Day(waves: waves, names: names, sun: sun))
        }
        try opened.store.forEachDeparture(from: range.lowerBound, to: range.upperBound) { d in
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
        let lists = AppWaveAnalytics.ShipLists(
            threeWaveShips: table.ships.filter { $0.rating == 3 }.flatMap { [$0.name] + $0.aliases },
            twoWaveShips: table.ships.filter { $0.rating == 2 }.flatMap { [$0.name] + $0.aliases })
        let date = { (t: Int64) in Date(timeIntervalSince1970: TimeInterval(t)) }
        let appDays = days.map { day in
            (
                waves: zip(day.waves, day.names).map { AppWaveAnalytics.WaveEvent(time: date($0.time), shipName: $1) },
                sun: AppWaveAnalytics.SunTimes(
                    sunrise: date(day.sun.sunrise), sunset: date(day.sun.sunset),
                    civilTwilightBegin: date(day.sun.civilTwilightBegin), civilTwilightEnd: date(day.sun.civilTwilightEnd))
            )
        }

        var fast: [[SessionWindow]] = []
        var fastSeconds = Double.infinity
        for _ in 0..<repeats {
            start = Date()
            fast = days.map { SessionFinder.best(waves: $0.waves, sun: $0.sun) }
            fastSeconds = min(fastSeconds, Date().timeIntervalSince(start))
        }
        start = Date()
        let app = appDays.map { AppWaveAnalytics.bestSessions(waves: $0.waves, sun: $0.sun, ships: lists) }
        let appSeconds = Date().timeIntervalSince(start)

        // Identical results, or the comparison means nothing.
        var sessions = 0
        for (f, a) in zip(fast, app) {
            let same =
                f.map(\.start) == a.map { Int64($0.session.start.timeIntervalSince1970) }
                && f.map(\.end) == a.map { Int64($0.session.end.timeIntervalSince1970) }
                && f.map(\.count) == a.map(\.session.waves.count) && f.map(\.score) == a.map(\.score)
            guard same else { throw ValidationError("the finder and the app's algorithm disagree: \(f) vs \(a)") }
            sessions += f.count
        }
        emit([
            "stationDays": days.count, "surveyStationDays": stationDays, "waves": days.reduce(0) { $0 + $1.waves.count },
            "sessions": sessions, "identical": true, "fastSeconds": fastSeconds, "appSeconds": appSeconds,
            "ratio": appSeconds / fastSeconds, "surveySeconds": surveySeconds, "indexSeconds": indexSeconds,
            "indexedFiles": refresh.indexed,
        ])
    }
}
