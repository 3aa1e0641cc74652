import SafeFiles
import ScheduleArchive
import ThreadTools

/// The station-days of a survey, pulled one at a time: each call reads the store's departures
/// until a day is complete, then hands out its stations in order. A report writer takes one
/// and pulls; neither knows how the other works. ``report`` is complete once ``next()`` has
/// returned nil.
///
/// The store is read on a thread of its own (``DepartureReader``), a few thousand departures
/// ahead of the assembling: reading a year's million rows is a third of a survey's work.
@_spi(Benchmarks) public struct StationDays {
    let survey: SessionSurvey
    let reader: DepartureReader
    var assembler: StationDayAssembler
    /// Station-days of the completed day not handed out yet, in order.
    private var pending: [StationDayWaves] = []
    /// Departures read and not yet assembled, and where the next one is.
    private var batch: [Departure] = []
    private var position = 0
    private var exhausted = false

    init(survey: SessionSurvey, cursor: ScheduleStore.DepartureCursor, assembler: StationDayAssembler) {
        self.survey = survey
        self.reader = DepartureReader(cursor: cursor)
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
            if position == batch.count, let next = try reader.next() {
                batch = next
                position = 0
            }
            if position < batch.count {
                try assembler.add(batch[position]) { completed.append($0) }
                position += 1
            } else {
                try assembler.finishDay { completed.append($0) }
                exhausted = true
            }
            pending = completed
        }
        return pending.isEmpty ? nil : pending.removeFirst()
    }
}

/// Reads a departure cursor on its own thread into batches, through a bounded pipe; ends its
/// thread when read to the end, when dropped, or on the store's error (handed to ``next()``).
final class DepartureReader: @unchecked Sendable {
    /// Departures per batch, batches queued at most.
    static let batch = 2048
    static let depth = 4

    // Read by the reading thread only, once started.
    private var cursor: ScheduleStore.DepartureCursor
    private let pipe = BoundedPipe<[Departure]>(depth: DepartureReader.depth)
    private var thread: DedicatedThread?

    init(cursor: ScheduleStore.DepartureCursor) { self.cursor = cursor }

    deinit {
        guard let thread else { return }
        pipe.cancel()
        thread.join()
    }

    /// The next batch of departures in store order; nil after the last.
    func next() throws -> [Departure]? {
        if thread == nil { thread = DedicatedThread(name: "store reader") { self.run() } }
        return try pipe.take()
    }

    private func run() {
        do {
            var batch: [Departure] = []
            batch.reserveCapacity(Self.batch)
            while let departure = try cursor.next() {
                batch.append(departure)
                if batch.count == Self.batch {
                    try pipe.put(batch)
                    batch.removeAll(keepingCapacity: true)
                }
            }
            if !batch.isEmpty { try pipe.put(batch) }
            pipe.finish(nil)
        } catch {
            pipe.finish(error)
        }
    }
}
