import AppAlgorithmBaseline
import ArgumentParser
import CivilTime
import Foundation
@_spi(Benchmarks) import ScheduleArchive
@_spi(Benchmarks) import SessionAnalytics
import SessionCore
import ShipRatingTable
import Solar
import Synthetic

/// Session scoring over an archive: SessionFinder against the port of the app's algorithm on
/// the same station-days, asserting identical sessions; plus the whole survey end to end.
struct SessionsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sessions", abstract: "Time session scoring: the O(n) finder vs the app's algorithm.")

    @Option var archive: String
    @Option var ratings = "../Data/app-ratings.json"
    @Option var data = "../Data"
    @Option var repeats = 3

    func run() throws {
        let opened = try ScheduleArchive(directory: URL(fileURLWithPath: archive, isDirectory: true))
        var start = Date()
        let refresh = try opened.refresh()
        let indexSeconds = Date().timeIntervalSince(start)
        guard let range = try opened.store.dateRange() else { throw ValidationError("empty archive") }
        let catalogue = try StationCatalogue.load(
            from: URL(fileURLWithPath: data).appendingPathComponent("stations.json"))
        let table = try RatingTable.load(from: URL(fileURLWithPath: ratings))
        let lookup = RatingLookup(table)

        // The whole survey, end to end (store scan, sun times, scoring), as `nextwave sessions` runs it.
        let survey = SessionSurvey(
            catalogue: catalogue, ratings: lookup,
            settings: SurveySettings(from: range.lowerBound, to: range.upperBound))
        var surveySeconds = Double.infinity
        var stationDays = 0
        for _ in 0..<repeats {
            start = Date()
            stationDays = 0
            _ = try survey.run(store: opened.store) { _ in stationDays += 1 }
            surveySeconds = min(surveySeconds, Date().timeIntervalSince(start))
        }

        // The same station-days as plain inputs, for scoring alone.
        let inputs = try StationDayInputs(survey: survey, store: opened.store, table: table)
        let days = inputs.days
        let appDays = inputs.appDays
        let lists = inputs.lists

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
        // Per season, in the same run: winter days (November–March) run fewer ships than summer
        // days, and the app's O(n²) walk pays for every extra departure.
        var seasons: [String: Any] = [:]
        for (season, months) in [("winter", Set([11, 12, 1, 2, 3])), ("summer", Set(4...10))] {
            let picked = days.indices.filter { i in
                guard let first = days[i].waves.first else { return false }
                return months.contains(ZoneClock.zurich.localDate(at: first.time).month)
            }
            guard !picked.isEmpty else { continue }
            var fastPart = Double.infinity
            for _ in 0..<repeats {
                start = Date()
                for i in picked { _ = SessionFinder.best(waves: days[i].waves, sun: days[i].sun) }
                fastPart = min(fastPart, Date().timeIntervalSince(start))
            }
            start = Date()
            for i in picked {
                _ = AppWaveAnalytics.bestSessions(waves: appDays[i].waves, sun: appDays[i].sun, ships: lists)
            }
            let appPart = Date().timeIntervalSince(start)
            let n = Double(picked.count)
            seasons[season] = [
                "stationDays": picked.count,
                "wavesPerStationDay": Double(picked.reduce(0) { $0 + days[$1].waves.count }) / n,
                "fastMicrosPerStationDay": fastPart / n * 1e6, "appMicrosPerStationDay": appPart / n * 1e6,
                "ratio": appPart / fastPart,
            ]
        }
        emit([
            "seasons": seasons,
            "stationDays": days.count, "surveyStationDays": stationDays,
            "waves": days.reduce(0) { $0 + $1.waves.count },
            "sessions": sessions, "identical": true, "fastSeconds": fastSeconds, "appSeconds": appSeconds,
            "ratio": appSeconds / fastSeconds, "surveySeconds": surveySeconds, "indexSeconds": indexSeconds,
            "indexedFiles": refresh.indexed,
        ])
    }
}
