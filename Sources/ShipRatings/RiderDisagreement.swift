import Foundation
import ShipRatingTable
public import WaveRating

/// A ship the riders rate one way and a model another: the riders' rating is published; the
/// report and the dry run list each such ship, with the model's figures, for a person to review.
public struct RiderDisagreement: Sendable, Equatable {
    /// Which model disagrees.
    public enum Model: String, Sendable {
        case legacy, wake
    }

    /// The ship's full name.
    public var ship: String
    /// The riders' rating (published).
    public var riders: Rating
    public var model: Model
    /// The model's rating.
    public var modelRating: Rating
    /// Whether `model` is the table's selected model (the one that would rate the ship without
    /// the riders).
    public var selected: Bool
    /// The model's figures against its thresholds, in words.
    public var why: String

    /// "MS Säntis: riders 1, legacy model 2 (energy 161 J/m² > 150 J/m² …)".
    public var line: String {
        "\(ship): riders \(riders.rawValue), \(model == .legacy ? "legacy" : "wake") model \(modelRating.rawValue)"
            + (selected ? " (the selected model)" : "") + " — \(why)"
    }
}
