import Foundation

/// The repository's files these tests read: the tables the operators' and the app's ratings are
/// published in, and the lookup rule's cross-language vectors. SessionKit is a package nested in
/// the repository (Packages/SessionKit), so they are found from this file's own path.
enum RepositoryFiles {
    /// The repository's root: four folders up from this file.
    static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // ShipRatingReaderTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()  // SessionKit
        .deletingLastPathComponent()  // Packages
        .deletingLastPathComponent()

    /// The app's own rating table (Data/app-ratings.json).
    static var appRatings: URL { root.appendingPathComponent("Data/app-ratings.json") }
    /// The bundled Lake Zurich table (Data/ratings/zsg.json).
    static var zurichRatings: URL { root.appendingPathComponent("Data/ratings/zsg.json") }
    /// The lookup rule's test vectors (schemas/lookup-keys.vectors.json).
    static var lookupVectors: URL { root.appendingPathComponent("schemas/lookup-keys.vectors.json") }
}
