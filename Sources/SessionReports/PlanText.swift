package import CivilTime
import Foundation
package import SessionAnalytics
import SessionCore
import TextFormats

/// `nextwave plan` as text: day by day, the best distinct windows of each station and the waves
/// in them, lines kept within 80 columns, in the rider's language. A lake plan opens each day
/// with the best window on the lake and lists its stations best first; stations without a
/// departure that day are named, not dropped.
package enum PlanText {
    /// - Parameter windows: how many of each station-day's windows to show, best first.
    package static func render(
        _ plan: RiderPlan, windows: Int = 2, clock: ZoneClock = .zurich, words: RiderWords = .english
    ) -> String {
        var out: [String] = []
        let byDate = Dictionary(grouping: plan.stationDays, by: \.date)
        var date = plan.from
        while date <= plan.to {
            out.append(words.day(date))
            if plan.incompleteDays.contains(date) { out.append("  (" + words.incomplete + ")") }
            let days = (byDate[date] ?? []).filter { !$0.waves.isEmpty }
            if plan.daysPastArchive.contains(date) {
                out.append("  " + words.notInArchive(endsOn: plan.archiveRange.upperBound))
            } else if plan.daysBeforeArchive.contains(date) {
                out.append("  " + words.beforeArchive(startsOn: plan.archiveRange.lowerBound))
            } else if days.isEmpty {
                out.append("  " + words.noDeparturesHere)
            } else {
                var ordered = days
                if plan.lake != nil {
                    if let best = bestWindow(days) {
                        out += wrapped(
                            words.bestOnLake + "\(best.day.stationName) " + span(best.session, clock) + ", "
                                + PlanWords.summary(PlanWords.waves(of: best.session, in: best.day), words),
                            indent: "  ")
                    }
                    ordered.sort { a, b in
                        let (x, y) = (a.distinctSessions.first?.score ?? -1, b.distinctSessions.first?.score ?? -1)
                        return x != y ? x > y : a.stationName < b.stationName
                    }
                }
                for day in ordered { out += station(day, windows: windows, clock: clock, words: words) }
            }
            let present = Set(days.map(\.station))
            let quiet = plan.places.values.filter { !present.contains($0.uic) }.map(\.name).sorted()
            if !plan.daysPastArchive.contains(date), !days.isEmpty, !quiet.isEmpty {
                out += wrapped(words.noDeparturesThatDay + quiet.joined(separator: ", "), indent: "  ")
            }
            out.append("")
            date = date.adding(days: 1)
        }
        // Days are set apart by a blank line; the last needs none (the output ended with one).
        if out.last == "" { out.removeLast() }
        return out.map { clip($0) }.joined(separator: "\n")
    }

    /// The best window of a day's stations (the highest-scoring first distinct session).
    package static func bestWindow(_ days: [StationDay]) -> (day: StationDay, session: SessionResult)? {
        days.compactMap { day in day.distinctSessions.first.map { (day: day, session: $0) } }
            .max { a, b in
                a.session.score != b.session.score ? a.session.score < b.session.score : a.day.station > b.day.station
            }
    }

    static func span(_ session: SessionResult, _ clock: ZoneClock) -> String {
        "\(clock.hourMinute(session.start))–\(clock.hourMinute(session.end))"
    }

    static func station(_ day: StationDay, windows: Int, clock: ZoneClock, words: RiderWords) -> [String] {
        guard !day.distinctSessions.isEmpty else {
            return wrapped(
                "\(day.stationName): \(words.noSession); " + PlanWords.noSession(day, clock: clock, words), indent: "  "
            )
        }
        var lines: [String] = []
        for (rank, session) in day.distinctSessions.prefix(windows).enumerated() {
            let waves = PlanWords.waves(of: session, in: day)
            lines.append(
                "  \(rank == 0 ? day.stationName : String(repeating: " ", count: day.stationName.count))  "
                    + "\(span(session, clock))  \(PlanWords.summary(waves, words))")
            lines.append("      " + PlanWords.mix(waves, words))
            for wave in waves {
                let height = wave.waveHeightM.map { "  " + words.metres($0) } ?? ""
                let course = wave.course.isEmpty ? "" : "\(words.course) \(wave.course)"
                lines.append(
                    "      \(clock.hourMinute(wave.time))  \(pad(course, 11))  \(pad(PlanWords.stars(of: wave), 4))  "
                        + PlanWords.ship(wave.ship, words) + height)
            }
        }
        return lines
    }

    /// "Wed 23 Sep 2026".
    package static func dayHeading(_ date: LocalDate) -> String { RiderWords.english.day(date) }

    static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }

    /// `text` wrapped at 80 columns, continuation lines indented by two.
    package static func wrap(_ text: String) -> String { wrapped(text, indent: "").joined(separator: "\n") }

    /// Words wrapped at 80 columns, continuation lines indented two more.
    static func wrapped(_ text: String, indent: String) -> [String] {
        TextWrap.lines(
            text.split(separator: " ").map(String.init), width: 80, indent: indent, continuation: indent + "  ")
    }

    static func clip(_ line: String) -> String { line.count <= 80 ? line : String(line.prefix(79)) + "…" }
}
