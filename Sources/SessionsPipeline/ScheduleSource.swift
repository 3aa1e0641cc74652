import CivilTime
public import DataFolderLayout
public import Foundation
@_spi(Benchmarks) public import ScheduleArchive
public import SessionAnalytics
import ShipRatingTable

/// What a sessions or plan job reads: the schedule archive, the station list and timetable
/// periods, and the rating tables the waves are scored with. Each is read once per run.
public struct ScheduleSource: Sendable {
    /// The schedule archive folder.
    public var archive: URL
    /// The archive as the user named it (messages and reports never show machine paths).
    public var archiveName: String
    /// The station list (`stations.json`).
    public var stations: URL
    /// The station list, when the caller has already read `stations` (the run then does not
    /// read it again).
    public var catalogue: StationCatalogue?
    /// The timetable periods (`schedule_periods.json`), for the summary by season.
    public var periods: URL
    /// The rating table the waves are scored with.
    public var ratings: URL
    /// The rating table as the user named it.
    public var ratingsName: String
    /// Further operators' tables (other lakes): their ships join the table's, a name the table
    /// already has keeping its rating there.
    public var moreRatings: [URL] = []
    /// Which ship categories make waves: every ship (the toolkit's rule) or motor ships only (the
    /// app's, `SessionAnalytics/WaveCategories/app`).
    public var categories: WaveCategories = .ships

    public init(archive: URL, archiveName: String, stations: URL, periods: URL, ratings: URL, ratingsName: String) {
        self.archive = archive
        self.archiveName = archiveName
        self.stations = stations
        self.periods = periods
        self.ratings = ratings
        self.ratingsName = ratingsName
    }

    /// The archive `archive` with the station list and periods of the data folder `layout`.
    public init(archive: URL, archiveName: String, layout: DataLayout, ratings: URL, ratingsName: String) {
        self.init(
            archive: archive, archiveName: archiveName, stations: layout.stations, periods: layout.schedulePeriods,
            ratings: ratings, ratingsName: ratingsName)
    }

    /// Everything read, and the archive opened with its index brought up to date.
    struct Opened {
        var catalogue: StationCatalogue
        var periods: SchedulePeriods
        var table: RatingTable
        var archive: ScheduleArchive
        var refresh: ScheduleArchive.RefreshReport
        /// The archive's first and last day with departures.
        var range: ClosedRange<LocalDate>
    }

    /// Reads the station list (unless given), the periods and the tables, and opens the archive
    /// (under its shared lock), reporting the index's progress as (done, total).
    /// - Throws: the first file's error, or ``SessionsJobError/emptyArchive(path:)`` for an
    ///   archive without departures.
    func open(onIndexing: @escaping (Int, Int) -> Void) throws -> Opened {
        let catalogue = try catalogue ?? StationCatalogue.load(from: stations)
        let periods = try SchedulePeriods.load(from: periods)
        let table = try RatingTable.merged(ratings, with: moreRatings)
        let (archive, refresh) = try ScheduleArchive.opened(at: archive, progress: onIndexing)
        guard let range = try archive.store.dateRange() else {
            throw SessionsJobError.emptyArchive(path: archiveName)
        }
        return Opened(
            catalogue: catalogue, periods: periods, table: table, archive: archive, refresh: refresh, range: range)
    }
}
