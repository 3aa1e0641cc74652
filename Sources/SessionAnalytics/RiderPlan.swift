public import CivilTime

/// A rider's plan over a few days (`nextwave plan`): every chosen station-day with waves,
/// scored by the app's rules, and what the range lacks.
public struct RiderPlan: Sendable {
    /// A chosen station, as a calendar places it.
    public struct Place: Sendable, Equatable {
        package var uic: Int
        package var name: String
        /// Degrees north and east (WGS84).
        package var latitude: Double
        package var longitude: Double

        package init(uic: Int, name: String, latitude: Double, longitude: Double) {
            self.uic = uic
            self.name = name
            self.latitude = latitude
            self.longitude = longitude
        }
    }

    public var from: LocalDate
    /// The last day asked for (it may lie past the archive: ``daysPastArchive``).
    public var to: LocalDate
    /// Every chosen station-day with waves, in (date, station) order.
    public var stationDays: [StationDay]
    /// Chosen stations without a departure in the range, by name.
    public var quietStations: [Place]
    /// Days of the range past the archive's last day.
    public var daysPastArchive: [LocalDate]
    /// Days of the range before the archive's first day.
    public var daysBeforeArchive: [LocalDate] = []
    /// The archive's first and last day.
    public var archiveRange: ClosedRange<LocalDate>
    /// The chosen stations, by UIC.
    public var places: [Int: Place]
    public var ratingsName: String
    /// Where the rating table rated the ships, in words (nil for the app's own ratings).
    public var ratingsPoint: String?
    /// The lakes of the chosen stations, by name (what advice to fetch the coming days names).
    public var askedLakes: [String] = []
    /// The lake, for a plan of a whole lake (`--lake`): its days open with the lake's best window.
    public var lake: String?
    /// Today, when no first day was asked for and the archive does not hold today: the plan then
    /// shows the archive's days instead, and says so.
    public var todayNotInArchive: LocalDate?
    /// Archive files that could not be read, each with the reason (the file named): left out.
    public var skippedFiles: [String] = []
    /// Days of the plan one of those files belonged to: their departures may be incomplete.
    public var incompleteDays: Set<LocalDate> = []

    public init(
        from: LocalDate, to: LocalDate, stationDays: [StationDay], quietStations: [Place], daysPastArchive: [LocalDate],
        archiveRange: ClosedRange<LocalDate>, places: [Int: Place], ratingsName: String, ratingsPoint: String?
    ) {
        self.from = from
        self.to = to
        self.stationDays = stationDays
        self.quietStations = quietStations
        self.daysPastArchive = daysPastArchive
        self.archiveRange = archiveRange
        self.places = places
        self.ratingsName = ratingsName
        self.ratingsPoint = ratingsPoint
    }
}
