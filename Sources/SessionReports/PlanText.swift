package import CivilTime
import Foundation
import NextWaveSupport
package import SessionAnalytics
import SessionCore
import WaveRating

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
