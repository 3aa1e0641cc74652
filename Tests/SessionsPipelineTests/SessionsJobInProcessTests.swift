import CivilTime
import Foundation
import JobContract
import SessionsPipeline
import ShipRatingReader
import Testing
import WaveRating
import _AppAlgorithm
import _TestSupport

/// `SessionsJob` in this process on a temporary folder, checked against the app's own session
/// algorithm (its port in _AppAlgorithm) fed with the waves and sun times the job reports and
/// the ratings as the app's reader finds them.
@Suite struct SessionsJobInProcessTests {
    @Test func everyStationDayHasTheSessionsTheAppWouldShow() async throws {
        let out = RepositoryPaths.temporaryDirectory()
        var input = SessionsJob.Input(
            source: ScheduleSource(
                archive: try RepositoryPaths.copyOfArchive(), archiveName: "archive",
                stations: RepositoryPaths.stations,
                periods: RepositoryPaths.schedulePeriods, ratings: RepositoryPaths.appRatings, ratingsName: "app"),
            selection: .stations([8_503_670, 8_503_674, 8_503_651]), out: out)
        input.predict = false  // the app scores a wave without an assigned ship as unknown
        let result = try await SessionsJob(input).run()
        #expect(result.written.contains(SessionsJob.outputs.json))
        let ratings = try PublishedRatings(data: Data(contentsOf: RepositoryPaths.appRatings))
        // JSONDecoder, not JSONSerialization: the latter rounds some doubles on Linux.
        let file = try JSONDecoder().decode(
            SessionsFile.self, from: Data(contentsOf: out.appendingPathComponent(SessionsJob.outputs.json)))
        #expect(file.days.count >= 20)
        let time = ISO8601DateFormatter()
        var sessions = 0
        for day in file.days {
            let waves = day.waveList.map {
                AppAnalytics37.WaveEvent(time: time.date(from: $0.time)!, shipName: $0.ship)
            }
            let names = Set(waves.compactMap(\.shipName))
            let lists = AppAnalytics37.ShipLists(
                threeWaveShips: names.filter { ratings.rating(for: $0) == .three }.sorted(),
                twoWaveShips: names.filter { ratings.rating(for: $0) == .two }.sorted())
            let app = AppAnalytics37.bestSessions(
                waves: waves,
                sun: .init(
                    sunrise: time.date(from: day.sun.sunrise)!, sunset: time.date(from: day.sun.sunset)!,
                    civilTwilightBegin: time.date(from: day.sun.civilTwilightBegin)!,
                    civilTwilightEnd: time.date(from: day.sun.civilTwilightEnd)!),
                ships: lists)
            let label = "\(day.stationName) \(day.date)"
            #expect(day.sessions.map { time.date(from: $0.start)! } == app.map(\.session.start), "\(label)")
            #expect(day.sessions.map { time.date(from: $0.end)! } == app.map(\.session.end), "\(label)")
            #expect(day.sessions.map(\.waves) == app.map(\.session.waves.count), "\(label)")
            #expect(day.sessions.map(\.score) == app.map(\.score), "\(label)")
            sessions += app.count
        }
        #expect(sessions > 50)
    }

    /// The parts of `sessions.json` the comparison reads.
    struct SessionsFile: Decodable {
        struct Day: Decodable {
            struct Sun: Decodable { var sunrise, sunset, civilTwilightBegin, civilTwilightEnd: String }
            struct Session: Decodable {
                var start, end: String
                var waves: Int
                var score: Double
            }
            struct Wave: Decodable {
                var time: String
                var ship: String?
            }
            var stationName, date: String
            var sun: Sun
            var sessions: [Session]
            var waveList: [Wave]
        }
        var days: [Day]
    }

    @Test func reversedDatesAreRefusedBeforeTheArchiveIsOpened() async throws {
        let input = SessionsJob.Input(
            source: ScheduleSource(
                archive: URL(fileURLWithPath: "/nonexistent"), archiveName: "none", stations: RepositoryPaths.stations,
                periods: RepositoryPaths.schedulePeriods, ratings: RepositoryPaths.appRatings, ratingsName: "app"),
            from: .init(year: 2026, month: 9, day: 30), to: .init(year: 2026, month: 9, day: 22),
            out: RepositoryPaths.temporaryDirectory())
        await expectJobFailure(
            SessionsJobError.reversedDates(from: try #require(input.from), to: try #require(input.to)),
            kind: .usage
        ) { try await SessionsJob(input).run() }
    }
}
