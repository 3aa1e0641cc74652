public import WaveRating

/// A rating the riders gave a ship, as the fleet file curates it (`riderRating` in
/// `ship-ratings.json`, schema 4): the published `rating` wherever there is one.
public struct RiderRating: Codable, Sendable, Equatable {
    /// 1–3.
    public var rating: Rating
    /// Where the riders' rating is published: a URL (the app's code at a commit, a club's page).
    public var source: String
    /// Why this is the riders' rating (who rated, on what).
    public var reason: String

    /// A riders' rating with its source and reason.
    public init(rating: Rating, source: String, reason: String) {
        self.rating = rating
        self.source = source
        self.reason = reason
    }
}
