/// What a survey saw besides the sessions: counts and the names it could not rate.
public struct SurveyReport: Sendable {
    public var stationDays = 0
    public var departures = 0
    /// Waves whose ship the archive's assignments give.
    public var knownShipWaves = 0
    /// Waves without a known ship but with a prediction.
    public var predictedShipWaves = 0
    /// Waves with neither (scored 1 point).
    public var noShipWaves = 0
    /// Waves without a known ship (predicted or none): the app's "unknown".
    public var unknownShipWaves: Int { predictedShipWaves + noShipWaves }
    /// Ships the rating table lists without a rating (no published dimensions; scored 2).
    public var unratedShips: Set<String> = []
    /// Ship names in assignments that the rating table does not know at all (scored 2).
    public var unknownShips: Set<String> = []
    /// Stations without coordinates in the catalogue (scored with the app's point).
    public var stationsWithoutCoordinates: Set<Int> = []

    public init() {}

    /// When most waves have neither a known nor a predicted ship, scores say little but how
    /// often ships pass: the warning for reports and stderr (nil otherwise).
    public var coverageWarning: String? {
        let total = knownShipWaves + predictedShipWaves + noShipWaves
        guard total > 0, noShipWaves * 2 > total else { return nil }
        return "\(noShipWaves) of \(total) waves have no known or predicted ship: scores reflect how often ships "
            + "pass, not which (fetch ship assignments with `archive fetch`, or they are beyond any archived day)"
    }

    /// "12 345 waves: 8 000 with a known ship, 4 000 predicted, 345 unknown".
    public var coverageText: String {
        let total = knownShipWaves + predictedShipWaves + noShipWaves
        return
            "\(total) waves: \(knownShipWaves) with a known ship, \(predictedShipWaves) predicted, \(noShipWaves) unknown"
    }
}
