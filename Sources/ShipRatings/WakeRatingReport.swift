import ShipRatingTable
import WakeModels

/// The wake side of a ratings run, for the reports: the reference, each ship's speed and
/// heights, the fit and its agreement with the app.
public struct WakeRatingReport: Sendable {
    public var reference: WakeReference
    /// The operating speeds (nil with a fixed speed).
    public var speeds: OperatingSpeeds?
    /// The thresholds' fit with its leave-one-out agreement (nil with given thresholds or without
    /// labels).
    public var fit: WakeRatingFit?
    /// What the fit saw, per ship name (also with given thresholds).
    public var fitShips: [String: WakeRatingFit.Ship]
    /// Per ship name: each model's height at the track (``WakeModels/WakeModel/allCases`` order), m.
    public var modelHeights: [String: [Double]]
    /// Per ship name: why it has no wake rating.
    public var unrated: [String: String]
}
