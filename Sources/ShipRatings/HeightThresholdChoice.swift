import Foundation

/// How heights become ratings in a run.
public enum HeightThresholdChoice: Sendable, Equatable {
    /// Fitted so that the wake ratings best agree with the app's own labels (``WakeRatingFit``).
    case fittedToApp
    case fixed(HeightThresholds)
}
