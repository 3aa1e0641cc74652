package import CivilTime
package import Foundation

extension ScheduleArchive {
    /// Opens an archive and brings its store up to date with the raw files (``refresh(progress:)``).
    /// A reader never makes an archive: a folder with neither raw files nor a store is refused
    /// (``ArchiveError/unreadable(path:reason:kind:)``), not given a new empty store.
    /// - Parameter progress: (files done, files in all) while indexing.
    package static func opened(
        at directory: URL, progress: ((Int, Int) -> Void)? = nil
    ) throws -> (ScheduleArchive, RefreshReport) {
        let parts = [storeFileName] + recordFolders
        let files = FileManager.default
        var isDirectory: ObjCBool = false
        if files.fileExists(atPath: directory.path, isDirectory: &isDirectory), isDirectory.boolValue,
            !parts.contains(where: { files.fileExists(atPath: directory.appendingPathComponent($0).path) })
        {
            throw ArchiveError.unreadable(
                path: directory.path,
                reason: "not a schedule archive: it holds no stationboards/, deployments/ or \(storeFileName) "
                    + "(nextwave archive fetch or archive import-gtfs makes one)")
        }
        let archive = try ScheduleArchive(directory: directory)
        let report = try archive.refresh { done, total in
            if done % 500 == 0 || done == total { progress?(done, total) }
        }
        return (archive, report)
    }

    /// What an archive holds.
    package struct Status: Sendable {
        package var dates: ClosedRange<LocalDate>?
        package var departures = 0
        package var stations = 0
        /// Sources per kind.
        package var sources: [ScheduleStore.SourceKind: Int] = [:]
    }

    /// Counts what the store holds (one scan of the departures).
    package func status() throws -> Status {
        try withLock(exclusive: false) { try statusLocked() }
    }

    private func statusLocked() throws -> Status {
        var status = Status()
        status.dates = try store.dateRange()
        if let range = status.dates {
            var stations = Set<Int>()
            try store.forEachDeparture(from: range.lowerBound, to: range.upperBound) {
                stations.insert($0.station)
                status.departures += 1
            }
            status.stations = stations.count
        }
        for source in try store.sources().values { status.sources[source.kind, default: 0] += 1 }
        return status
    }
}

extension ScheduleArchive {
    /// How many departures have an assigned ship, per lake and timetable period.
    package struct AssignmentCoverage: Sendable, Equatable {
        package var lake: String
        /// The period's name, or nil for dates no period of the lake covers.
        package var period: String?
        package var days: Int
        /// Days with at least one assignment.
        package var daysWithAssignments: Int
        package var departures: Int
        package var departuresWithShip: Int
    }

    /// One scan of the store: departures with and without an assigned ship, per lake (from the
    /// station list; stations not on it are left out) and period.
    package func assignmentCoverage(catalogue: StationCatalogue, periods: SchedulePeriods) throws
        -> [AssignmentCoverage]
    {
        try withLock(exclusive: false) {
            guard let range = try store.dateRange() else { return [] }
            let assignments = try store.assignments(from: range.lowerBound, to: range.upperBound)
            struct Key: Hashable {
                var lake: String
                var period: String?
            }
            var rows: [Key: AssignmentCoverage] = [:]
            var daysSeen: [Key: Set<LocalDate>] = [:]
            var lakePeriods: [String: LakePeriods] = [:]
            try store.forEachDeparture(from: range.lowerBound, to: range.upperBound) { departure in
                guard let lake = catalogue.station(uic: departure.station)?.lake else { return }
                if lakePeriods[lake] == nil { lakePeriods[lake] = periods.periods(ofLake: lake) }
                let key = Key(lake: lake, period: lakePeriods[lake]!.period(for: departure.date)?.period.name)
                var row =
                    rows[key]
                    ?? AssignmentCoverage(
                        lake: lake, period: key.period, days: 0, daysWithAssignments: 0, departures: 0,
                        departuresWithShip: 0)
                if daysSeen[key, default: []].insert(departure.date).inserted {
                    row.days += 1
                    if assignments[departure.date] != nil { row.daysWithAssignments += 1 }
                }
                row.departures += 1
                if assignments[departure.date]?[departure.course] != nil { row.departuresWithShip += 1 }
                rows[key] = row
            }
            return rows.values.sorted { ($0.lake, $0.period ?? "") < ($1.lake, $1.period ?? "") }
        }
    }
}
