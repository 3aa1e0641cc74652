package import CivilTime
import Foundation
import NextWaveSupport
package import SessionAnalytics
package import SessionCore
import Solar

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
    let write: (String) -> Void
    private var first = true

    /// Starts the document; call ``add(_:)`` per station-day, then ``finish()``.
    package init(settings: Settings, clock: ZoneClock = .zurich, write: @escaping (String) -> Void) {
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
                "ratingsPoint": \(settings.ratingsPoint.map(Self.string) ?? "null"),
                "sun": "\(settings.sun.rawValue)",
                "top": \(settings.top),
                "predict": \(settings.predict),
                "timeZone": "Europe/Zurich"
              },
              "days": [
            """)
    }

    package mutating func add(_ day: StationDay) {
        let sun = day.sunTimes
        func time(_ t: Int64, _ present: Bool) -> String { present ? "\"\(clock.iso8601(t))\"" : "null" }
        let sunText =
            "{\"sunrise\": \(time(day.sun.sunrise, sun.sunrise != nil)), \"sunset\": \(time(day.sun.sunset, sun.sunset != nil)), "
            + "\"civilTwilightBegin\": \(time(day.sun.civilTwilightBegin, sun.civilTwilightBegin != nil)), "
            + "\"civilTwilightEnd\": \(time(day.sun.civilTwilightEnd, sun.civilTwilightEnd != nil))}"
        func session(_ s: SessionResult) -> String {
            "{\"start\": \"\(clock.iso8601(s.start))\", \"end\": \"\(clock.iso8601(s.end))\", \"waves\": \(s.waves), "
                + "\"score\": \(Self.number(s.score)), \"quality\": \(Self.number(s.quality)), "
                + "\"ships\": [\(s.ships.map(Self.string).joined(separator: ", "))], \"unknownWaves\": \(s.unknownWaves), "
                + "\"predictedWaves\": \(s.predictedWaves), "
                + "\"predictedShips\": [\(s.predictedShips.map(Self.string).joined(separator: ", "))]}"
        }
        let line =
            "{\"stationId\": \"\(day.station)\", \"stationName\": \(Self.string(day.stationName)), "
            + "\"lake\": \(day.lake.map(Self.string) ?? "null"), \"date\": \"\(day.date)\", "
            + "\"weekday\": \"\(day.date.weekdayName)\", \"waves\": \(day.waveCount), \"unknownShipWaves\": \(day.unknownShipWaves), "
            + "\"predictedShipWaves\": \(day.predictedShipWaves), \"sun\": \(sunText), "
            + "\"sessions\": [\(day.sessions.map(session).joined(separator: ", "))], "
            + "\"distinctSessions\": [\(day.distinctSessions.map(session).joined(separator: ", "))], "
            + "\"noSession\": \(day.noSession.map { Self.string($0.description) } ?? "null"), "
            + "\"waveList\": [\(day.waves.map(wave).joined(separator: ", "))]}"
        write((first ? "\n    " : ",\n    ") + line)
        first = false
    }

    func wave(_ w: WaveDetail) -> String {
        let (ship, predicted): (String?, [ShipShare]) =
            switch w.ship {
            case .known(let name): (name, [])
            case .predicted(let shares): (shares.first?.ship, shares)
            case .none: (nil, [])
            }
        let next = w.nextStop.map {
            "{\"stationId\": \"\($0)\", \"stationName\": \(w.nextStopName.map(Self.string) ?? "null")}"
        }
        return "{\"time\": \"\(clock.iso8601(w.time))\", \"course\": \(Self.string(w.course)), "
            + "\"category\": \(Self.string(w.category)), \"nextStop\": \(next ?? "null"), "
            + "\"ship\": \(ship.map(Self.string) ?? "null"), \"shipSource\": \"\(w.ship.source.rawValue)\", "
            + "\"predicted\": [\(predicted.map { "{\"ship\": \(Self.string($0.ship)), \"share\": \(Self.number($0.share))}" }.joined(separator: ", "))], "
            + "\"rating\": \(w.rating.map(String.init) ?? "null"), \"points\": \(Self.number(w.points)), "
            + "\"waveHeightM\": \(w.waveHeightM.map(Self.number) ?? "null")}"
    }

    /// Ends the document with how the waves' ships were known.
    package func finish(coverage report: SurveyReport) {
        write(
            (first ? "" : "\n  ") + "],\n  \"coverage\": {\"knownShipWaves\": \(report.knownShipWaves), "
                + "\"predictedShipWaves\": \(report.predictedShipWaves), \"noShipWaves\": \(report.noShipWaves)}\n}\n")
    }

    /// A JSON string literal.
    static func string(_ text: String) -> String { PrettyJSON.quoted(text) }

    /// Shortest round-trip decimal; JSON has no NaN or infinity (never produced here).
    static func number(_ value: Double) -> String {
        precondition(value.isFinite, "scores are finite")
        return value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : "\(value)"
    }
}
