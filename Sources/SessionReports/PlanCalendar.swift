package import CivilTime
import Foundation
package import SessionAnalytics
import SessionCore

/// A plan as an iCalendar file (RFC 5545) riders subscribe to: one VEVENT per distinct window
/// of a station-day, times in Europe/Zurich with its VTIMEZONE, the waves in the description, the
/// station as LOCATION and GEO.
///
/// - UIDs are stable: station, date and the window's rank that day, so a re-export of the same
///   days updates the events instead of adding new ones.
/// - Text values are escaped (backslash, semicolon, comma, newline) and lines folded at 75
///   octets without splitting a UTF-8 character; lines end in CRLF.
package enum PlanCalendar {
    /// - Parameter stamp: DTSTAMP (when the calendar was made), Unix seconds.
    /// - Parameter windows: how many of each station-day's windows become events, best first.
    package static func render(_ plan: RiderPlan, stamp: Int64, windows: Int = 2, clock: ZoneClock = .zurich) -> String
    {
        var lines = [
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Next Wave//nextwave plan//EN", "CALSCALE:GREGORIAN",
            "METHOD:PUBLISH", "X-WR-CALNAME:Next Wave sessions", "X-WR-TIMEZONE:Europe/Zurich",
        ]
        lines += zurichTimeZone
        for day in plan.stationDays {
            for (rank, session) in day.distinctSessions.prefix(windows).enumerated() {
                lines += event(
                    day: day, rank: rank, session: session, place: plan.places[day.station], stamp: stamp, clock: clock)
            }
        }
        lines.append("END:VCALENDAR")
        return lines.map(fold).joined(separator: "\r\n") + "\r\n"
    }

    static func event(
        day: StationDay, rank: Int, session: SessionResult, place: RiderPlan.Place?, stamp: Int64, clock: ZoneClock
    ) -> [String] {
        let waves = PlanWords.waves(of: session, in: day)
        var description = [
            "\(session.waves) waves, score \(String(format: "%.1f", session.score)) (\(PlanWords.mix(waves)))"
        ]
        for wave in waves {
            let course = wave.course.isEmpty ? "" : " course \(wave.course)"
            let height = wave.waveHeightM.map { String(format: ", %.2f m", $0) } ?? ""
            description.append(
                "\(clock.hourMinute(wave.time))\(course): \(PlanWords.ship(wave.ship)) \(PlanWords.stars(wave.rating))\(height)"
                    + " [wave \(FeedWaves.id(wave, in: day))]")
        }
        var lines = [
            "BEGIN:VEVENT",
            "UID:nextwave-\(day.station)-\(compactDate(day.date))-\(rank + 1)@nextwave",
            "DTSTAMP:\(utc(stamp))",
            "DTSTART;TZID=Europe/Zurich:\(local(session.start, clock))",
            "DTEND;TZID=Europe/Zurich:\(local(session.end, clock))",
            "SUMMARY:"
                + escaped("\(day.stationName): \(session.waves) waves, score \(String(format: "%.1f", session.score))"),
            "DESCRIPTION:" + escaped(description.joined(separator: "\n")),
            "LOCATION:" + escaped(day.stationName),
        ]
        if let place { lines.append("GEO:\(coordinate(place.latitude));\(coordinate(place.longitude))") }
        lines += ["TRANSP:TRANSPARENT", "END:VEVENT"]
        return lines
    }

    /// Europe/Zurich since 1996: CET, CEST from the last Sunday of March to the last of October.
    static let zurichTimeZone = [
        "BEGIN:VTIMEZONE", "TZID:Europe/Zurich",
        "BEGIN:DAYLIGHT", "TZOFFSETFROM:+0100", "TZOFFSETTO:+0200", "TZNAME:CEST", "DTSTART:19810329T020000",
        "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU", "END:DAYLIGHT",
        "BEGIN:STANDARD", "TZOFFSETFROM:+0200", "TZOFFSETTO:+0100", "TZNAME:CET", "DTSTART:19961027T030000",
        "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU", "END:STANDARD",
        "END:VTIMEZONE",
    ]

    /// TEXT escaping (RFC 5545 §3.3.11).
    package static func escaped(_ text: String) -> String {
        var out = ""
        for c in text {
            switch c {
            case "\\": out += "\\\\"
            case ";": out += "\\;"
            case ",": out += "\\,"
            case "\n": out += "\\n"
            case "\r": break
            default: out.append(c)
            }
        }
        return out
    }

    /// Folds a content line at 75 octets (RFC 5545 §3.1): CRLF and one space, never inside a
    /// UTF-8 sequence.
    package static func fold(_ line: String) -> String {
        var parts: [String] = []
        var current = ""
        var octets = 0
        for scalar in line.unicodeScalars {
            let size = String(scalar).utf8.count
            let limit = parts.isEmpty ? 75 : 74  // continuation lines start with a space
            if octets + size > limit {
                parts.append(current)
                current = ""
                octets = 0
            }
            current.unicodeScalars.append(scalar)
            octets += size
        }
        parts.append(current)
        return parts.joined(separator: "\r\n ")
    }

    static func local(_ unix: Int64, _ clock: ZoneClock) -> String {
        let date = clock.localDate(at: unix)
        let s = clock.secondOfDay(at: unix)
        return compactDate(date) + "T" + two(s / 3600) + two(s / 60 % 60) + two(s % 60)
    }

    static func utc(_ unix: Int64) -> String { local(unix, utcClock) + "Z" }

    static let utcClock = ZoneClock(timeZone: TimeZone(identifier: "UTC")!)

    static func compactDate(_ date: LocalDate) -> String {
        String(format: "%04d%02d%02d", date.year, date.month, date.day)
    }

    static func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }

    static func coordinate(_ x: Double) -> String { String(format: "%.6f", x) }
}
