package import CivilTime
import Foundation
import SafeFiles
package import SessionAnalytics
import SessionCore
import TextFormats

/// A plan as an iCalendar file (RFC 5545) riders subscribe to: one VEVENT per distinct window
/// of a station-day (and, with ``Options/waveEvents``, one per wave), times in Europe/Zurich
/// with its VTIMEZONE, the waves in the description, the station as LOCATION and GEO, an alarm
/// before each event, summaries in a rider's terms ("Wädenswil (See): 8 waves, 2 × ★★★").
///
/// - UIDs are stable: station, date and the window's rank that day (a wave's: the app's wave
///   id), so a re-export updates the events instead of adding new ones.
/// - Events are stable too: each carries a fingerprint of its content (`X-NEXTWAVE-FINGERPRINT`).
///   Given the previous file, an event whose fingerprint did not change keeps its DTSTAMP and
///   SEQUENCE; a changed one gets SEQUENCE + 1 and the new stamp; so the same inputs give the
///   same bytes, and a published calendar changes only when an event does.
/// - Text values are escaped (backslash, semicolon, comma, newline) and lines folded at 75
///   octets without splitting a UTF-8 character; lines end in CRLF.
package enum PlanCalendar {
    package struct Options: Sendable {
        /// How many of each station-day's windows become events, best first.
        package var windows = 2
        /// Minutes before each event its alarm fires; nil: no alarms.
        package var alarmMinutes: Int? = 10
        /// One event per wave of the windows, with its own alarm.
        package var waveEvents = false
        package var words = RiderWords.english

        package init(windows: Int = 2, alarmMinutes: Int? = 10, waveEvents: Bool = false, words: RiderWords = .english)
        {
            self.windows = windows
            self.alarmMinutes = alarmMinutes
            self.waveEvents = waveEvents
            self.words = words
        }
    }

    /// - Parameters:
    ///   - stamp: DTSTAMP of an event that is new or changed since `previous`, Unix seconds.
    ///   - previous: the calendar written before (its events' stamps and sequences carry over).
    package static func render(
        _ plan: RiderPlan, stamp: Int64, options: Options = Options(), previous: String? = nil,
        clock: ZoneClock = .zurich
    ) -> String {
        let earlier = previous.map(Self.events(in:)) ?? [:]
        var lines = [
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Next Wave//nextwave plan//EN", "CALSCALE:GREGORIAN",
            "METHOD:PUBLISH", "X-WR-CALNAME:Next Wave sessions", "X-WR-TIMEZONE:Europe/Zurich",
        ]
        lines += zurichTimeZone
        for day in plan.stationDays {
            let place = plan.places[day.station]
            for (rank, session) in day.distinctSessions.prefix(options.windows).enumerated() {
                let waves = PlanWords.waves(of: session, in: day)
                lines += stamped(
                    windowEvent(day: day, rank: rank, session: session, waves: waves, place: place, options, clock),
                    stamp: stamp, earlier: earlier)
                if options.waveEvents {
                    for wave in waves {
                        lines += stamped(
                            waveEvent(day: day, wave: wave, place: place, options, clock), stamp: stamp,
                            earlier: earlier)
                    }
                }
            }
        }
        lines.append("END:VCALENDAR")
        return lines.map(fold).joined(separator: "\r\n") + "\r\n"
    }

    /// An event's lines without DTSTAMP and SEQUENCE: UID first.
    typealias Body = [String]

    static func windowEvent(
        day: StationDay, rank: Int, session: SessionResult, waves: [WaveDetail], place: RiderPlan.Place?,
        _ options: Options, _ clock: ZoneClock
    ) -> Body {
        let words = options.words
        var description = [PlanWords.summary(waves, words) + " (" + PlanWords.mix(waves, words) + ")"]
        for wave in waves {
            let course = wave.course.isEmpty ? "" : " \(words.course) \(wave.course)"
            let height = wave.waveHeightM.map { ", " + words.metres($0) } ?? ""
            description.append(
                "\(clock.hourMinute(wave.time))\(course): \(PlanWords.ship(wave.ship, words)) \(PlanWords.stars(of: wave))\(height)"
                    + " [wave \(FeedWaves.id(wave, in: day))]")
        }
        var lines = [
            "UID:nextwave-\(day.station)-\(compactDate(day.date))-\(rank + 1)@nextwave",
            "DTSTART;TZID=Europe/Zurich:\(local(session.start, clock))",
            "DTEND;TZID=Europe/Zurich:\(local(session.end, clock))",
            "SUMMARY:" + escaped("\(day.stationName): \(PlanWords.summary(waves, words))"),
            "DESCRIPTION:" + escaped(description.joined(separator: "\n")),
            "LOCATION:" + escaped(day.stationName),
        ]
        if let place { lines.append("GEO:\(coordinate(place.latitude));\(coordinate(place.longitude))") }
        lines.append("TRANSP:TRANSPARENT")
        lines += alarm(options, station: day.stationName)
        return lines
    }

    static func waveEvent(
        day: StationDay, wave: WaveDetail, place: RiderPlan.Place?, _ options: Options, _ clock: ZoneClock
    ) -> Body {
        let words = options.words
        let id = FeedWaves.id(wave, in: day)
        let height = wave.waveHeightM.map { ", " + words.metres($0) } ?? ""
        let course = wave.course.isEmpty ? "" : " (\(words.course) \(wave.course))"
        var lines = [
            "UID:nextwave-wave-\(id)@nextwave",
            "DTSTART;TZID=Europe/Zurich:\(local(wave.time, clock))",
            "DTEND;TZID=Europe/Zurich:\(local(wave.time + 60, clock))",
            "SUMMARY:"
                + escaped("\(PlanWords.stars(of: wave)) \(PlanWords.ship(wave.ship, words)) – \(day.stationName)"),
            "DESCRIPTION:" + escaped("\(clock.hourMinute(wave.time))\(course)\(height) [wave \(id)]"),
            "LOCATION:" + escaped(day.stationName),
        ]
        if let place { lines.append("GEO:\(coordinate(place.latitude));\(coordinate(place.longitude))") }
        lines.append("TRANSP:TRANSPARENT")
        lines += alarm(options, station: day.stationName)
        return lines
    }

    static func alarm(_ options: Options, station: String) -> [String] {
        guard let minutes = options.alarmMinutes else { return [] }
        return [
            "BEGIN:VALARM", "ACTION:DISPLAY",
            "DESCRIPTION:" + escaped(options.words.alarm(at: station, minutes: minutes)),
            "TRIGGER:-PT\(minutes)M", "END:VALARM",
        ]
    }

    /// What an earlier calendar said about an event: its fingerprint, DTSTAMP and SEQUENCE.
    struct Earlier: Equatable {
        var fingerprint: String
        var stamp: String
        var sequence: Int
    }

    /// A VEVENT with its stamp and sequence: those of `earlier` when its content is unchanged,
    /// else `stamp` and the next sequence.
    static func stamped(_ body: Body, stamp: Int64, earlier: [String: Earlier]) -> [String] {
        let uid = String(body[0].dropFirst(4))
        let fingerprint = String(SHA256.hex(Data(body.joined(separator: "\n").utf8)).prefix(32))
        let before = earlier[uid]
        let (dtstamp, sequence): (String, Int) =
            if let before, before.fingerprint == fingerprint {
                (before.stamp, before.sequence)
            } else {
                (utc(stamp), before.map { $0.sequence + 1 } ?? 0)
            }
        return ["BEGIN:VEVENT", body[0], "DTSTAMP:\(dtstamp)", "SEQUENCE:\(sequence)"] + body.dropFirst()
            + ["X-NEXTWAVE-FINGERPRINT:\(fingerprint)", "END:VEVENT"]
    }

    /// The events of a calendar this type wrote, by UID (lines unfolded).
    static func events(in text: String) -> [String: Earlier] {
        let unfolded = text.replacingOccurrences(of: "\r\n ", with: "").replacingOccurrences(of: "\n ", with: "")
        var out: [String: Earlier] = [:]
        var uid: String?
        var fields: [String: String] = [:]
        for line in unfolded.split(whereSeparator: { $0 == "\r\n" || $0 == "\n" || $0 == "\r" }) {
            if line == "BEGIN:VEVENT" {
                uid = nil
                fields = [:]
            } else if line == "END:VEVENT" {
                if let uid, let fingerprint = fields["X-NEXTWAVE-FINGERPRINT"], let stamp = fields["DTSTAMP"],
                    let sequence = fields["SEQUENCE"].flatMap({ Int($0) })
                {
                    out[uid] = Earlier(fingerprint: fingerprint, stamp: stamp, sequence: sequence)
                }
            } else if let colon = line.firstIndex(of: ":") {
                let key = String(line[..<colon])
                let value = String(line[line.index(after: colon)...])
                if key == "UID" { uid = value } else { fields[key] = value }
            }
        }
        return out
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
            // A control character from a name never reaches a calendar application.
            case _ where c.unicodeScalars.contains(where: VisibleText.isHidden): out += "\u{FFFD}"
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
