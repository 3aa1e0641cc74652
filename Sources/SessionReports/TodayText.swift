package import CivilTime
import Foundation
package import SessionAnalytics
import SessionCore
import WaveFeed

/// `nextwave today`: every departure of the day at one station, with its ship, rating, daylight
/// phase and the windows it belongs to, in the rider's language.
package enum TodayText {
    package static func render(_ plan: RiderPlan, clock: ZoneClock = .zurich, words: RiderWords = .english) -> String {
        var lines: [String] = []
        guard let day = plan.stationDays.first(where: { !$0.waves.isEmpty }) else {
            let name = plan.quietStations.first?.name ?? plan.places.values.first?.name ?? "?"
            return words.day(plan.from) + "\n  " + words.noDepartures(at: name)
                + (plan.daysPastArchive.isEmpty
                    ? "" : " (" + words.notInArchive(endsOn: plan.archiveRange.upperBound) + ")")
        }
        lines.append("\(day.stationName), \(words.day(day.date))")
        if plan.incompleteDays.contains(day.date) { lines.append("(" + words.incomplete + ")") }
        lines.append(
            words.sun(
                sunrise: clock.hourMinute(day.sun.sunrise), sunset: clock.hourMinute(day.sun.sunset),
                dawn: clock.hourMinute(day.sun.civilTwilightBegin), dusk: clock.hourMinute(day.sun.civilTwilightEnd)))
        lines.append("")
        let heads = words.todayColumns
        let light = FeedWave.Daylight.allCases.map { words.phase($0).count }.max() ?? 8
        let widths = [
            max(5, heads[0].count), max(10, heads[1].count), max(6, heads[2].count), max(light, heads[3].count),
            max(7, heads[4].count),
        ]
        func row(_ cells: [String]) -> String {
            zip(cells.prefix(5), widths).map { PlanText.pad($0, $1) }.joined(separator: "  ") + "  " + cells[5]
        }
        lines.append(row(heads))
        for wave in day.waves {
            let windows = day.distinctSessions.enumerated().filter {
                wave.time >= $0.element.start && wave.time <= $0.element.end
            }
            .map { String($0.offset + 1) }.joined(separator: ",")
            lines.append(
                row([
                    clock.hourMinute(wave.time), wave.course.isEmpty ? "–" : wave.course, PlanWords.stars(of: wave),
                    words.phase(PlanWords.phase(wave.time, sun: day.sun)), windows.isEmpty ? "–" : windows,
                    PlanWords.ship(wave.ship, words),
                ]))
        }
        lines.append("")
        if day.distinctSessions.isEmpty {
            lines += PlanText.wrapped(words.noSessionLead + PlanWords.noSession(day, clock: clock, words), indent: "")
        } else {
            for (rank, s) in day.distinctSessions.enumerated() {
                lines.append(
                    words.window(
                        rank + 1, "\(clock.hourMinute(s.start))–\(clock.hourMinute(s.end))",
                        PlanWords.summary(PlanWords.waves(of: s, in: day), words)))
            }
        }
        return lines.map { PlanText.clip($0) }.joined(separator: "\n")
    }
}
