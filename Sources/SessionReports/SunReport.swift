package import CivilTime
import Foundation
import JSONText
package import Solar

/// One place's sun times on one day, as `nextwave sun` prints them: local clock times in
/// Europe/Zurich, and in words why a time is missing (polar day or night, a sun that never
/// reaches −6°).
package enum SunReport {
    /// The date and place, then civil twilight's begin, sunrise, sunset and twilight's end.
    package static func text(
        _ sun: SunTimes, date: LocalDate, latitude: Double, longitude: Double, place: String
    ) -> String {
        let clock = ZoneClock.zurich
        // A place far from Zurich can see the sun rise on the Zurich clock's day before (or set on
        // the day after): such a time carries its day.
        func local(_ t: Double?) -> String? {
            t.map { t in
                let unix = Int64(t.rounded())
                let day = clock.localDate(at: unix)
                return clock.hourMinute(unix) + (day == date ? "" : " (\(day))")
            }
        }
        let rows: [(String, String?, String)] = [
            ("civil twilight begins", local(sun.civilTwilightBegin), reason(sun.civil, civil: true)),
            ("sunrise", local(sun.sunrise), reason(sun.daylight, civil: false)),
            ("sunset", local(sun.sunset), reason(sun.daylight, civil: false)),
            ("civil twilight ends", local(sun.civilTwilightEnd), reason(sun.civil, civil: true)),
        ]
        return
            (["\(date), \(place)\(coordinates(latitude: latitude, longitude: longitude)) (local time, Europe/Zurich)"]
            + rows.map { label, value, reason in
                "  \(label.padding(toLength: 22, withPad: " ", startingAt: 0)) \(value ?? reason)"
            }).joined(separator: "\n")
    }

    /// Degrees with their hemisphere, as a map writes them: "47.3657 N, 8.541 E", "33.87 S, 151.2 E".
    package static func coordinates(latitude: Double, longitude: Double) -> String {
        "\(latitude.magnitude) \(latitude < 0 ? "S" : "N"), \(longitude.magnitude) \(longitude < 0 ? "W" : "E")"
    }

    /// JSON with sorted keys: date, place, time zone, `daylight` and `twilight` (normal,
    /// polarDay/polarNight, neverDark/neverCivilLight) and the four times (ISO 8601 with the
    /// offset, null when there is none).
    package static func json(_ sun: SunTimes, date: LocalDate, latitude: Double, longitude: Double) -> String {
        let clock = ZoneClock.zurich
        func text(_ t: Double?) -> String? { t.map { clock.iso8601(Int64($0.rounded())) } }
        var object: [String: Any] = [
            "date": date.description, "latitude": latitude, "longitude": longitude, "timeZone": "Europe/Zurich",
            "daylight": state(sun.daylight, above: "polarDay", below: "polarNight"),
            "twilight": state(sun.civil, above: "neverDark", below: "neverCivilLight"),
        ]
        for (key, value) in [
            ("sunrise", text(sun.sunrise)), ("sunset", text(sun.sunset)),
            ("civilTwilightBegin", text(sun.civilTwilightBegin)), ("civilTwilightEnd", text(sun.civilTwilightEnd)),
        ] {
            object[key] = value ?? NSNull()
        }
        return String(PrettyJSON.text(object).dropLast())
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
