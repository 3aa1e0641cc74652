/// What decided a ship's published `rating` (`ratingBasis` in `ship-ratings.json`).
public enum RatingBasis: String, Codable, Sendable, CaseIterable {
    /// The riders' own rating, curated in the fleet file with its source (schema 4): a model never
    /// replaces it; where one disagrees, the report says so.
    case riders
    /// The legacy model, by its energy rating (the force rating is lower).
    case energy
    /// The legacy model, by its force rating (the energy rating is lower).
    case force
    /// The legacy model, energy and force agreeing.
    case energyAndForce = "energy and force"
    /// The distance-aware wake model: the height at the rider's reference point (schema 2).
    case waveHeightAtRider = "wave height at the rider"

    /// Whether the legacy model decided (by energy, force or both).
    public var isLegacy: Bool { self == .energy || self == .force || self == .energyAndForce }
}
