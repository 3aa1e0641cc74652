public import Foundation

/// The app's sun times for a day (its `SunTimes`, as `Date`s): what both ports of its session
/// search take (``AppAnalytics37/SunTimes``, ``AppAnalyticsCurrent/SunTimes``).
public struct AppSunTimes: Sendable {
    public var sunrise: Date
    public var sunset: Date
    public var civilTwilightBegin: Date
    public var civilTwilightEnd: Date
    public init(sunrise: Date, sunset: Date, civilTwilightBegin: Date, civilTwilightEnd: Date) {
        self.sunrise = sunrise
        self.sunset = sunset
        self.civilTwilightBegin = civilTwilightBegin
        self.civilTwilightEnd = civilTwilightEnd
    }
}
