public import ShipRatingTable

/// Which model's rating is a table's `rating`.
public enum RatingModel: String, Sendable, CaseIterable {
    /// The legacy formulas (`vesseldata.py`), the apps' ratings so far.
    case legacy
    /// The distance-aware models' ensemble at a rider's reference point.
    case wake

    /// The table's `model.name`.
    public var tableName: ModelName { self == .legacy ? .legacy : .wakeEnsemble }
}
