public import CivilTime
public import Solar

/// The four sun times session scoring uses, in Unix seconds.
///
/// Days without a crossing are encoded so that the rules still read literally: a polar day has
/// sunrise far before and sunset far after any wave (no twilight penalty); a polar night has
/// sunrise = sunset (every window is all twilight); a sky that never gets darker than civil
/// twilight never drops a window, one that never gets lighter drops every window.
public struct SunWindow: Hashable, Sendable {
    public var sunrise: Int64
    public var sunset: Int64
    public var civilTwilightBegin: Int64
    public var civilTwilightEnd: Int64

    /// Far outside any day, yet safe to subtract.
    static let never: Int64 = 1 << 60

    /// Each time is kept within ±2^60 s, far outside any day (a polar day's encoding), so that
    /// the rules can subtract it from a wave's time without overflow.
    public init(sunrise: Int64, sunset: Int64, civilTwilightBegin: Int64, civilTwilightEnd: Int64) {
        func bounded(_ t: Int64) -> Int64 { min(max(t, -Self.never), Self.never) }
        self.sunrise = bounded(sunrise)
        self.sunset = bounded(sunset)
        self.civilTwilightBegin = bounded(civilTwilightBegin)
        self.civilTwilightEnd = bounded(civilTwilightEnd)
    }

    /// How event times are rounded.
    public enum Precision: Sendable {
        /// To the nearest second.
        case seconds
        /// Seconds dropped (floored to the minute), as the app does with the API's times.
        case minutes
    }

    /// From computed sun times.
    public init(_ sun: SunTimes, precision: Precision, clock: ZoneClock = .zurich) {
        func round(_ t: Double) -> Int64 {
            // Sun times of supported dates are far inside ±2^40 s; bounding keeps a bad date from
            // trapping in the conversion.
            let t = t.isFinite ? min(max(t, -0x1p40), 0x1p40) : 0
            switch precision {
            case .seconds: return Int64(t.rounded())
            case .minutes: return Int64((t / 60).rounded(.down)) * 60
            }
        }
        let noon = clock.unixTime(of: sun.date, secondsAfterMidnight: 43_200)
        switch sun.daylight {
        case .crosses(let rise, let set): (sunrise, sunset) = (round(rise), round(set))
        case .alwaysAbove: (sunrise, sunset) = (-Self.never, Self.never)
        case .alwaysBelow: (sunrise, sunset) = (noon, noon)
        }
        switch sun.civil {
        case .crosses(let begin, let end): (civilTwilightBegin, civilTwilightEnd) = (round(begin), round(end))
        case .alwaysAbove: (civilTwilightBegin, civilTwilightEnd) = (-Self.never, Self.never)
        case .alwaysBelow: (civilTwilightBegin, civilTwilightEnd) = (Self.never, -Self.never)
        }
    }
}
