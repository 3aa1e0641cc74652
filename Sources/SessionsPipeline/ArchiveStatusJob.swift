package import DataFolderLayout
package import Foundation
import JobContract
@_spi(Benchmarks) import ScheduleArchive
import TextFormats

/// Indexes an archive's raw files and says what it holds (`nextwave archive status`): its
/// store, dates, departures and sources, and how many days and departures of each lake and
/// timetable period have their ships assigned.
package struct ArchiveStatusJob: Job {
    package typealias Event = NoEvent

    /// The archive folder and the data folder's station list and timetable periods.
    package struct Input: Sendable {
        package var archive: URL
        package var stations: URL
        package var periods: URL

        /// The archive `archive`, with the station list and periods of the data folder `data`.
        package init(archive: URL, data: DataLayout) {
            self.archive = archive
            stations = data.stations
            periods = data.schedulePeriods
        }
    }

    /// The job's input.
    package let input: Input

    /// A job for `input`.
    package init(_ input: Input) { self.input = input }

    /// What the status says: the malformed raw files the index skipped, and the report's lines.
    package struct Status: Sendable {
        package var skipped: [String]
        package var lines: [String]
    }

    package func work(_: Validated, onEvent: @escaping @Sendable (NoEvent) -> Void) async throws -> Status {
        let (archive, refresh) = try ScheduleArchive.opened(at: input.archive)
        let status = try archive.status()
        let store =
            archive.storeIsTemporary
            ? " (in memory: directory not writable)" : archive.store.isReadOnly ? " (read-only)" : ""
        var lines = [
            "archive      \(archive.directory.path)",
            "store        \(archive.store.path)\(store)",
            "dates        \(status.dates.map { "\($0.lowerBound) … \($0.upperBound)" } ?? "none")",
            "departures   \(status.departures) at \(counted(status.stations, "station"))",
        ]
        lines += ScheduleStore.SourceKind.allCases.map { kind in
            "\(kind.rawValue.padding(toLength: 12, withPad: " ", startingAt: 0)) \(counted(status.sources[kind, default: 0], "source"))"
        }
        lines.append("skipped      \(counted(refresh.skipped.count, "malformed file"))")
        let coverage = try archive.assignmentCoverage(
            catalogue: try StationCatalogue.load(from: input.stations),
            periods: try SchedulePeriods.load(from: input.periods))
        guard !coverage.isEmpty else { return Status(skipped: refresh.skipped, lines: lines) }
        lines += ["", "Ship assignments by lake and timetable period (sessions predict the rest):"]
        lines.append(
            TextTable.render(
                header: ["Lake", "Period", "Days", "With ships", "Departures", "With a ship"],
                rows: coverage.map { row in
                    let share = 100 * Double(row.departuresWithShip) / Double(max(row.departures, 1))
                    return [
                        row.lake, row.period ?? "(none)", String(row.days), String(row.daysWithAssignments),
                        String(row.departures), "\(row.departuresWithShip) (\(fixed(share, 0)) %)",
                    ]
                }, rightAligned: [2, 3, 4, 5]))
        return Status(skipped: refresh.skipped, lines: lines)
    }
}
