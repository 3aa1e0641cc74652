import CivilTime
import Foundation
@_spi(Benchmarks) import ScheduleArchive
import SessionCore
import ShipRatingTable
import Testing
import WaveRating
import _TestSupport

@_spi(Benchmarks) @testable import SessionAnalytics

/// Predicted ship assignments (issue: sessions for riders) on a small store built here: course
/// 900 calls at Wädenswil (See) three times a day, 14:00, 14:30 and 15:00, and runs on to Stäfa.
@Suite struct PredictionTests {
    static let wadenswil = 8_503_670
    static let stafa = 8_503_665
    static let clock = ZoneClock.zurich

    /// The course's four calls a day: 14:00 Wädenswil, 14:15 Stäfa, 14:30 and 15:00 Wädenswil.
    static let calls = [(840, wadenswil), (855, stafa), (870, wadenswil), (900, wadenswil)]

    /// A store with the course on `days`, assignments `ships[date]` where given; a day in
    /// `callsOn` has those calls instead of ``calls``.
    func store(
        days: [String], ships: [String: String], callsOn: [String: [(Int, Int)]] = [:]
    ) throws -> ScheduleStore {
        let store = try ScheduleStore(url: nil)
        try store.transaction {
            let source = try store.beginSource(kind: .gtfs, path: "constructed", size: 0, modified: 0)
            let writer = try store.departureWriter(source: source)
            for text in days {
                let date = LocalDate(iso: text)!
                for (minutes, station) in callsOn[text] ?? Self.calls {
                    try writer.add(
                        Departure(
                            station: station, date: date,
                            time: Self.clock.unixTime(of: date, secondsAfterMidnight: minutes * 60), course: "900",
                            category: "BAT"))
                }
            }
            for (text, ship) in ships {
                let date = LocalDate(iso: text)!
                let file = try store.beginSource(
                    kind: .deployments, path: "deployments/\(text).json", size: 0, modified: 0)
                try store.addAssignments(
                    [ShipAssignment(date: date, course: "0900", ship: ship)], filed: date, source: file)
            }
        }
        return store
    }

    func survey(_ store: ScheduleStore, day: String, predict: Bool = true) throws -> StationDay {
        let catalogue = try StationCatalogue.load(from: RepositoryPaths.stations)
        let periods = try SchedulePeriods.load(from: RepositoryPaths.schedulePeriods)
        let date = LocalDate(iso: day)!
        var survey = SessionSurvey(
            catalogue: catalogue, ratings: RatingLookup(try RatingTable.load(from: RepositoryPaths.appRatings)),
            settings: SurveySettings(from: date, to: date, stations: [Self.wadenswil], sun: .app))
        if predict {
            survey.predictions = try ShipPredictions.learn(from: store, catalogue: catalogue, periods: periods)
        }
        var days: [StationDay] = []
        _ = try survey.run(store: store) { days.append($0) }
        return try #require(days.first)
    }

    @Test func aWaveTakesTheShipsOfItsCourseByTheirShareOfTheDays() throws {
        // Summer days: Panta Rhei twice, Helvetia once; the day in question has no assignment.
        let store = try store(
            days: ["2026-07-06", "2026-07-07", "2026-07-08", "2026-07-09"],
            ships: ["2026-07-06": "MS Panta Rhei", "2026-07-07": "MS Helvetia", "2026-07-08": "MS Panta Rhei"])
        let day = try survey(store, day: "2026-07-09")
        #expect(day.waves.count == 3)
        guard case .predicted(let shares) = day.waves[0].ship else {
            Issue.record("not predicted: \(day.waves[0].ship)")
            return
        }
        #expect(
            shares == [
                ShipShare(ship: "MS Panta Rhei", share: 2.0 / 3, rating: .three),
                ShipShare(ship: "MS Helvetia", share: 1.0 / 3, rating: .two),
            ])  // each with its rating in the app's table
        // By hand, app ratings: Panta Rhei 3 → 10 points, Helvetia 2 → 5: 2/3 × 10 + 1/3 × 5 = 25/3.
        #expect(abs(day.waves[0].points - 25.0 / 3) < 1e-12)
        // One session 14:00–15:00, three waves: 25 points × (1 + 3/10) = 32.5.
        let session = try #require(day.sessions.first)
        #expect(session.waves == 3 && abs(session.quality - 25) < 1e-12 && abs(session.score - 32.5) < 1e-9)
        #expect(session.predictedWaves == 3 && session.predictedShips == ["MS Panta Rhei"] && session.ships.isEmpty)
        #expect(day.predictedShipWaves == 3)
        // The next stop of the 14:00 wave is Stäfa (14:15); of the 15:00 wave, none.
        #expect(day.waves[0].nextStop == Self.stafa && day.waves[0].nextStopName == "Stäfa (See)")
        #expect(day.waves[2].nextStop == nil)
    }

    @Test func withPredictionsOffTheWaveIsUnknownAsInTheApp() throws {
        let store = try store(days: ["2026-07-06", "2026-07-09"], ships: ["2026-07-06": "MS Panta Rhei"])
        let day = try survey(store, day: "2026-07-09", predict: false)
        #expect(day.waves.allSatisfy { $0.ship == .none && $0.points == 1 })
        // 3 × 1 point × 1.3 = 3.9
        #expect(abs((day.sessions.first?.score ?? 0) - 3.9) < 1e-9)
    }

    @Test func aKnownShipIsNeverOverriddenByAPrediction() throws {
        let store = try store(
            days: ["2026-07-06", "2026-07-09"], ships: ["2026-07-06": "MS Panta Rhei", "2026-07-09": "MS Forch"])
        let day = try survey(store, day: "2026-07-09")
        #expect(day.waves.allSatisfy { $0.ship == .known("MS Forch") && $0.points == 2 && $0.rating == .one })
    }

    @Test func theSamePeriodFirstThenAllArchivedDays() throws {
        // Summer (to 30 Sep): Panta Rhei; autumn (1–19 Oct): Helvetia. Winter has no data.
        let store = try store(
            days: ["2026-09-28", "2026-10-05", "2026-09-29", "2026-10-06", "2026-12-01"],
            ships: ["2026-09-28": "MS Panta Rhei", "2026-10-05": "MS Helvetia"])
        let summer = try survey(store, day: "2026-09-29")
        #expect(summer.waves[0].ship == .predicted([ShipShare(ship: "MS Panta Rhei", share: 1, rating: .three)]))
        let autumn = try survey(store, day: "2026-10-06")
        #expect(autumn.waves[0].ship == .predicted([ShipShare(ship: "MS Helvetia", share: 1, rating: .two)]))
        let winter = try survey(store, day: "2026-12-01")
        #expect(
            winter.waves[0].ship
                == .predicted([
                    ShipShare(ship: "MS Helvetia", share: 0.5, rating: .two),
                    ShipShare(ship: "MS Panta Rhei", share: 0.5, rating: .three),
                ]))
    }

    /// A day counts once for the ship that ran the course, however many calls the course made
    /// that day (the doc comment of `ShipPredictions.learn`): Panta Rhei on a day of four calls
    /// and Helvetia on a day of one share the course 1:1. Counting calls would give 4:1 (0.8 and
    /// 0.2), skewing predictions wherever weekday and weekend timetables differ.
    @Test func aDayCountsOnceHoweverManyCallsTheCourseMade() throws {
        let store = try store(
            days: ["2026-07-06", "2026-07-07", "2026-07-09"],
            ships: ["2026-07-06": "MS Panta Rhei", "2026-07-07": "MS Helvetia"],
            callsOn: ["2026-07-07": [(840, Self.wadenswil)]])
        let day = try survey(store, day: "2026-07-09")
        guard case .predicted(let shares) = day.waves[0].ship else {
            Issue.record("not predicted: \(day.waves[0].ship)")
            return
        }
        let byShip = Dictionary(uniqueKeysWithValues: shares.map { ($0.ship, $0.share) })
        #expect(byShip == ["MS Panta Rhei": 0.5, "MS Helvetia": 0.5])
    }

    @Test func aCourseNeverSeenWithAShipStaysUnknown() throws {
        let store = try store(days: ["2026-07-09"], ships: [:])
        let day = try survey(store, day: "2026-07-09")
        #expect(day.waves.allSatisfy { $0.ship == .none })
    }
}
