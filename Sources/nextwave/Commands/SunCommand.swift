import ArgumentParser
import CivilTime
import Foundation
import Solar

struct SunCommand: NextWaveCommand {
    static let configuration = CommandConfiguration(
        commandName: "sun",
        abstract: "Sunrise, sunset and civil twilight of a place and date, in Europe/Zurich time.",
        discussion: """
            NOAA's solar calculator method (Meeus): rise and set when the sun's centre is 0.833° \
            below the horizon, civil twilight at 6°. Within a minute of NOAA for latitudes within \
            ±72° and years 1901–2099. When the sun does not cross an altitude that day (polar day \
            or night) the time is absent and the reason is printed (JSON: null, plus "daylight" \
            and "twilight" states).

            Examples:
              nextwave sun --lat 47.3657 --lon 8.5410 --date 2026-06-21
              nextwave sun --lat 69.6492 --lon 18.9553 --date 2026-06-21 --json
            """)

    @Option(help: ArgumentHelp("Latitude, degrees north (−90…90).", valueName: "DEG"))
    var lat: Double

    @Option(help: ArgumentHelp("Longitude, degrees east (−180…180).", valueName: "DEG"))
    var lon: Double

    @Option(help: ArgumentHelp("The date (default: today in Europe/Zurich).", valueName: "YYYY-MM-DD"))
    var date: LocalDate?

    @Flag(help: "Print JSON (keys sunrise, sunset, civilTwilightBegin, civilTwilightEnd: ISO-8601 with offset).")
    var json = false

    func validate() throws {
        guard (-90...90).contains(lat) else { throw ValidationError("--lat must lie in −90…90") }
        guard (-180...180).contains(lon) else { throw ValidationError("--lon must lie in −180…180") }
        try checkSupported(date, option: "--date")
    }

    var showsProgress: Bool { false }

    func execute(_ terminal: Terminal) async throws {
        let clock = ZoneClock.zurich
        let day = date ?? clock.localDate(at: Int64(Date().timeIntervalSince1970))
        let sun = SunTimes(latitude: lat, longitude: lon, date: day)
        func text(_ t: Double?) -> String? { t.map { clock.iso8601(Int64($0.rounded())) } }
        if json {
            var object: [String: Any] = [
                "date": day.description, "latitude": lat, "longitude": lon, "timeZone": "Europe/Zurich",
                "daylight": Self.state(sun.daylight, above: "polarDay", below: "polarNight"),
                "twilight": Self.state(sun.civil, above: "neverDark", below: "neverCivilLight"),
            ]
            for (key, value) in [
                ("sunrise", text(sun.sunrise)), ("sunset", text(sun.sunset)),
                ("civilTwilightBegin", text(sun.civilTwilightBegin)), ("civilTwilightEnd", text(sun.civilTwilightEnd)),
            ] {
                object[key] = value ?? NSNull()
            }
            let data = try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys])
            print(String(decoding: data, as: UTF8.self))
        } else {
            print("\(day) at \(lat), \(lon) (times Europe/Zurich)")
            let rows: [(String, String?, String)] = [
                ("civil twilight begins", text(sun.civilTwilightBegin), Self.reason(sun.civil, civil: true)),
                ("sunrise", text(sun.sunrise), Self.reason(sun.daylight, civil: false)),
                ("sunset", text(sun.sunset), Self.reason(sun.daylight, civil: false)),
                ("civil twilight ends", text(sun.civilTwilightEnd), Self.reason(sun.civil, civil: true)),
            ]
            for (label, value, reason) in rows {
                print("  \(label.padding(toLength: 22, withPad: " ", startingAt: 0)) \(value ?? reason)")
            }
        }
    }

    static func state(_ crossing: HorizonCrossing, above: String, below: String) -> String {
        switch crossing {
        case .crosses: "normal"
        case .alwaysAbove: above
        case .alwaysBelow: below
        }
    }

    static func reason(_ crossing: HorizonCrossing, civil: Bool) -> String {
        switch crossing {
        case .crosses: ""
        case .alwaysAbove: civil ? "none (the sun stays above −6° all day)" : "none (polar day: the sun does not set)"
        case .alwaysBelow:
            civil ? "none (the sun stays below −6° all day)" : "none (polar night: the sun does not rise)"
        }
    }
}
