import ScheduleArchive

/// The station-days of a survey, pulled one at a time: each call reads the store's departures
/// until a day is complete, then hands out its stations in order. A report writer takes one
/// and pulls; neither knows how the other works. ``report`` is complete once ``next()`` has
/// returned nil.
@_spi(Benchmarks) public struct StationDays {
    let survey: SessionSurvey
    var cursor: ScheduleStore.DepartureCursor
    var assembler: StationDayAssembler
    /// Station-days of the completed day not handed out yet, in order.
    private var pending: [StationDayWaves] = []
    private var exhausted = false

    init(survey: SessionSurvey, cursor: ScheduleStore.DepartureCursor, assembler: StationDayAssembler) {
        self.survey = survey
        self.cursor = cursor
        self.assembler = assembler
    }

    /// What the survey found: departures, station-days, ship coverage.
    @_spi(Benchmarks) public var report: SurveyReport { assembler.report }

    /// The next station-day, scored; nil after the last.
    @_spi(Benchmarks) public mutating func next() throws -> StationDay? {
        try nextWaves().map(survey.score)
    }

    /// The next station-day's inputs, unscored; nil after the last.
    mutating func nextWaves() throws -> StationDayWaves? {
        while pending.isEmpty && !exhausted {
            var completed: [StationDayWaves] = []
            if let departure = try cursor.next() {
                try assembler.add(departure) { completed.append($0) }
            } else {
                try assembler.finishDay { completed.append($0) }
                exhausted = true
            }
            pending = completed
        }
        return pending.isEmpty ? nil : pending.removeFirst()
    }
}
