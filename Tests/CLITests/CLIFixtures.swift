import Foundation
import _TestSupport

/// The inputs the CLI tests own (Tests/CLITests/Fixtures/README.md), never the generated
/// `reports/`.
enum CLIFixtures {
    static let folder = RepositoryPaths.root.appendingPathComponent("Tests/CLITests/Fixtures")
    /// A schema-4 rating table of Lake Zurich's 17 ships.
    static var ratingTable: URL { folder.appendingPathComponent("ship-ratings.json") }
    /// A fitted power-law calibration.
    static var calibration: URL { folder.appendingPathComponent("calibration.json") }
}
