/// The model whose rating a table's `rating` is (`model.name` in `ship-ratings.json`, encoded as
/// the string): the toolkit's two, the app's hard-coded table, or a hand-made table's own name.
public struct ModelName: RawRepresentable, Codable, Hashable, Sendable, CustomStringConvertible {
    public var rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// The legacy formulas (`vesseldata.py`).
    public static let legacy = ModelName("vesseldata-legacy")
    /// The distance-aware models' ensemble at a rider's reference point.
    public static let wakeEnsemble = ModelName("wake-ensemble")
    /// The ratings the Next Wave app hard-codes (`Data/app-ratings.json`).
    public static let appHardcoded = ModelName("next-wave-app-hardcoded")

    /// A wake model's table (its name starts with `wake`): heights at the rider rate the ships.
    public var isWake: Bool { rawValue.hasPrefix("wake") }

    public var description: String { rawValue }
}
