package import CivilTime
import Foundation
import JSONText
package import SessionAnalytics
package import SessionCore
import Solar
import WaveRating

/// `sessions.json`: `{"schemaVersion": 2, "settings": {…}, "days": [{stationId, stationName, lake,
/// date, weekday, waves, unknownShipWaves, predictedShipWaves, sun: {sunrise, sunset,
/// civilTwilightBegin, civilTwilightEnd}, sessions: [session], distinctSessions: [session],
/// noSession, waveList: [wave]}], "coverage": {knownShipWaves, predictedShipWaves, noShipWaves}}`,
/// a session `{start, end, waves, score, quality, ships, unknownWaves, predictedWaves,
/// predictedShips}`, a wave `{time, course, category, nextStop: {stationId, stationName} | null,
/// ship, shipSource: "known" | "predicted" | "none", predicted: [{ship, share}], rating, points,
/// waveHeightM}`.
///
/// Times are ISO-8601 with the Europe/Zurich offset; a sun time is `null` on a day the sun does
/// not cross that altitude. `sessions` are the app's best windows (they may overlap, kept for
/// compatibility), `distinctSessions` the non-overlapping ones; both best first, empty when no
/// window qualifies, and then `noSession` says why. Station ids are strings. Written as a
/// stream, one day per line, so a year over all stations never sits in memory as text.
package struct SessionsJSON {
    package static let schemaVersion = 2

    /// Settings echoed into the file so that it says how it was made.
    package struct Settings: Sendable {
        package var archive: String
        package var from: LocalDate
        package var to: LocalDate
        package var stations: [Int]?
        package var lake: String?
        package var ratings: String
        package var ratingsModel: String
        package var sun: SunSource
        package var top: Int
        /// Whether waves without an assignment take predicted ships.
        package var predict: Bool = true
        /// Where the table rated the ships, in words ("legacy model at 18 km/h over 10 m");
        /// nil for a table without physics (the app's own ratings).
        package var ratingsPoint: String?

        package init(
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
    /// The text so far not handed out: take it with ``ReportBytes/drain(_:)`` now and then.
    package let text = ReportBytes()
    private var first = true

    /// Starts the document; call ``add(_:)`` per station-day, then ``finish(coverage:)``.
    package init(settings: Settings, clock: ZoneClock = .zurich) {
        self.clock = clock
        let stations = settings.stations.map { "[" + $0.map { Self.string(String($0)) }.joined(separator: ", ") + "]" }
        text.text(
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
                "ratingsPoint": \(settings.ratingsPoint.map(Self.string) ?? "null"),
                "sun": "\(settings.sun.rawValue)",
                "top": \(settings.top),
                "predict": \(settings.predict),
                "timeZone": "Europe/Zurich"
              },
              "days": [
            """)
    }

    /// Appends one station-day, one line.
    package mutating func add(_ day: StationDay) {
        text.ascii(first ? "\n    " : ",\n    ")
        first = false
        text.ascii("{\"stationId\": \"")
        text.int(day.station)
        text.ascii("\", \"stationName\": ")
        text.jsonString(day.stationName)
        text.ascii(", \"lake\": ")
        optionalString(day.lake)
        text.ascii(", \"date\": \"")
        text.date(day.date)
        text.ascii("\", \"weekday\": \"")
        text.text(day.date.weekdayName)
        text.ascii("\", \"waves\": ")
        text.int(day.waveCount)
        text.ascii(", \"unknownShipWaves\": ")
        text.int(day.unknownShipWaves)
        text.ascii(", \"predictedShipWaves\": ")
        text.int(day.predictedShipWaves)
        let sun = day.sunTimes
        text.ascii(", \"sun\": {\"sunrise\": ")
        time(day.sun.sunrise, sun.sunrise != nil)
        text.ascii(", \"sunset\": ")
        time(day.sun.sunset, sun.sunset != nil)
        text.ascii(", \"civilTwilightBegin\": ")
        time(day.sun.civilTwilightBegin, sun.civilTwilightBegin != nil)
        text.ascii(", \"civilTwilightEnd\": ")
        time(day.sun.civilTwilightEnd, sun.civilTwilightEnd != nil)
        text.ascii("}, \"sessions\": [")
        // By index, not enumerated(): each element is read in place instead of copied (a wave
        // holds six references, retained and released per copy, a million times a year).
        for index in day.sessions.indices { session(day.sessions[index], first: index == 0) }
        text.ascii("], \"distinctSessions\": [")
        for index in day.distinctSessions.indices { session(day.distinctSessions[index], first: index == 0) }
        text.ascii("], \"noSession\": ")
        optionalString(day.noSession?.description)
        text.ascii(", \"waveList\": [")
        for index in day.waves.indices { wave(day.waves[index], first: index == 0) }
        text.ascii("]}")
    }

    private mutating func time(_ unix: Int64, _ present: Bool) {
        guard present else { return text.ascii("null") }
        text.byte(0x22)
        text.iso8601(unix, clock: clock)
        text.byte(0x22)
    }

    private mutating func optionalString(_ value: String?) {
        if let value { text.jsonString(value) } else { text.ascii("null") }
    }

    private mutating func strings(_ values: [String]) {
        text.byte(0x5B)
        for (index, value) in values.enumerated() {
            if index > 0 { text.ascii(", ") }
            text.jsonString(value)
        }
        text.byte(0x5D)
    }

    private mutating func session(_ s: SessionResult, first: Bool) {
        text.ascii(first ? "{\"start\": " : ", {\"start\": ")
        time(s.start, true)
        text.ascii(", \"end\": ")
        time(s.end, true)
        text.ascii(", \"waves\": ")
        text.int(s.waves)
        text.ascii(", \"score\": ")
        text.jsonNumber(s.score)
        text.ascii(", \"quality\": ")
        text.jsonNumber(s.quality)
        text.ascii(", \"ships\": ")
        strings(s.ships)
        text.ascii(", \"unknownWaves\": ")
        text.int(s.unknownWaves)
        text.ascii(", \"predictedWaves\": ")
        text.int(s.predictedWaves)
        text.ascii(", \"predictedShips\": ")
        strings(s.predictedShips)
        text.byte(0x7D)
    }

    private mutating func wave(_ w: WaveDetail, first: Bool) {
        let (ship, predicted): (String?, [ShipShare]) =
            switch w.ship {
            case .known(let name): (name, [])
            case .predicted(let shares): (shares.first?.ship, shares)
            case .none: (nil, [])
            }
        text.ascii(first ? "{\"time\": " : ", {\"time\": ")
        time(w.time, true)
        text.ascii(", \"course\": ")
        text.jsonString(w.course)
        text.ascii(", \"category\": ")
        text.jsonString(w.category)
        text.ascii(", \"nextStop\": ")
        if let next = w.nextStop {
            text.ascii("{\"stationId\": \"")
            text.int(next)
            text.ascii("\", \"stationName\": ")
            optionalString(w.nextStopName)
            text.byte(0x7D)
        } else {
            text.ascii("null")
        }
        text.ascii(", \"ship\": ")
        optionalString(ship)
        text.ascii(", \"shipSource\": \"")
        text.text(w.ship.source.rawValue)
        text.ascii("\", \"predicted\": [")
        for (index, share) in predicted.enumerated() {
            text.ascii(index == 0 ? "{\"ship\": " : ", {\"ship\": ")
            text.jsonString(share.ship)
            text.ascii(", \"share\": ")
            text.jsonNumber(share.share)
            text.byte(0x7D)
        }
        text.ascii("], \"rating\": ")
        if let rating = w.rating { text.int(rating.rawValue) } else { text.ascii("null") }
        text.ascii(", \"points\": ")
        text.jsonNumber(w.points)
        text.ascii(", \"waveHeightM\": ")
        if let height = w.waveHeightM { text.jsonNumber(height) } else { text.ascii("null") }
        text.byte(0x7D)
    }

    /// Ends the document with how the waves' ships were known.
    package mutating func finish(coverage report: SurveyReport) {
        text.text(
            (first ? "" : "\n  ") + "],\n  \"coverage\": {\"knownShipWaves\": \(report.knownShipWaves), "
                + "\"predictedShipWaves\": \(report.predictedShipWaves), \"noShipWaves\": \(report.noShipWaves)}\n}\n")
    }

    /// A JSON string literal.
    static func string(_ text: String) -> String { PrettyJSON.quoted(text) }

}
