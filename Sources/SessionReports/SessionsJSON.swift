import CivilTime
import Foundation
import NextWaveSupport
import SessionAnalytics
import SessionCore

/// `sessions.json`: `{"schemaVersion": 1, "settings": {…}, "days": [{stationId, stationName, date,
/// weekday, waves, unknownShipWaves, sun: {sunrise, sunset, civilTwilightBegin,
/// civilTwilightEnd}, sessions: [{start, end, waves, score, quality, ships, unknownWaves}]}]}`.
///
/// Times are ISO-8601 with the Europe/Zurich offset; a sun time is `null` on a day the sun does
/// not cross that altitude. `sessions` is best first and empty when no window qualifies. Written
/// as a stream, one day per line, so a year over all stations never sits in memory as text.
public struct SessionsJSON {
    public static let schemaVersion = 1

    /// Settings echoed into the file so that it says how it was made.
    public struct Settings: Sendable {
        public var archive: String
        public var from: LocalDate
        public var to: LocalDate
        public var stations: [Int]?
        public var lake: String?
        public var ratings: String
        public var ratingsModel: String
        public var sun: SunSource
        public var top: Int

        public init(
            archive: String, from: LocalDate, to: LocalDate, stations: [Int]?, lake: String?, ratings: String,
            ratingsModel: String, sun: SunSource, top: Int
        ) {
            self.archive = archive
            self.from = from
            self.to = to
            self.stations = stations
            self.lake = lake
            self.ratings = ratings
            self.ratingsModel = ratingsModel
            self.sun = sun
            self.top = top
        }
    }

    let clock: ZoneClock
    let write: (String) -> Void
    private var first = true

    /// Starts the document; call ``add(_:)`` per station-day, then ``finish()``.
    public init(settings: Settings, clock: ZoneClock = .zurich, write: @escaping (String) -> Void) {
        self.clock = clock
        self.write = write
        let stations = settings.stations.map { "[" + $0.map { Self.string(String($0)) }.joined(separator: ", ") + "]" }
        write(
            """
            {
              "schemaVersion": \(Self.schemaVersion),
              "settings": {
                "archive": \(Self.string(settings.archive)),
                "from": "\(settings.from)",
                "to": "\(settings.to)",
                "stations": \(stations ?? "null"),
                "lake": \(settings.lake.map(Self.string) ?? "null"),
                "ratings": \(Self.string(settings.ratings)),
                "ratingsModel": \(Self.string(settings.ratingsModel)),
                "sun": "\(settings.sun.rawValue)",
                "top": \(settings.top),
                "timeZone": "Europe/Zurich"
              },
              "days": [
            """)
    }

    public mutating func add(_ day: StationDay) {
        let sun = day.sunTimes
        func time(_ t: Int64, _ present: Bool) -> String { present ? "\"\(clock.iso8601(t))\"" : "null" }
        let sunText =
            "{\"sunrise\": \(time(day.sun.sunrise, sun.sunrise != nil)), \"sunset\": \(time(day.sun.sunset, sun.sunset != nil)), "
            + "\"civilTwilightBegin\": \(time(day.sun.civilTwilightBegin, sun.civilTwilightBegin != nil)), "
            + "\"civilTwilightEnd\": \(time(day.sun.civilTwilightEnd, sun.civilTwilightEnd != nil))}"
        let sessions = day.sessions.map { s in
            "{\"start\": \"\(clock.iso8601(s.start))\", \"end\": \"\(clock.iso8601(s.end))\", \"waves\": \(s.waves), "
                + "\"score\": \(Self.number(s.score)), \"quality\": \(s.quality), "
                + "\"ships\": [\(s.ships.map(Self.string).joined(separator: ", "))], \"unknownWaves\": \(s.unknownWaves)}"
        }
        let line =
            "{\"stationId\": \"\(day.station)\", \"stationName\": \(Self.string(day.stationName)), \"date\": \"\(day.date)\", "
            + "\"weekday\": \"\(day.date.weekdayName)\", \"waves\": \(day.waveCount), \"unknownShipWaves\": \(day.unknownShipWaves), "
            + "\"sun\": \(sunText), \"sessions\": [\(sessions.joined(separator: ", "))]}"
        write((first ? "\n    " : ",\n    ") + line)
        first = false
    }

    public func finish() { write((first ? "" : "\n  ") + "]\n}\n") }

    /// A JSON string literal.
    static func string(_ text: String) -> String { PrettyJSON.quoted(text) }

    /// Shortest round-trip decimal; JSON has no NaN or infinity (never produced here).
    static func number(_ value: Double) -> String {
        precondition(value.isFinite, "scores are finite")
        return value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : "\(value)"
    }
}
