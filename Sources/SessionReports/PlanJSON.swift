package import CivilTime
import Foundation
package import SessionAnalytics
import SessionCore
import WaveRating

/// `nextwave plan --json`: the plan as one JSON document (times ISO-8601 with the Europe/Zurich
/// offset and as local HH:MM beside them).
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
    }

    struct Range: Encodable {
        var first: String
        var last: String
    }

    struct Day: Encodable {
        var date: String
        var stations: [StationPlan]
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
        /// `known`, `predicted` or `unknown`.
        var shipSource: String
        var shipShare: Double?
        var rating: Rating?
        var waveHeightM: Double?
    }

    package static func render(_ plan: RiderPlan, clock: ZoneClock = .zurich) throws -> String {
        let byDate = Dictionary(grouping: plan.stationDays, by: \.date)
        var days: [Day] = []
        var date = plan.from
        while date <= plan.to {
            let stations = (byDate[date] ?? []).map { day in
                StationPlan(
                    stationId: String(day.station), stationName: day.stationName,
                    sessions: day.distinctSessions.enumerated().map { rank, s in
                        Session(
                            rank: rank + 1, start: clock.iso8601(s.start), end: clock.iso8601(s.end),
                            startLocal: clock.hourMinute(s.start), endLocal: clock.hourMinute(s.end), waves: s.waves,
                            score: (s.score * 10).rounded() / 10,
                            waveList: PlanWords.waves(of: s, in: day).map { wave(for: $0, in: day, clock: clock) })
                    },
                    noSession: day.distinctSessions.isEmpty ? PlanWords.noSession(day, clock: clock) : nil)
            }
            days.append(Day(date: date.description, stations: stations))
            date = date.adding(days: 1)
        }
        let document = Document(
            from: plan.from.description, to: plan.to.description,
            archive: Range(
                first: plan.archiveRange.lowerBound.description, last: plan.archiveRange.upperBound.description),
            ratings: plan.ratingsName, ratingsPoint: plan.ratingsPoint, days: days,
            quietStations: plan.quietStations.map(\.name), daysPastArchive: plan.daysPastArchive.map(\.description))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(document), as: UTF8.self) + "\n"
    }

    static func wave(for wave: WaveDetail, in day: StationDay, clock: ZoneClock) -> Wave {
        let (ship, source, share): (String?, String, Double?) =
            switch wave.ship {
            case .known(let name): (name, "known", nil)
            case .predicted(let shares):
                (shares.first?.ship, "predicted", shares.first.map { ($0.share * 1000).rounded() / 1000 })
            case .none: (nil, "unknown", nil)
            }
        return Wave(
            waveId: FeedWaves.id(wave, in: day), time: clock.iso8601(wave.time), timeLocal: clock.hourMinute(wave.time),
            course: wave.course, ship: ship,
            shipSource: source, shipShare: share, rating: wave.rating,
            waveHeightM: wave.waveHeightM.map { ($0 * 1000).rounded() / 1000 })
    }
}
