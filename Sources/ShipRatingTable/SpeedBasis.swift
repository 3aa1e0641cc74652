/// Where a ship's operating speed comes from (docs/SCIENCE.md §7), best first (`wake.speedBasis`
/// in `ship-ratings.json`, as the case's name). A top speed is never an operating speed.
public enum SpeedBasis: String, Sendable, Equatable, CaseIterable, Codable {
    /// Given for every ship (`--speed KMH`).
    case fixed
    /// A published service (cruising) speed.
    case published
    /// The cruising speed the archived courses show (``ShipRatingTable/CourseSpeedTable``).
    case courses
    /// A sister of the same length and beam in the same fleet, with one of the above (or, for a class
    /// with none, its fastest member's Admiralty estimate).
    case sisterShip
    /// The Admiralty relation P ∝ Δ^(2/3) V³, its constant fitted on the ships with a known speed.
    case admiralty
    /// Read from version 2 tables only: the top speed where no service speed was published.
    case top
    /// Read from version 2 tables only: the model's fallback speed.
    case fallback
}
