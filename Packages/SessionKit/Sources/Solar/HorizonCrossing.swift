import Foundation

/// How the sun's centre meets one altitude on a day.
public enum HorizonCrossing: Sendable, Equatable {
    /// Rises through the altitude at `rise` and sets through it at `set` (Unix seconds, fractional).
    case crosses(rise: Double, set: Double)
    /// Stays above the altitude all day (polar day, or a white night for twilight).
    case alwaysAbove
    /// Stays below the altitude all day (polar night).
    case alwaysBelow
}
