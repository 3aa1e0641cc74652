package import CivilTime
import Foundation
import NextWaveSupport
package import SessionAnalytics
package import SessionCore
package import WaveRating

/// The words and marks a plan shows a rider, shared by text, JSON and calendar.
package enum PlanWords {
    /// "★★★" for rating 3, "★★☆" for 2, "★☆☆" for 1, "–" for none.
    package static func stars(_ rating: Rating?) -> String {
        guard let rating else { return "–" }
        return String(repeating: "★", count: rating.rawValue) + String(repeating: "☆", count: 3 - rating.rawValue)
    }

    /// The ship of a wave as a rider reads it: "MS Panta Rhei", "MS Linth? (predicted, 70 %)",
    /// "ship unknown".
    package static func ship(_ ship: WaveShip) -> String {
        switch ship {
        case .known(let name): name
        case .predicted(let shares):
            shares.first.map { "\($0.ship)? (predicted, \(Int(($0.share * 100).rounded())) %)" } ?? "ship unknown"
        case .none: "ship unknown"
        }
    }

    /// Day, twilight or night at `time` for the day's sun.
    package static func phase(_ time: Int64, sun: SunWindow) -> String {
        if time >= sun.sunrise && time <= sun.sunset { return "day" }
        if time >= sun.civilTwilightBegin && time <= sun.civilTwilightEnd { return "twilight" }
        return "night"
    }

    /// Why a day has no session, led by its wave times when there are few: "waves at 12:09,
    /// 15:00, 16:09: 3 waves, but no 3 within 2 h …".
    package static func noSession(_ day: StationDay, clock: ZoneClock = .zurich) -> String {
        let reason = day.noSession?.description ?? "no session"
        guard !day.waves.isEmpty, day.waves.count <= 8 else { return reason }
        return "waves at " + day.waves.map { clock.hourMinute($0.time) }.joined(separator: ", ") + ": " + reason
    }

    /// The waves of a session (those between its start and end), in order.
    package static func waves(of session: SessionResult, in day: StationDay) -> [WaveDetail] {
        day.waves.filter { $0.time >= session.start && $0.time <= session.end }
    }

    /// "3 × ★★★, 4 × ★★☆, 1 unknown" for a session's waves.
    package static func mix(_ waves: [WaveDetail]) -> String {
        var counts: [String: Int] = [:]
        for wave in waves {
            let key = wave.rating.map(stars) ?? (wave.ship.likely == nil ? "unknown" : "unrated or predicted")
            counts[key, default: 0] += 1
        }
        let order = ["★★★", "★★☆", "★☆☆", "unrated or predicted", "unknown"]
        return order.compactMap { key in counts[key].map { "\($0) × \(key)" } }.joined(separator: ", ")
    }
}
