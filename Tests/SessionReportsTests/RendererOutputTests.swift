import CSVText
import CivilTime
import Foundation
import JSONText
import SafeFiles
import SessionAnalytics
import SessionCore
import SessionReports
import ShipRatingTable
import Solar
import Testing
import WaveFeed
import WaveRating
import _TestSupport

/// The files riders, spreadsheets and the app read, rendered from one station-day built by hand
/// and compared byte for byte with files written by hand from their documented formats
/// (docs/ARCHITECTURE.md, "Formats"; RFC 4180; RFC 5545). How each expected file was derived:
/// `Expected/README.md`. A change to a format shows here as the first line that differs.
///
/// The day: Wädenswil (See), Tuesday 22 September 2026, eight departures, two windows.
///
///     12:00 301 MS Panta Rhei (3: 10 points, 0.312 m)        next Richterswil (See)
///     12:30 302 predicted: MS Panta Rhei 70 %, MS Helvetia 30 % (0.7 × 10 + 0.3 × 5 = 8.5
///               points; 0.7 × 0.312 + 0.3 × 0.221 = 0.2847 m)  last stop of the course
///     13:00 303 no ship (1 point)                              next Horgen (See)
///     15:00 304 "Säntis", as the deployment page wrote it (1: 2 points, 0.107 m)
///     15:30 305 MS Helvetia (2: 5 points, 0.221 m)
///     16:00 306 no ship (1 point)
///     19:40 307 MS Helvetia, in civil twilight    20:30 308 no ship, at night
///
/// Windows (docs/SCIENCE.md §2): 12:00–13:00, 3 waves in 60 min, 19.5 points × (1 + 3/10) =
/// 25.35; 15:00–16:00, 8 points × 1.3 = 10.4. Sun times chosen: sunrise 07:12:30, sunset
/// 19:24:10, civil twilight 06:43:05–19:53:40.
@Suite struct RendererOutputTests {
    static let date = LocalDate(iso: "2026-09-22")!
    static let clock = ZoneClock.zurich
    static let folder = ExpectedOutput.folder()

    static func at(_ hour: Int, _ minute: Int, _ second: Int = 0) -> Int64 {
        clock.unixTime(of: date, secondsAfterMidnight: hour * 3600 + minute * 60 + second)
    }

    static func day() throws -> StationDay {
        let sunTimes = try SunTimes(latitude: 47.230133, longitude: 8.675343, date: date)
        let sun = SunWindow(
            sunrise: at(7, 12, 30), sunset: at(19, 24, 10), civilTwilightBegin: at(6, 43, 5),
            civilTwilightEnd: at(19, 53, 40))
        var day = StationDay(
            station: 8_503_670, stationName: "Wädenswil (See)", lake: "Zürichsee", date: date, sun: sun,
            sunTimes: sunTimes, waveCount: 8, unknownShipWaves: 4, sessions: [])
        day.predictedShipWaves = 1
        let richterswil = (8_503_669, "Richterswil (See)")
        let horgen = (8_503_672, "Horgen (See)")
        func wave(
            _ hour: Int, _ minute: Int, _ course: String, _ category: String, next: (Int, String)?, _ ship: WaveShip,
            _ rating: Rating?, points: Double, height: Double?
        ) -> WaveDetail {
            WaveDetail(
                time: at(hour, minute), course: course, category: category, nextStop: next?.0, nextStopName: next?.1,
                ship: ship, rating: rating, points: points, waveHeightM: height)
        }
        let predicted = WaveShip.predicted([
            ShipShare(ship: "MS Panta Rhei", share: 0.7, rating: .three),
            ShipShare(ship: "MS Helvetia", share: 0.3, rating: .two),
        ])
        var through = wave(
            12, 0, "301", "BAT", next: richterswil, .known("MS Panta Rhei"), .three, points: 10, height: 0.312)
        (through.destination, through.arrival) = ("Rapperswil SG (See)", at(11, 58))
        day.waves = [
            through,
            wave(12, 30, "302", "BAV", next: nil, predicted, nil, points: 8.5, height: 0.2847),
            wave(13, 0, "303", "BAT", next: horgen, .none, nil, points: 1, height: nil),
            wave(15, 0, "304", "BAT", next: horgen, .known("Säntis"), .one, points: 2, height: 0.107),
            wave(15, 30, "305", "BAT", next: richterswil, .known("MS Helvetia"), .two, points: 5, height: 0.221),
            wave(16, 0, "306", "BAT", next: nil, .none, nil, points: 1, height: nil),
            wave(19, 40, "307", "BAT", next: nil, .known("MS Helvetia"), .two, points: 5, height: 0.221),
            wave(20, 30, "308", "BAT", next: nil, .none, nil, points: 1, height: nil),
        ]
        // What decided each known ship's rating, as the table below says (the survey sets it so).
        for (index, basis) in [(0, RatingBasis.riders), (3, .energyAndForce), (4, .energy), (6, .energy)] {
            day.waves[index].ratingBasis = basis
        }
        let first = SessionResult(
            start: at(12, 0), end: at(13, 0), waves: 3, quality: 19.5, score: 25.35, ships: ["MS Panta Rhei"],
            unknownWaves: 2, predictedWaves: 1, predictedShips: ["MS Panta Rhei"])
        let second = SessionResult(
            start: at(15, 0), end: at(16, 0), waves: 3, quality: 8, score: 10.4, ships: ["Säntis", "MS Helvetia"],
            unknownWaves: 1)
        day.sessions = [first, second]
        day.distinctSessions = [first, second]
        return day
    }

    /// The table the feed names and rates the ships by: "Säntis" is the alias of "MS Säntis".
    static func ratings() -> RatingLookup {
        func ship(_ name: String, aliases: [String] = [], _ rating: Rating, _ basis: RatingBasis) -> ShipRating {
            var ship = ShipRating(name: name, aliases: aliases, source: .init())
            ship.rating = rating
            ship.ratingBasis = basis
            return ship
        }
        return RatingLookup(
            RatingTable(
                generatedAt: "2026-09-21T18:00:00Z", model: .init(name: .legacy, thresholds: .legacy),
                ships: [
                    ship("MS Panta Rhei", .three, .riders), ship("MS Helvetia", .two, .energy),
                    ship("MS Säntis", aliases: ["Säntis"], .one, .energyAndForce),
                ]))
    }

    static func check(_ actual: String, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        ExpectedOutput.check(actual, name, in: folder, sourceLocation: sourceLocation)
    }

    /// A CSV document as the sessions run writes it: preamble, header, the day's rows.
    static func document(
        header: [String], style: CSVStyle = .standard, rows: (ReportBytes, CSVStyle) -> Void
    ) -> String {
        let text = ReportBytes()
        text.text(style.preamble)
        text.row(header, style: style)
        rows(text, style)
        return String(decoding: text.bytes, as: UTF8.self)
    }

    @Test func sessionsCSV() throws {
        let day = try Self.day()
        Self.check(
            Self.document(header: SessionsCSV.header) { SessionsCSV.append(day, to: $0, style: $1) }, "sessions.csv")
        Self.check(
            Self.document(header: SessionsCSV.header, style: .excelDE) { SessionsCSV.append(day, to: $0, style: $1) },
            "sessions-excel-de.csv")
    }

    /// The streamed `sessions.json` of the one day: settings echoed (a quote in the ratings' name
    /// escaped), one day a line, the coverage of the three kinds of ship.
    @Test func sessionsJSON() throws {
        var settings = SessionsJSON.Settings(
            archive: "hand-built", from: Self.date, to: Self.date, stations: [8_503_670], lake: nil,
            ratings: #"my "best" ratings.json"#, ratingsModel: "vesseldata-legacy", sun: .station, top: 5)
        settings.ratingsPoint = "legacy model at 18 km/h over 10 m"
        var json = SessionsJSON(settings: settings)
        json.add(try Self.day())
        var coverage = SurveyReport()
        (coverage.knownShipWaves, coverage.predictedShipWaves, coverage.noShipWaves) = (4, 1, 3)
        json.finish(coverage: coverage)
        Self.check(String(decoding: json.text.bytes, as: UTF8.self), "sessions.json")
    }

    @Test func wavesCSV() throws {
        let day = try Self.day()
        Self.check(Self.document(header: WavesCSV.header) { WavesCSV.append(day, to: $0, style: $1) }, "waves.csv")
    }

    @Test func feedDay() throws {
        let day = FeedDay(
            schemaVersion: FeedIndex.currentVersion, lake: "Zürichsee", date: "2026-09-22", timeZone: "Europe/Zurich",
            waveHeightReference: [
                .init(operator: "ZSG", distanceM: 50, riderDepthM: 3, trackDepthM: 10, speedKmh: nil)
            ],
            waves: FeedWaves.waves(try Self.day(), ratings: Self.ratings()))
        Self.check(String(decoding: try StableJSON.encode(day), as: UTF8.self), "feed-day.json")
        // The expected file also satisfies the published schema: format, expectation and renderer agree.
        let schema = try JSONSchema(
            contentsOf: RepositoryPaths.root.appendingPathComponent("schemas/feed-day.schema.json"))
        let expected = try JSONSerialization.jsonObject(
            with: Data(contentsOf: Self.folder.appendingPathComponent("feed-day.json")))
        #expect(schema.violations(of: expected) == [])
    }

    static let wadenswil = RiderPlan.Place(
        uic: 8_503_670, name: "Wädenswil (See)", latitude: 47.230133, longitude: 8.675343)

    /// The calendar of the two windows, stamped 2026-09-21 18:00 UTC, alarms 10 minutes before.
    @Test func calendar() throws {
        let plan = RiderPlan(
            from: Self.date, to: Self.date, stationDays: [try Self.day()], quietStations: [], daysPastArchive: [],
            archiveRange: Self.date...Self.date, places: [8_503_670: Self.wadenswil], ratingsName: "hand-built",
            ratingsPoint: nil)
        let stamp = Self.clock.unixTime(of: LocalDate(iso: "2026-09-21")!, secondsAfterMidnight: 20 * 3600)
        Self.check(PlanCalendar.render(plan, stamp: stamp), "plan.ics")
    }

    /// A lake plan over the day and the next, which the archive does not hold: the lake's best
    /// window first, each window with its waves, Horgen named as without departures that day.
    @Test func planText() throws {
        let next = Self.date.adding(days: 1)
        var plan = RiderPlan(
            from: Self.date, to: next, stationDays: [try Self.day()], quietStations: [], daysPastArchive: [next],
            archiveRange: Self.date...Self.date,
            places: [
                8_503_670: Self.wadenswil,
                8_503_672: .init(uic: 8_503_672, name: "Horgen (See)", latitude: 47.261887, longitude: 8.59752),
            ], ratingsName: "hand-built", ratingsPoint: nil)
        plan.lake = "Zürichsee"
        Self.check(PlanText.render(plan), "plan.txt")
        // The same plan as `plan --json`: scores to 0.1, shares and heights to 0.001.
        Self.check(try PlanJSON.render(plan), "plan.json")
    }

    /// Every departure of the day with its stars, daylight phase (day, twilight after sunset, night)
    /// and the windows it belongs to.
    @Test func todayText() throws {
        let plan = RiderPlan(
            from: Self.date, to: Self.date, stationDays: [try Self.day()], quietStations: [], daysPastArchive: [],
            archiveRange: Self.date...Self.date, places: [8_503_670: Self.wadenswil], ratingsName: "hand-built",
            ratingsPoint: nil)
        Self.check(TodayText.render(plan), "today.txt")
    }
}
