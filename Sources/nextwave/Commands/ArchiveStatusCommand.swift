import ArgumentParser
import CivilTime
import Foundation
import NextWaveSupport
@_spi(Benchmarks) import ScheduleArchive

struct ArchiveStatusCommand: NextWaveCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Index an archive's raw files and show what it holds.",
        discussion: """
            Examples:
              nextwave archive status
              nextwave archive status --archive ~/nextwave-archive
            """)

    @OptionGroup var source: ArchiveOptions

    var showsProgress: Bool { false }

    func execute(_ terminal: Terminal) async throws {
        let (archive, refresh) = try ScheduleArchive.opened(at: try source.location().url)
        for message in refresh.skipped { terminal.warn("skipped \(message)") }
        let status = try archive.status()
        print("archive      \(archive.directory.path)")
        print(
            "store        \(archive.store.path)\(archive.storeIsTemporary ? " (in memory: directory not writable)" : archive.store.isReadOnly ? " (read-only)" : "")"
        )
        print("dates        \(status.dates.map { "\($0.lowerBound) … \($0.upperBound)" } ?? "none")")
        print("departures   \(status.departures) at \(status.stations) stations")
        for kind in ScheduleStore.SourceKind.allCases {
            print(
                "\(kind.rawValue.padding(toLength: 12, withPad: " ", startingAt: 0)) \(status.sources[kind, default: 0]) source(s)"
            )
        }
        print("skipped      \(refresh.skipped.count) malformed file(s)")
        let catalogue = try StationCatalogue.load(from: try source.data.file("stations.json"))
        let periods = try SchedulePeriods.load(from: try source.data.file("schedule_periods.json"))
        let coverage = try archive.assignmentCoverage(catalogue: catalogue, periods: periods)
        guard !coverage.isEmpty else { return }
        print("\nShip assignments by lake and timetable period (sessions predict the rest):")
        print(
            TextTable.render(
                header: ["Lake", "Period", "Days", "With ships", "Departures", "With a ship"],
                rows: coverage.map { row in
                    [
                        row.lake, row.period ?? "(none)", String(row.days), String(row.daysWithAssignments),
                        String(row.departures),
                        "\(row.departuresWithShip) (\(fixed(100 * Double(row.departuresWithShip) / Double(max(row.departures, 1)), 0)) %)",
                    ]
                }, rightAligned: [2, 3, 4, 5]))
    }
}
