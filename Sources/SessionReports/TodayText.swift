package import CivilTime
import Foundation
package import SessionAnalytics
import SessionCore

/// `nextwave today`: every departure of the day at one station, with its ship, rating, daylight
/// phase and the windows it belongs to.
package enum TodayText {
    package static func render(_ plan: RiderPlan, clock: ZoneClock = .zurich) -> String {
        var lines: [String] = []
        guard let day = plan.stationDays.first else {
            let name = plan.quietStations.first?.name ?? "the station"
            return PlanText.dayHeading(plan.from) + "\n  no departures at \(name)"
                + (plan.daysPastArchive.isEmpty ? "" : " (the archive ends \(plan.archiveRange.upperBound))")
        }
        lines.append("\(day.stationName), \(PlanText.dayHeading(day.date))")
        lines.append(
            "sunrise \(clock.hourMinute(day.sun.sunrise)), sunset \(clock.hourMinute(day.sun.sunset)); "
                + "civil twilight \(clock.hourMinute(day.sun.civilTwilightBegin))–\(clock.hourMinute(day.sun.civilTwilightEnd))"
        )
        lines.append("")
        lines.append("Time   Course      Rating  Light     Windows  Ship")
        for wave in day.waves {
            let windows = day.distinctSessions.enumerated().filter {
                wave.time >= $0.element.start && wave.time <= $0.element.end
            }
            .map { String($0.offset + 1) }.joined(separator: ",")
            lines.append(
                "\(clock.hourMinute(wave.time))  \(PlanText.pad(wave.course.isEmpty ? "–" : wave.course, 10))  "
                    + "\(PlanText.pad(PlanWords.stars(wave.rating), 6))  \(PlanText.pad(PlanWords.phase(wave.time, sun: day.sun), 8))  "
                    + "\(PlanText.pad(windows.isEmpty ? "–" : windows, 7))  \(PlanWords.ship(wave.ship))")
        }
        lines.append("")
        if day.distinctSessions.isEmpty {
            lines += PlanText.wrapped("No session: " + PlanWords.noSession(day, clock: clock), indent: "")
        } else {
            for (rank, s) in day.distinctSessions.enumerated() {
                lines.append(
                    "Window \(rank + 1): \(clock.hourMinute(s.start))–\(clock.hourMinute(s.end)), \(s.waves) waves, "
                        + "score \(String(format: "%.1f", s.score))")
            }
        }
        return lines.map { PlanText.clip($0) }.joined(separator: "\n")
    }
}
