import CivilTime
import Foundation

extension ScheduleArchive {
    /// Opens an archive and brings its store up to date with the raw files (``refresh(progress:)``).
    /// - Parameter progress: (files done, files in all) while indexing.
    public static func opened(
        at directory: URL, progress: ((Int, Int) -> Void)? = nil
    ) throws -> (ScheduleArchive, RefreshReport) {
        let archive = try ScheduleArchive(directory: directory)
        let report = try archive.refresh { done, total in
            if done % 500 == 0 || done == total { progress?(done, total) }
        }
        return (archive, report)
    }

    /// What an archive holds.
    public struct Status: Sendable {
        public var dates: ClosedRange<LocalDate>?
        public var departures = 0
        public var stations = 0
        /// Sources per kind.
        public var sources: [ScheduleStore.SourceKind: Int] = [:]
    }

    /// Counts what the store holds (one scan of the departures).
    public func status() throws -> Status {
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
