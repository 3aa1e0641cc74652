/// Which value a table uses where the operator's page and the curated fleet file disagree
/// (`sources.conflicts[].used` in `ship-ratings.json`).
public enum ConflictSide: String, Codable, Sendable, CaseIterable {
    /// The page's value (the fleet file's differs without a reason to win).
    case page
    /// The fleet file's value, with its source and reason (a refit the page does not show yet).
    case curated
}
