public import CivilTime
public import Foundation
public import JobContract
import SafeFiles
@_spi(Benchmarks) import ScheduleArchive
@_spi(Benchmarks) import SessionAnalytics
public import ShipRatingTable

/// One run of `nextwave fleet speeds`: each ship's cruising speed from the legs of the courses an
/// archive says it ran (`SessionAnalytics/CourseSpeeds`), as `operating-speeds.json`.
public struct CourseSpeedsJob: Job {
    /// The job reports nothing while it runs.
    public typealias Event = NoEvent

    /// What a run reads and writes.
    public struct Input: Sendable {
        /// The schedule archive folder.
        public var archive: URL
        /// The archive as the user named it (the table never carries a machine path).
        public var archiveName: String
        /// The station list (`stations.json`): where each stop lies, for the legs' lengths.
        public var stations: URL
        /// The first day of courses to read (default: the archive's first).
        public var from: LocalDate?
        /// The last day (default: the archive's last); not before ``from``.
        public var to: LocalDate?
        /// Where to write the table (nil: not written).
        public var out: URL?

        /// An input over `archive`; `out` nil writes no file.
        public init(
            archive: URL, archiveName: String, stations: URL, from: LocalDate? = nil, to: LocalDate? = nil, out: URL?
        ) {
            self.archive = archive
            self.archiveName = archiveName
            self.stations = stations
            self.from = from
            self.to = to
            self.out = out
        }
    }

    /// The job's input.
    public let input: Input

    /// A job for `input`.
    public init(_ input: Input) { self.input = input }

    /// What a run found.
    public struct Result: Sendable {
        /// Each ship's fitted cruising speed.
        public var table: CourseSpeedTable
        /// Legs of assigned ships found, all ships together.
        public var legs: Int
        /// Ships with legs but too few for a fit.
        public var tooFew: [String: Int]
    }

    /// Refuses a first day after the last, when both are given.
    public func validate() throws {
        if let from = input.from, let to = input.to, from > to {
            throw SessionsJobError.reversedDates(from: from, to: to)
        }
    }

    /// Reads the legs of every assigned course and fits each ship's speed; writes ``Input/out`` atomically.
    public func work(_: Validated, onEvent: @escaping @Sendable (NoEvent) -> Void) async throws -> Result {
        let (archive, archiveName, from, to) = (input.archive, input.archiveName, input.from, input.to)
        let catalogue = try StationCatalogue.load(from: input.stations)
        let (opened, _) = try ScheduleArchive.opened(at: archive)
        guard let range = try opened.store.dateRange() else { throw SessionsJobError.emptyArchive(path: archiveName) }
        // A day given alone beyond the archive is about the archive, not about a day the user
        // never gave ("--from 2026-12-01 is after --to 2026-10-01" before).
        let lakes = try PlanJob.lakesWithDepartures(opened.store, catalogue: catalogue)
        if to == nil, let from, from > range.upperBound {
            throw PlanJobError.pastArchive(from: from, archive: archiveName, range: range, lakes: lakes, asked: lakes)
        }
        if from == nil, let to, to < range.lowerBound {
            throw PlanJobError.beforeArchive(to: to, archive: archiveName, range: range, asked: lakes)
        }
        let (first, last) = (from ?? range.lowerBound, to ?? range.upperBound)
        guard first <= last else { throw SessionsJobError.reversedDates(from: first, to: last) }
        let legs = try opened.withLock(exclusive: false) {
            try CourseSpeeds.legs(store: opened.store, catalogue: catalogue, from: first, to: last)
        }
        let table = CourseSpeeds.table(legs: legs, archive: archiveName, from: first, to: last)
        let fitted = Set(table.ships.map(\.name))
        let tooFew = Dictionary(grouping: legs.filter { !fitted.contains($0.ship) }, by: \.ship).mapValues(\.count)
        if let out = input.out { try AtomicFileWriter.write(try table.jsonData(), to: out) }
        return Result(table: table, legs: legs.count, tooFew: tooFew)
    }
}
