package import CivilTime
import Foundation
package import SessionAnalytics
package import SessionCore
package import WaveFeed
package import WaveRating

/// The words and marks a plan shows a rider, shared by text, JSON and calendar.
package enum PlanWords {
    /// "★★★" for rating 3, "★★☆" for 2, "★☆☆" for 1, "–" for none.
    package static func stars(_ rating: Rating?) -> String {
        guard let rating else { return "–" }
        return String(repeating: "★", count: rating.rawValue) + String(repeating: "☆", count: 3 - rating.rawValue)
    }

    /// A wave's stars: the known ship's; the most likely predicted ship's with a "?"
    /// ("★★★?"); "–" when no ship is known or predicted, or the ship is unrated.
    package static func stars(of wave: WaveDetail) -> String {
        switch wave.ship {
        case .known: stars(wave.rating)
        case .predicted(let shares): shares.first?.rating.map { stars($0) + "?" } ?? "–"
        case .none: "–"
        }
    }

    /// The ship of a wave as a rider reads it: "MS Panta Rhei", "MS Linth? 70 %" (predicted),
    /// "ship unknown".
    package static func ship(_ ship: WaveShip, _ words: RiderWords = .english) -> String {
        switch ship {
        case .known(let name): name
        case .predicted(let shares):
            shares.first.map { "\($0.ship)? \(Int(($0.share * 100).rounded())) %" } ?? words.shipUnknown
        case .none: words.shipUnknown
        }
    }

    /// Day, (civil) twilight or night at `time` for the day's sun.
    package static func phase(_ time: Int64, sun: SunWindow) -> FeedWave.Daylight {
        if time >= sun.sunrise && time <= sun.sunset { return .day }
        if time >= sun.civilTwilightBegin && time <= sun.civilTwilightEnd { return .twilight }
        return .night
    }

    /// Why a day has no session, led by its wave times when there are few: "waves at 12:09,
    /// 15:00, 16:09: 3 waves, but no 3 within 2 h …".
    package static func noSession(_ day: StationDay, clock: ZoneClock = .zurich, _ words: RiderWords = .english)
        -> String
    {
        let reason = day.noSession.map(words.reason) ?? words.noSession
        guard !day.waves.isEmpty, day.waves.count <= 8 else { return reason }
        return words.wavesAt(day.waves.map { clock.hourMinute($0.time) }) + reason
    }

    /// The waves of a session (those between its start and end), in order.
    package static func waves(of session: SessionResult, in day: StationDay) -> [WaveDetail] {
        day.waves.filter { $0.time >= session.start && $0.time <= session.end }
    }

    /// "3 × ★★★, 4 × ★★☆, 1 × ★★★?, 1 unknown" for a session's waves (a "?": predicted ships).
    package static func mix(_ waves: [WaveDetail], _ words: RiderWords = .english) -> String {
        var counts: [String: Int] = [:]
        for wave in waves { counts[stars(of: wave), default: 0] += 1 }
        let order = ["★★★", "★★☆", "★☆☆", "★★★?", "★★☆?", "★☆☆?", "–"]
        return order.compactMap { key in
            counts[key].map { key == "–" ? "\($0) \(words.unknown)" : "\($0) × \(key)" }
        }.joined(separator: ", ")
    }

    /// A window in a rider's terms: "8 waves, 2 × ★★★" — the count of its best-rated waves
    /// (known ships first, else predicted ones).
    package static func summary(_ waves: [WaveDetail], _ words: RiderWords = .english) -> String {
        let marks = waves.map(stars(of:))
        for key in ["★★★", "★★☆", "★☆☆", "★★★?", "★★☆?", "★☆☆?"] {
            let n = marks.filter { $0 == key }.count
            if n > 0 { return "\(words.waves(waves.count)), \(n) × \(key)" }
        }
        return words.waves(waves.count)
    }
}
