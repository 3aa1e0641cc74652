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

/// `nextwave plan` as text: day by day, the best distinct windows of each station and the waves
/// in them, lines kept within 80 columns.
package enum PlanText {
    /// - Parameter windows: how many of each station-day's windows to show, best first.
    package static func render(_ plan: RiderPlan, windows: Int = 2, clock: ZoneClock = .zurich) -> String {
        var out: [String] = []
        let byDate = Dictionary(grouping: plan.stationDays, by: \.date)
        var date = plan.from
        while date <= plan.to {
            out.append(dayHeading(date))
            if plan.daysPastArchive.contains(date) {
                out.append("  not in the archive yet (it ends \(plan.archiveRange.upperBound)); fetch it first")
            } else if let days = byDate[date], !days.isEmpty {
                for day in days { out += station(day, windows: windows, clock: clock) }
            } else {
                out.append("  no departures at the chosen stations")
            }
            out.append("")
            date = date.adding(days: 1)
        }
        if !plan.quietStations.isEmpty {
            out += wrapped(
                "No departures in the archive on these days: "
                    + plan.quietStations.map(\.name).joined(separator: ", ") + ".", indent: "")
        }
        return out.map { clip($0) }.joined(separator: "\n")
    }

    static func station(_ day: StationDay, windows: Int, clock: ZoneClock) -> [String] {
        guard !day.distinctSessions.isEmpty else {
            return wrapped("\(day.stationName): no session. " + PlanWords.noSession(day, clock: clock), indent: "  ")
        }
        var lines: [String] = []
        for (rank, session) in day.distinctSessions.prefix(windows).enumerated() {
            let waves = PlanWords.waves(of: session, in: day)
            lines.append(
                "  \(rank == 0 ? day.stationName : String(repeating: " ", count: day.stationName.count))  "
                    + "\(clock.hourMinute(session.start))–\(clock.hourMinute(session.end))  \(session.waves) waves  "
                    + "score \(String(format: "%.1f", session.score))")
            lines.append("      " + PlanWords.mix(waves))
            for wave in waves {
                let height = wave.waveHeightM.map { String(format: "  %.2f m", $0) } ?? ""
                let course = wave.course.isEmpty ? "" : "course \(wave.course)"
                lines.append(
                    "      \(clock.hourMinute(wave.time))  \(pad(course, 11))  \(PlanWords.stars(wave.rating))  "
                        + PlanWords.ship(wave.ship) + height)
            }
        }
        return lines
    }

    /// "Wed 23 Sep 2026".
    package static func dayHeading(_ date: LocalDate) -> String {
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        return "\(date.weekdayName.prefix(3)) \(date.day) \(months[date.month - 1]) \(date.year)"
    }

    static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }

    /// `text` wrapped at 80 columns, continuation lines indented by two.
    package static func wrap(_ text: String) -> String { wrapped(text, indent: "").joined(separator: "\n") }

    /// Words wrapped at 80 columns, continuation lines indented two more.
    static func wrapped(_ text: String, indent: String) -> [String] {
        var lines: [String] = []
        var line = indent
        for word in text.split(separator: " ") {
            if line.count + word.count + 1 > 80 && line.trimmingCharacters(in: .whitespaces).count > 0 {
                lines.append(line)
                line = indent + "  "
            }
            line += (line.hasSuffix(" ") || line.isEmpty ? "" : " ") + word
        }
        if !line.trimmingCharacters(in: .whitespaces).isEmpty { lines.append(line) }
        return lines
    }

    static func clip(_ line: String) -> String { line.count <= 80 ? line : String(line.prefix(79)) + "…" }
}
