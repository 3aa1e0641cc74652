/// What a survey saw besides the sessions: counts and the names it could not rate.
public struct SurveyReport: Sendable {
    public var stationDays = 0
    public var departures = 0
    public var unknownShipWaves = 0
    /// Ships the rating table lists without a rating (no published dimensions; scored 2).
    public var unratedShips: Set<String> = []
    /// Ship names in assignments that the rating table does not know at all (scored 2).
    public var unknownShips: Set<String> = []
    /// Stations without coordinates in the catalogue (scored with the app's point).
    public var stationsWithoutCoordinates: Set<Int> = []

    public init() {}
}
