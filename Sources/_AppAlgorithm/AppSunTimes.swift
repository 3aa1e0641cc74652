package import Foundation

/// The app's sun times for a day (its `SunTimes`, as `Date`s): what both ports of its session
/// search take (``AppAnalytics37/SunTimes``, ``AppAnalyticsCurrent/SunTimes``).
package struct AppSunTimes: Sendable {
    package var sunrise: Date
    package var sunset: Date
    package var civilTwilightBegin: Date
    package var civilTwilightEnd: Date
    package init(sunrise: Date, sunset: Date, civilTwilightBegin: Date, civilTwilightEnd: Date) {
        self.sunrise = sunrise
        self.sunset = sunset
        self.civilTwilightBegin = civilTwilightBegin
        self.civilTwilightEnd = civilTwilightEnd
    }
}
