import SessionCore

/// One scored session, ready for reports.
public struct SessionResult: Hashable, Sendable {
    public var start: Int64
    public var end: Int64
    public var waves: Int
    /// Σ of the waves' points (expected points for predicted ships).
    public var quality: Double
    public var score: Double
    /// Known ships in the window, in order of first wave.
    public var ships: [String]
    /// Waves whose ship is not known (predicted or none).
    public var unknownWaves: Int
    /// Of those, waves with a predicted ship, and the most likely ship of each (distinct).
    public var predictedWaves: Int = 0
    public var predictedShips: [String] = []

    public init(
        start: Int64, end: Int64, waves: Int, quality: Double, score: Double, ships: [String], unknownWaves: Int,
        predictedWaves: Int = 0, predictedShips: [String] = []
    ) {
        self.start = start
        self.end = end
        self.waves = waves
        self.quality = quality
        self.score = score
        self.ships = ships
        self.unknownWaves = unknownWaves
        self.predictedWaves = predictedWaves
        self.predictedShips = predictedShips
    }
}
