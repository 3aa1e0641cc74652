import ArgumentParser
import CivilTime
import Foundation
@_spi(Benchmarks) import ScheduleArchive
@_spi(Benchmarks) import SessionAnalytics
@_spi(Benchmarks) import SessionCore
import ShipRatingTable
@_spi(Benchmarks) import Synthetic
@_spi(Benchmarks) import WakeKernelSupport
import _AppAlgorithm

/// Session scoring over an archive: SessionFinder against the ports of the app's algorithm (the
/// current one at a phone's and at Linux Foundation's costs, and the superseded app 3.7) on the same
/// station-days, asserting identical sessions; a profile of the finder; the survey end to end.
struct SessionsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sessions", abstract: "Time session scoring: the finder vs the app's algorithms.")

    @Option var archive: String
    @Option var ratings = "../Data/app-ratings.json"
    @Option var data = "../Data"
    @Option var repeats = 5
    @Option(help: "Only run the finder over every station-day this many times (for a profiler), then stop.")
    var profileFinder: Int?

    /// The best of `repeats` runs of `body`, seconds.
    func best(_ runs: Int? = nil, _ body: () -> Void) -> Double {
        var seconds = Double.infinity
        for _ in 0..<(runs ?? repeats) {
            let start = ContinuousClock.now
            body()
            let elapsed = ContinuousClock.now - start
            seconds = min(
                seconds, Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
        }
        return seconds
    }

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
        var stationDays = 0
        let surveySeconds = best(3) {
            stationDays = 0
            _ = try? survey.run(store: opened.store) { _ in stationDays += 1 }
        }

        // The same station-days as plain inputs, for scoring alone.
        start = Date()
        let inputs = try StationDayInputs(survey: survey, store: opened.store, table: table)
        let inputSeconds = Date().timeIntervalSince(start)
        let days = inputs.days
        let waves = days.reduce(0) { $0 + $1.waves.count }
        if let profileFinder {
            let seconds = best(profileFinder) {
                days.withUnsafeBufferPointer { d in
                    for i in d.indices { blackHoleWindows(SessionFinder.best(waves: d[i].waves, sun: d[i].sun)) }
                }
            }
            emit(["fastSeconds": seconds, "waves": waves])
            return
        }

        // Each algorithm is timed over every station-day, each day's result used and let go at
        // once (as a report does); the results compared below come from one more, untimed run.
        // The days are borrowed from their buffer, not copied (a copy retains and releases
        // each day's arrays: harness time, not the algorithm's).
        let fastSeconds = best {
            days.withUnsafeBufferPointer { d in
                for i in d.indices { blackHoleWindows(SessionFinder.best(waves: d[i].waves, sun: d[i].sun)) }
            }
        }
        let app37Seconds = best(1) {
            inputs.appDays.withUnsafeBufferPointer { d in
                for i in d.indices {
                    blackHole(AppAnalytics37.bestSessions(waves: d[i].waves, sun: d[i].sun, ships: inputs.lists))
                }
            }
        }
        let currentSeconds = best(2) {
            inputs.currentAppDays.withUnsafeBufferPointer { d in
                for i in d.indices { blackHole(AppAnalyticsCurrent.analyzeWaves(d[i].waves, sunTimes: d[i].sun)) }
            }
        }
        let linuxSeconds = best(2) {
            inputs.currentAppDays.withUnsafeBufferPointer { d in
                for i in d.indices {
                    blackHole(
                        AppAnalyticsCurrent.analyzeWaves(d[i].waves, sunTimes: d[i].sun, platform: .linuxFoundation))
                }
            }
        }
        let fast = days.map { SessionFinder.best(waves: $0.waves, sun: $0.sun) }
        let app37 = inputs.appDays.map {
            AppAnalytics37.bestSessions(waves: $0.waves, sun: $0.sun, ships: inputs.lists)
        }
        let current = inputs.currentAppDays.map { AppAnalyticsCurrent.analyzeWaves($0.waves, sunTimes: $0.sun) }
        let linux = inputs.currentAppDays.map {
            AppAnalyticsCurrent.analyzeWaves($0.waves, sunTimes: $0.sun, platform: .linuxFoundation)
        }

        // Identical results, or the comparison means nothing.
        var sessions = 0
        for i in days.indices {
            let f = fast[i]
            let starts = f.map(\.start)
            let ends = f.map(\.end)
            let counts = f.map(\.count)
            let scores = f.map(\.score)
            let seconds = { (d: Date) in Int64(d.timeIntervalSince1970) }
            let same37 =
                starts == app37[i].map { seconds($0.session.start) } && ends == app37[i].map { seconds($0.session.end) }
                && counts == app37[i].map(\.session.waves.count) && scores == app37[i].map(\.score)
            let sameCurrent = [current[i], linux[i]].allSatisfy { app in
                starts == app.map { seconds($0.slot.startTime) } && ends == app.map { seconds($0.slot.endTime) }
                    && counts == app.map(\.slot.waveCount) && scores == app.map(\.score)
            }
            guard same37, sameCurrent else {
                throw ValidationError("the finder and an app algorithm disagree on station-day \(i): \(f)")
            }
            sessions += f.count
        }

        // Where the finder's time goes: the search alone (no window kept), and a pass that only
        // reads every wave (the floor of touching the inputs); ticks of the time-stamp counter.
        var windows = 0
        let searchSeconds = best {
            windows = days.withUnsafeBufferPointer { d in
                d.indices.reduce(0) { $0 + SessionFinder.qualifyingWindows(waves: d[$1].waves, sun: d[$1].sun) }
            }
        }
        var checksum: Int64 = 0
        let readSeconds = best {
            checksum = days.withUnsafeBufferPointer { d in
                d.indices.reduce(0) { sum, i in d[i].waves.reduce(sum) { $0 &+ $1.time } }
            }
        }
        var ticks = UInt64.max
        for _ in 0..<repeats {
            let tick = kernelTicks()
            days.withUnsafeBufferPointer { d in
                for i in d.indices { blackHoleWindows(SessionFinder.best(waves: d[i].waves, sun: d[i].sun)) }
            }
            ticks = min(ticks, kernelTicks() &- tick)
        }
        // A second pass over each day right after the first (its waves then in cache): what the
        // first touch of a day's waves costs.
        let twiceSeconds = best {
            days.withUnsafeBufferPointer { d in
                for i in d.indices {
                    for _ in 0..<2 { blackHoleWindows(SessionFinder.best(waves: d[i].waves, sun: d[i].sun)) }
                }
            }
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
            let fastPart = best {
                each(days, picked) { blackHoleWindows(SessionFinder.best(waves: $0.waves, sun: $0.sun)) }
            }
            let app37Part = best(1) {
                each(inputs.appDays, picked) {
                    blackHole(AppAnalytics37.bestSessions(waves: $0.waves, sun: $0.sun, ships: inputs.lists))
                }
            }
            let currentPart = best(2) {
                each(inputs.currentAppDays, picked) {
                    blackHole(AppAnalyticsCurrent.analyzeWaves($0.waves, sunTimes: $0.sun))
                }
            }
            let linuxPart = best(2) {
                each(inputs.currentAppDays, picked) {
                    blackHole(AppAnalyticsCurrent.analyzeWaves($0.waves, sunTimes: $0.sun, platform: .linuxFoundation))
                }
            }
            let n = Double(picked.count)
            seasons[season] = [
                "stationDays": picked.count,
                "wavesPerStationDay": Double(picked.reduce(0) { $0 + days[$1].waves.count }) / n,
                "fastMicrosPerStationDay": fastPart / n * 1e6,
                "app37MicrosPerStationDay": app37Part / n * 1e6, "ratio37": app37Part / fastPart,
                "currentMicrosPerStationDay": currentPart / n * 1e6, "ratioCurrent": currentPart / fastPart,
                "linuxMicrosPerStationDay": linuxPart / n * 1e6, "ratioLinux": linuxPart / fastPart,
            ]
        }
        emit([
            "seasons": seasons,
            "stationDays": days.count, "surveyStationDays": stationDays, "waves": waves,
            "sessions": sessions, "identical": true, "fastSeconds": fastSeconds,
            "app37Seconds": app37Seconds, "ratio37": app37Seconds / fastSeconds,
            "currentSeconds": currentSeconds, "ratioCurrent": currentSeconds / fastSeconds,
            "linuxSeconds": linuxSeconds, "ratioLinux": linuxSeconds / fastSeconds,
            "profile": [
                "nanosecondsPerWave": fastSeconds / Double(waves) * 1e9,
                "ticksPerWave": Double(ticks) / Double(waves),
                "nanosecondsPerStationDay": fastSeconds / Double(days.count) * 1e9,
                "searchSeconds": searchSeconds, "readSeconds": readSeconds, "windows": windows,
                "warmSeconds": twiceSeconds - fastSeconds,
                "checksum": Double(checksum),
            ],
            "surveySeconds": surveySeconds, "indexSeconds": indexSeconds, "inputSeconds": inputSeconds,
            "indexedFiles": refresh.indexed,
        ])
    }
}

/// `body` for the items at `indices`, each borrowed from the array's buffer (a copy would retain
/// and release the item's arrays: the harness's time, not the algorithm's).
func each<T>(_ items: [T], _ indices: [Int], _ body: (T) -> Void) {
    items.withUnsafeBufferPointer { buffer in
        for i in indices { body(buffer[i]) }
    }
}

/// Keeps the optimiser from dropping a result it cannot see used.
@inline(never) func blackHoleWindows(_ windows: [SessionWindow]) { withExtendedLifetime(windows) {} }
@inline(never) func blackHole<T>(_ value: T) { withExtendedLifetime(value) {} }
