public import CivilTime
import Foundation

/// Sunrise, sunset and civil twilight of one place on one local date, by NOAA's method.
///
/// - Sunrise/sunset: the sun's centre at 0.833° below the horizon (34′ refraction + 16′ radius).
/// - Civil twilight: the centre at 6° below the horizon.
/// The events are those nearest the place's solar noon on `date` (its UTC day shifted by
/// −longitude/15 h), so a place far east of Greenwich gets the sunrise of its own morning.
public struct SunTimes: Sendable, Equatable {
    public let date: LocalDate
    public let latitude: Double
    public let longitude: Double
    /// Solar altitude −0.833°.
    public let daylight: HorizonCrossing
    /// Solar altitude −6°.
    public let civil: HorizonCrossing

    public var sunrise: Double? { if case .crosses(let r, _) = daylight { r } else { nil } }
    public var sunset: Double? { if case .crosses(_, let s) = daylight { s } else { nil } }
    public var civilTwilightBegin: Double? { if case .crosses(let r, _) = civil { r } else { nil } }
    public var civilTwilightEnd: Double? { if case .crosses(_, let s) = civil { s } else { nil } }

    /// Solar altitude of rise and set, degrees.
    public static let sunriseAltitude = -0.833
    /// Solar altitude bounding civil twilight, degrees.
    public static let civilAltitude = -6.0

    /// A place no sun times can be computed for: a latitude outside −90…90° or a longitude
    /// outside −180…180° (NaN included).
    public struct CoordinateOutOfRange: Error, Equatable, CustomStringConvertible {
        public let latitude: Double
        public let longitude: Double

        public var description: String {
            "no place on Earth at latitude \(latitude)°, longitude \(longitude)°: latitude must lie in −90…90°, "
                + "longitude in −180…180°"
        }
    }

    /// Whether a place has sun times: latitude in −90…90°, longitude in −180…180° (NaN is not).
    public static func accepts(latitude: Double, longitude: Double) -> Bool {
        (-90...90).contains(latitude) && (-180...180).contains(longitude)
    }

    /// Computes the four events.
    /// - Parameters:
    ///   - latitude: degrees north, −90…90.
    ///   - longitude: degrees east, −180…180.
    ///   - date: the civil date (years 1901–2099 for NOAA's stated accuracy).
    /// - Throws: ``CoordinateOutOfRange`` for a latitude or longitude outside its range.
    public init(latitude: Double, longitude: Double, date: LocalDate) throws(CoordinateOutOfRange) {
        guard Self.accepts(latitude: latitude, longitude: longitude) else {
            throw CoordinateOutOfRange(latitude: latitude, longitude: longitude)
        }
        self.date = date
        self.latitude = latitude
        self.longitude = longitude
        // Solar noon depends on the longitude and date only: found once for both crossings.
        let noon = Self.solarNoon(longitude: longitude, date: date)
        daylight = Self.crossing(
            altitude: Self.sunriseAltitude, latitude: latitude, longitude: longitude, date: date, noon: noon)
        civil = Self.crossing(
            altitude: Self.civilAltitude, latitude: latitude, longitude: longitude, date: date, noon: noon)
    }

    /// Julian day at 0h UT of `date`.
    static func julianDay(_ date: LocalDate) -> Double { Double(date.daysSinceEpoch) + 2_440_587.5 }

    /// Julian centuries since J2000.0 at `minutes` UTC after the 0h UT of Julian day `jd0`.
    static func julianCentury(_ jd0: Double, minutes: Double) -> Double {
        (jd0 + minutes / 1440 - 2_451_545.0) / 36_525
    }

    /// Solar noon in minutes UTC after 0h UT of `date`: 720 − 4·longitude − the equation of time,
    /// the equation taken at the estimate three times over.
    static func solarNoon(longitude: Double, date: LocalDate) -> Double {
        let jd0 = julianDay(date)
        var noon = 720 - 4 * longitude
        for _ in 0..<3 {
            noon = 720 - 4 * longitude - SolarPosition(julianCentury: julianCentury(jd0, minutes: noon)).equationOfTime
        }
        return noon
    }

    static func crossing(
        altitude: Double, latitude: Double, longitude: Double, date: LocalDate, noon: Double
    ) -> HorizonCrossing {
        let jd0 = julianDay(date)
        let rad = Double.pi / 180
        // Hour angle (degrees) at which the centre is at `altitude`, for the position at `minutes` UTC.
        func hourAngle(atMinutes minutes: Double) -> (Double?, Bool, Double) {
            let t = julianCentury(jd0, minutes: minutes)
            let position = SolarPosition(julianCentury: t)
            let cosH =
                (sin(altitude * rad) - sin(latitude * rad) * sin(position.declination))
                / (cos(latitude * rad) * cos(position.declination))
            if cosH > 1 { return (nil, false, position.equationOfTime) }  // never that high
            if cosH < -1 { return (nil, true, position.equationOfTime) }  // never that low
            return (acos(cosH) / rad, false, position.equationOfTime)
        }
        // From solar noon (``solarNoon(longitude:date:)``), each event refined three times at its
        // own instant.
        let (h0, above, _) = hourAngle(atMinutes: noon)
        guard h0 != nil else { return above ? .alwaysAbove : .alwaysBelow }
        func refine(_ sign: Double) -> Double {
            var minutes = noon + sign * 4 * h0!
            for _ in 0..<3 {
                let (h, _, eot) = hourAngle(atMinutes: minutes)
                // Near the polar limits the event can vanish at its own instant: keep the last value.
                guard let h else { break }
                minutes = 720 - 4 * longitude - eot + sign * 4 * h
            }
            return minutes
        }
        let base = Double(date.daysSinceEpoch) * 86_400
        return .crosses(rise: base + refine(-1) * 60, set: base + refine(1) * 60)
    }
}
