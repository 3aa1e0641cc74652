import CivilTime
import Foundation
@_spi(Benchmarks) import ScheduleArchive
import SessionCore
import ShipRatingTable
import Testing
import _TestSupport

@_spi(Benchmarks) @testable import SessionAnalytics

/// docs/SCIENCE.md §2's worked example through the real archive, store and survey.
@Suite struct WorkedExampleTests {
    func survey(_ settings: SurveySettings, ratings: URL = RepositoryPaths.appRatings) throws -> [StationDay] {
        let directory = RepositoryPaths.temporaryDirectory("survey")
        defer { try? FileManager.default.removeItem(at: directory) }
        let archive = try ScheduleArchive(
            directory: RepositoryPaths.archive, storeURL: directory.appendingPathComponent("schedule.sqlite"))
        _ = try archive.refresh()
        let survey = SessionSurvey(
            catalogue: try StationCatalogue.load(from: RepositoryPaths.stations),
            ratings: RatingLookup(try RatingTable.load(from: ratings)), settings: settings)
        var days: [StationDay] = []
        _ = try survey.run(store: archive.store) { days.append($0) }
        return days
    }

    @Test func wadenswilOn22September2026WithTheAppsRatingsAndSun() throws {
        let day = LocalDate(iso: "2026-09-22")!
        let days = try survey(SurveySettings(from: day, to: day, stations: [8_503_670], sun: .app))
        let wadenswil = try #require(days.first)
        #expect(days.count == 1)
        let clock = ZoneClock.zurich
        let best = try #require(wadenswil.sessions.first)
        #expect(clock.hourMinute(best.start) == "14:31")
        #expect(clock.hourMinute(best.end) == "16:31")
        #expect(best.waves == 8)
        // By hand: 14:31 Forch, 14:32 Linth, 14:45 Panta Rhei, 15:29 Stadt Zürich, 15:31 Forch,
        // 16:04 Forch, 16:29 Panta Rhei, 16:31 Forch. App ratings: Panta Rhei 3 (10 each), Linth 2
        // and Stadt Zürich 2 (5 each), Forch 1 (2 each): 20 + 10 + 8 = 38 points; 8 waves in 2 h =
        // 4 per hour; 38 × 1.4 = 53.2. The app's sunset (19:24) is far away: no penalty.
        #expect(best.quality == 38)
        #expect(abs(best.score - 53.2) < 1e-9)
        #expect(best.ships == ["MS Forch", "MS Linth", "MS Panta Rhei", "DS Stadt Zürich"])
        // The app's point with seconds dropped: sunrise 07:12:54 → 07:12, sunset 19:24:15 → 19:24
        // (reference: scripts/sun-reference.py).
        #expect(clock.iso8601(wadenswil.sun.sunrise) == "2026-09-22T07:12:00+02:00")
        #expect(clock.iso8601(wadenswil.sun.sunset) == "2026-09-22T19:24:00+02:00")
        #expect(wadenswil.sessions.count == 5)
        #expect(zip(wadenswil.sessions, wadenswil.sessions.dropFirst()).allSatisfy { $0.score >= $1.score })
    }

    @Test func everyStationDayOfTheBundledArchiveIsScored() throws {
        let days = try survey(
            SurveySettings(from: LocalDate(iso: "2026-09-22")!, to: LocalDate(iso: "2026-10-01")!, sun: .station))
        // 15 stations served; the steamer-only piers are not served every day.
        #expect(Set(days.map(\.station)).count == 15)
        #expect(days.reduce(0) { $0 + $1.waveCount } == 1428)
        #expect(days.allSatisfy { $0.unknownShipWaves == 0 })
        #expect(days.allSatisfy { $0.sessions.count <= 5 })
        // Station sun times differ from the app's point: Rapperswil lies 0.38° east of it.
        let rapperswil = try #require(days.first { $0.station == 8_503_667 })
        #expect(rapperswil.sun.sunrise % 60 != 0 || rapperswil.sun.sunset % 60 != 0)
    }

    /// Settings a library caller might pass that the job refuses: reversed dates cover no day,
    /// a `top` below 1 keeps the days with their waves and no session; neither traps.
    @Test func reversedDatesAndATopBelowOneAreEmptySurveysNotTraps() throws {
        let (first, last) = (LocalDate(iso: "2026-09-22")!, LocalDate(iso: "2026-09-24")!)
        #expect(try survey(SurveySettings(from: last, to: first, sun: .app)).isEmpty)
        let ordinary = try survey(SurveySettings(from: first, to: last, sun: .app))
        for top in [0, -3, Int.min] {
            let none = try survey(SurveySettings(from: first, to: last, sun: .app, top: top))
            #expect(
                none.map(\.station) == ordinary.map(\.station) && none.map(\.waveCount) == ordinary.map(\.waveCount))
            #expect(none.allSatisfy { $0.sessions.isEmpty && $0.distinctSessions.isEmpty })
        }
        #expect(ordinary.contains { !$0.sessions.isEmpty })
    }

    /// A catalogue built in code with Wädenswil at latitude 200°: the survey does not trap or
    /// fail; the station counts as one without coordinates (reported), scored under the app's
    /// point, exactly as the app's sun source scores it.
    @Test func aStationOffTheGlobeIsScoredAsOneWithoutCoordinates() throws {
        let loaded = try StationCatalogue.load(from: RepositoryPaths.stations)
        let moved = loaded.stations.map { station in
            var station = station
            if station.uic == 8_503_670 { station.latitude = 200 }
            return station
        }
        let day = LocalDate(iso: "2026-09-22")!
        let directory = RepositoryPaths.temporaryDirectory("survey")
        defer { try? FileManager.default.removeItem(at: directory) }
        let archive = try ScheduleArchive(
            directory: RepositoryPaths.archive, storeURL: directory.appendingPathComponent("schedule.sqlite"))
        _ = try archive.refresh()
        let ratings = RatingLookup(try RatingTable.load(from: RepositoryPaths.appRatings))
        func run(_ catalogue: StationCatalogue, sun: SunSource) throws -> ([StationDay], SurveyReport) {
            let survey = SessionSurvey(
                catalogue: catalogue, ratings: ratings,
                settings: SurveySettings(from: day, to: day, stations: [8_503_670], sun: sun))
            var days: [StationDay] = []
            let report = try survey.run(store: archive.store) { days.append($0) }
            return (days, report)
        }
        let (offGlobe, report) = try run(
            StationCatalogue(stations: moved, warnings: loaded.warnings, operators: loaded.operators), sun: .station)
        let (app, _) = try run(loaded, sun: .app)
        #expect(report.stationsWithoutCoordinates == [8_503_670])
        #expect(offGlobe.count == 1 && offGlobe.map(\.sun) == app.map(\.sun))
        #expect(offGlobe.first?.stationName == app.first?.stationName)
        #expect(offGlobe.map(\.sessions) == app.map(\.sessions))
    }

    @Test func aCourseWithoutAssignmentIsAnUnknownShip() throws {
        let directory = RepositoryPaths.temporaryDirectory("unknown")
        defer { try? FileManager.default.removeItem(at: directory) }
        let boards = directory.appendingPathComponent("stationboards/2026-09-22")
        try FileManager.default.createDirectory(at: boards, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: RepositoryPaths.archive.appendingPathComponent("stationboards/2026-09-22/8503670.json"),
            to: boards.appendingPathComponent("8503670.json"))
        let archive = try ScheduleArchive(directory: directory)
        _ = try archive.refresh()
        let survey = SessionSurvey(
            catalogue: try StationCatalogue.load(from: RepositoryPaths.stations),
            ratings: RatingLookup(try RatingTable.load(from: RepositoryPaths.appRatings)),
            settings: SurveySettings(from: LocalDate(iso: "2026-09-22")!, to: LocalDate(iso: "2026-09-22")!, sun: .app))
        var days: [StationDay] = []
        let report = try survey.run(store: archive.store) { days.append($0) }
        let best = try #require(days.first?.sessions.first)
        #expect(days.first?.unknownShipWaves == 36)
        #expect(report.unknownShipWaves == 36)
        // 8 unknown waves in the same window: 8 points × 1.4.
        #expect(best.waves == 8 && best.quality == 8 && best.ships.isEmpty && best.unknownWaves == 8)
    }
}
