package import CivilTime
import Foundation
package import SessionAnalytics
import SessionCore
import WaveRating

/// `nextwave plan --json`: the plan as one JSON document (times ISO-8601 with the Europe/Zurich
/// offset and as local HH:MM beside them). Each day carries `bestOnLake`, the best window among
/// the plan's stations (the lake's, for `--lake`; null without a session), and the stations
/// without a departure that day; `noSession` is in the rider's language.
package enum PlanJSON {
    struct Document: Encodable {
        var from: String
        var to: String
        var archive: Range
        var ratings: String
        var ratingsPoint: String?
        var days: [Day]
        var quietStations: [String]
        var daysPastArchive: [String]
        var daysBeforeArchive: [String]
        var lake: String?
        /// Today, when the archive does not hold it and the plan shows the archive's days instead.
        var todayNotInArchive: String?
    }

    struct Range: Encodable {
        var first: String
        var last: String
    }

    struct Day: Encodable {
        var date: String
        var bestOnLake: Best?
        var stations: [StationPlan]
        var stationsWithoutDepartures: [String]
        /// An archive file of this day could not be read: its departures may be incomplete.
        var incomplete: Bool

        // bestOnLake is written as null when there is none.
        enum CodingKeys: String, CodingKey { case date, bestOnLake, stations, stationsWithoutDepartures, incomplete }
        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(date, forKey: .date)
            try c.encode(incomplete, forKey: .incomplete)
            try c.encode(bestOnLake, forKey: .bestOnLake)
            try c.encode(stations, forKey: .stations)
            try c.encode(stationsWithoutDepartures, forKey: .stationsWithoutDepartures)
        }
    }

    struct Best: Encodable {
        var stationId: String
        var stationName: String
        var start: String
        var end: String
        var startLocal: String
        var endLocal: String
        var waves: Int
        var score: Double
        /// "8 waves, 2 × ★★★".
        var summary: String
    }

    struct StationPlan: Encodable {
        var stationId: String
        var stationName: String
        var sessions: [Session]
        var noSession: String?
    }

    struct Session: Encodable {
        var rank: Int
        var start: String
        var end: String
        var startLocal: String
        var endLocal: String
        var waves: Int
        var score: Double
        var waveList: [Wave]
    }

    struct Wave: Encodable {
        /// The app's id of the wave (``WaveFeed/WaveID``).
        var waveId: String
        var time: String
        var timeLocal: String
        var course: String
        var ship: String?
        /// `known`, `predicted` or `none` (``SessionAnalytics/WaveShip/Source``).
        var shipSource: String
        var shipShare: Double?
        var rating: Rating?
        /// "★★★", "★★★?" (the most likely predicted ship's), "–".
        var stars: String
        /// A prediction's ships with their shares and ratings.
        var predictedShips: [Predicted]?
        var waveHeightM: Double?
    }

    struct Predicted: Encodable {
        var ship: String
        var share: Double
        var rating: Rating?
    }

    package static func render(_ plan: RiderPlan, clock: ZoneClock = .zurich, words: RiderWords = .english) throws
        -> String
    {
        let byDate = Dictionary(grouping: plan.stationDays, by: \.date)
        var days: [Day] = []
        var date = plan.from
        while date <= plan.to {
            let present = (byDate[date] ?? []).filter { !$0.waves.isEmpty }
            let stations = present.map { day in
                StationPlan(
                    stationId: String(day.station), stationName: day.stationName,
                    sessions: day.distinctSessions.enumerated().map { rank, s in
                        Session(
                            rank: rank + 1, start: clock.iso8601(s.start), end: clock.iso8601(s.end),
                            startLocal: clock.hourMinute(s.start), endLocal: clock.hourMinute(s.end), waves: s.waves,
                            score: (s.score * 10).rounded() / 10,
                            waveList: PlanWords.waves(of: s, in: day).map { wave(for: $0, in: day, clock: clock) })
                    },
                    noSession: day.distinctSessions.isEmpty ? PlanWords.noSession(day, clock: clock, words) : nil)
            }
            let best = PlanText.bestWindow(present).map { best in
                Best(
                    stationId: String(best.day.station), stationName: best.day.stationName,
                    start: clock.iso8601(best.session.start), end: clock.iso8601(best.session.end),
                    startLocal: clock.hourMinute(best.session.start), endLocal: clock.hourMinute(best.session.end),
                    waves: best.session.waves, score: (best.session.score * 10).rounded() / 10,
                    summary: PlanWords.summary(PlanWords.waves(of: best.session, in: best.day), words))
            }
            let seen = Set(present.map(\.station))
            let quiet =
                plan.daysPastArchive.contains(date) || plan.daysBeforeArchive.contains(date)
                ? [] : plan.places.values.filter { !seen.contains($0.uic) }.map(\.name).sorted()
            days.append(
                Day(
                    date: date.description, bestOnLake: best, stations: stations, stationsWithoutDepartures: quiet,
                    incomplete: plan.incompleteDays.contains(date)))
            date = date.adding(days: 1)
        }
        let document = Document(
            from: plan.from.description, to: plan.to.description,
            archive: Range(
                first: plan.archiveRange.lowerBound.description, last: plan.archiveRange.upperBound.description),
            ratings: plan.ratingsName, ratingsPoint: plan.ratingsPoint, days: days,
            quietStations: plan.quietStations.map(\.name), daysPastArchive: plan.daysPastArchive.map(\.description),
            daysBeforeArchive: plan.daysBeforeArchive.map(\.description),
            lake: plan.lake, todayNotInArchive: plan.todayNotInArchive?.description)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(document), as: UTF8.self) + "\n"
    }

    static func wave(for wave: WaveDetail, in day: StationDay, clock: ZoneClock) -> Wave {
        let (ship, share): (String?, Double?) =
            switch wave.ship {
            case .known(let name): (name, nil)
            case .predicted(let shares): (shares.first?.ship, shares.first.map { ($0.share * 1000).rounded() / 1000 })
            case .none: (nil, nil)
            }
        return Wave(
            waveId: FeedWaves.id(wave, in: day), time: clock.iso8601(wave.time), timeLocal: clock.hourMinute(wave.time),
            course: wave.course, ship: ship,
            shipSource: wave.ship.source.rawValue, shipShare: share, rating: wave.rating,
            stars: PlanWords.stars(of: wave),
            predictedShips: {
                if case .predicted(let shares) = wave.ship {
                    return shares.map {
                        Predicted(ship: $0.ship, share: ($0.share * 1000).rounded() / 1000, rating: $0.rating)
                    }
                }
                return nil
            }(),
            waveHeightM: wave.waveHeightM.map { ($0 * 1000).rounded() / 1000 })
    }
}
