package import CivilTime
package import DataFolderLayout
package import Foundation
import JobContract
import SafeFiles
@_spi(Benchmarks) package import ScheduleArchive

/// Imports the ship departures of a GTFS feed (ZIP or folder) into an archive's store
/// (`nextwave archive import-gtfs`): the chosen agencies' ship trips, every service day of the
/// window, under the archive's exclusive lock. ``GTFSImporter`` states the rules.
package struct GTFSImportJob: Job {
    /// Whose trips are imported.
    package enum Agencies: Sendable, Equatable {
        /// These GTFS `agency_id`s.
        case ids([String])
        /// The agencies `Data/operators.json` lists for this lake (a unique prefix of its name
        /// as the station list writes it, case and accents ignored).
        case lake(String)
        /// ZSG's, 194 (Lake Zurich).
        case lakeZurich
    }

    package struct Input: Sendable {
        package var feed: URL
        package var archive: URL
        package var agencies: Agencies = .lakeZurich
        /// Only these service days (both ends within ``SupportedDates``, at most
        /// ``GTFSImporter/maximumSpanDays``); nil: the feed's.
        package var window: ClosedRange<LocalDate>?
        /// The station list and the operator catalogue (for ``Agencies/lake(_:)``).
        package var stations: StationCatalogue?
        package var operators: OperatorCatalogue?
        /// The run's clock: the store records the import at its date.
        package var clock: any JobClock = SystemClock()

        package init(feed: URL, archive: URL) {
            self.feed = feed
            self.archive = archive
        }
    }

    package enum Event: Sendable {
        /// The agencies a lake stands for.
        case agencies(lake: String, ids: [String])
        /// Lines of `stop_times.txt` read so far.
        case stopTimeLines(Int)
    }

    package var input: Input
    package init(_ input: Input) { self.input = input }

    package func validate() throws {
        if case .ids(let ids) = input.agencies, ids.isEmpty || ids.contains(where: \.isEmpty) {
            throw InvalidInput(field: "agencies", value: ids.joined(separator: ","), accepted: "GTFS agency ids")
        }
        guard let window = input.window else { return }
        for day in [window.lowerBound, window.upperBound] where !SupportedDates.contains(day) {
            throw InvalidInput(field: "window", value: day.description, accepted: SupportedDates.text)
        }
        let days = window.lowerBound.days(to: window.upperBound) + 1
        guard days <= GTFSImporter.maximumSpanDays else {
            throw InvalidInput(
                field: "window", value: "\(days) days", accepted: "1…\(GTFSImporter.maximumSpanDays) days")
        }
    }

    /// What was imported, and into which store.
    package func work(
        _: Validated, onEvent: @escaping @Sendable (Event) -> Void
    ) async throws -> (report: GTFSImportReport, store: String) {
        var importer = GTFSImporter(agencies: Set(try agencyIDs(onEvent: onEvent)), window: input.window)
        importer.importedAt = input.clock.date
        importer.progress = { onEvent(.stopTimeLines($0)) }
        let feed = try GTFSFeed(url: input.feed)
        try GTFSImporter.checkTables(of: feed)
        try FileProblem.createFolder(input.archive)
        let archive = try ScheduleArchive(directory: input.archive)
        let report = try archive.withLock(exclusive: true) { try importer.run(feed: feed, into: archive.store) }
        return (report, archive.store.path)
    }

    /// The agency ids: given, the lake's (``Agencies/lake(_:)``), or ZSG's 194.
    func agencyIDs(onEvent: (Event) -> Void) throws -> [String] {
        switch input.agencies {
        case .ids(let ids): return ids
        case .lakeZurich: return ["194"]
        case .lake(let asked):
            guard let stations = input.stations, let operators = input.operators else {
                throw InvalidInput(field: "stations", value: nil, accepted: "the station list and operators")
            }
            // The lake as the stations list names it (a unique prefix, case and accents ignored).
            guard let name = try stations.stations(ofLake: asked).first?.lake else {
                throw StationQueryError.unknownLake(asked, known: stations.lakes)
            }
            let ids = operators.agencies(onLake: name)
            guard !ids.isEmpty else { throw GTFSImportJob.NoAgency(lake: name) }
            onEvent(.agencies(lake: name, ids: ids))
            return ids
        }
    }

    /// No GTFS agency id is known for a lake (`Data/operators.json`).
    package struct NoAgency: KindedError, Equatable {
        package var lake: String
        package var kind: ProblemKind { .usage }
        package var description: String {
            "no GTFS agency id is known for \(lake) (\(DataLayout.reference(DataLayout.Name.operators))); the feed's "
                + "agency.txt lists them"
        }
    }
}
