/// The thresholds of the legacy model's 1–3 wave rating: the larger of an energy rating and a
/// force rating. The one thresholds type: the kernels classify with it, and a rating table
/// records it (`RatingTable.Model.thresholds`).
///
/// ```
/// rating_E = 3 if E > 250 J/m², 2 if E > 150 J/m², else 1
/// rating_F = 3 if F > 55 000 N/m², 2 if F > 45 000 N/m², else 1
/// rating   = max(rating_E, rating_F)
/// ```
///
/// Thresholds are strict (`>`): a ship exactly at 250 J/m² rates 2 on energy.
public struct RatingThresholds: Sendable, Equatable, Codable {
    /// Energy density above which the energy rating is 2 and 3, J/m² (ascending; encoded as
    /// `[two, three]`).
    public var energyJPerM2: ThresholdPair<Double>
    /// Impact force above which the force rating is 2 and 3, N/m² (ascending).
    public var forceNPerM2: ThresholdPair<Double>

    public init(energyJPerM2: ThresholdPair<Double>, forceNPerM2: ThresholdPair<Double>) {
        self.energyJPerM2 = energyJPerM2
        self.forceNPerM2 = forceNPerM2
    }

    /// The thresholds of `vesseldata.py` and the Next Wave app.
    public static let legacy = RatingThresholds(energyJPerM2: .init(150, 250), forceNPerM2: .init(45_000, 55_000))

    /// Rating from energy alone.
    @inlinable public func energyRating(_ energyJPerM2: Double) -> Rating {
        Rating.classify(energyJPerM2, above: self.energyJPerM2)
    }

    /// Rating from impact force alone.
    @inlinable public func forceRating(_ forceNPerM2: Double) -> Rating {
        Rating.classify(forceNPerM2, above: self.forceNPerM2)
    }

    /// The wave rating: `max(rating_E, rating_F)`.
    @inlinable public func rating(energyJPerM2: Double, forceNPerM2: Double) -> Rating {
        max(energyRating(energyJPerM2), forceRating(forceNPerM2))
    }
}
