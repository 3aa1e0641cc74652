public import CivilTime
public import Solar

/// Where session scoring takes its sun times from; the raw values are the command-line and
/// report spellings (`station`, `app`).
public enum SunSource: String, Sendable, CaseIterable {
    /// Each station's own coordinates, times to the second.
    case station
    /// The app's single point (47.0136 N, 8.4324 E) for every station, seconds dropped, as the
    /// app does with the sunrise-sunset.org answers it uses.
    case app

    /// The point the app uses for every station.
    public static let appPoint = (latitude: 47.0136, longitude: 8.4324)

    /// The sun times of `date` for a station at `place` (nil: unknown, the app's point is used),
    /// and the window scoring reads, rounded as this source rounds.
    /// - Throws: `SunTimes.CoordinateOutOfRange` (Solar) for a station source and a place
    ///   outside −90…90° latitude or −180…180° longitude.
    public func sun(
        on date: LocalDate, at place: (latitude: Double, longitude: Double)?, clock: ZoneClock = .zurich
    ) throws(SunTimes.CoordinateOutOfRange) -> (times: SunTimes, window: SunWindow) {
        let point = self == .station ? place ?? Self.appPoint : Self.appPoint
        let times = try SunTimes(latitude: point.latitude, longitude: point.longitude, date: date)
        let precision: SunWindow.Precision = self == .station && place != nil ? .seconds : .minutes
        return (times, SunWindow(times, precision: precision, clock: clock))
    }
}
