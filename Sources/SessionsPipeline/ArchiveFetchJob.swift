package import ArchiveFetch
package import CivilTime
package import DataFolderLayout
package import Foundation
package import JobContract
import SafeFiles
@_spi(Benchmarks) package import ScheduleArchive
import TextFormats
package import WebFetch

/// Adds the stationboards of some stations and the ship assignments of their lake's operator,
/// for one or more days, to an archive (`nextwave archive fetch`). The archive never shrinks:
/// each file is merged, kept or refused by ``ArchiveFetcher``'s rules; a failed request leaves
/// the earlier file and is listed in the report, and the other requests go on.
package struct ArchiveFetchJob: Job {
    /// Whose ship assignments are fetched.
    package enum Assignments: Sendable, Equatable {
        /// The operator of the stations' lakes that publishes them (first in the catalogue).
        case automatic
        /// This operator (its id, code or name, as `Data/operators.json` lists it).
        case named(String)
        /// None: sessions predict the ships.
        case none
    }

    package struct Input: Sendable {
        /// The archive folder (created if missing).
        package var archive: URL
        /// The stations whose boards are fetched (at least one).
        package var stations: [Station]
        /// The station list they come from (their lakes choose the operator).
        package var catalogue: StationCatalogue
        /// The operator catalogue (`Data/operators.json`).
        package var operators: OperatorCatalogue
        /// The first day (within ``SupportedDates``) and how many (1…``maximumDays``).
        package var from: LocalDate
        package var days: Int = 1
        /// Entries per stationboard, 1…``ArchiveFetcher/maxLimit`` (the API answers 400 above).
        package var limit: Int = ArchiveFetcher.maxLimit
        /// The transport API's root (http or https; default ``ArchiveFetcher/transportAPI``).
        package var apiRoot: URL
        /// Where the operator publishes assignments, when not its own address (a mirror).
        package var deploymentURL: URL?
        package var assignments: Assignments = .automatic
        /// How requests are made. Its budget's clock is the run's one clock: the waits between
        /// requests, the fetching budget and the readers' deadline run on it.
        package var http: HTTPClient.Configuration = .init()

        package init(
            archive: URL, stations: [Station], catalogue: StationCatalogue, operators: OperatorCatalogue,
            from: LocalDate, apiRoot: URL = ArchiveFetcher.transportAPI
        ) {
            self.archive = archive
            self.stations = stations
            self.catalogue = catalogue
            self.operators = operators
            self.from = from
            self.apiRoot = apiRoot
        }
    }

    package enum Event: Sendable {
        /// What the fetcher reports (each request, retries, each stored file).
        case fetcher(ArchiveFetcher.Event)
        /// A choice the job made (which operator's assignments, or none).
        case note(String)
        case warning(String)
    }

    /// The most days one run fetches (the operator publishes assignments two weeks ahead).
    package static let maximumDays = 31
    /// The most entries per stationboard the API gives (it answers 400 above).
    package static let maximumLimit = ArchiveFetcher.maxLimit

    package var input: Input
    package init(_ input: Input) { self.input = input }

    package func validate() throws {
        let input = input
        guard !input.stations.isEmpty else {
            throw InvalidInput(field: "stations", value: nil, accepted: "at least one station")
        }
        guard (1...Self.maximumDays).contains(input.days) else {
            throw InvalidInput(field: "days", value: String(input.days), accepted: "1…\(Self.maximumDays)")
        }
        guard SupportedDates.contains(input.from) else {
            throw InvalidInput(field: "from", value: input.from.description, accepted: SupportedDates.text)
        }
        try input.http.validate()
        guard (1...ArchiveFetcher.maxLimit).contains(input.limit) else {
            throw InvalidInput(
                field: "limit", value: String(input.limit),
                accepted: "1…\(ArchiveFetcher.maxLimit) (the API answers 400 above)")
        }
        for (field, url) in [("apiRoot", Optional(input.apiRoot)), ("deploymentURL", input.deploymentURL)] {
            guard let url else { continue }
            guard url.isWebAddress else {
                throw InvalidInput(field: field, value: url.absoluteString, accepted: "an http(s) URL")
            }
        }
    }

    package func work(_: Validated, onEvent: @escaping @Sendable (Event) -> Void) async throws -> ArchiveFetcher.Report
    {
        let existed = FileManager.default.fileExists(atPath: input.archive.path)
        try FileProblem.createFolder(input.archive)
        var fetcher = ArchiveFetcher(
            apiRoot: input.apiRoot, assignments: try assignmentSource(onEvent: onEvent), limit: input.limit,
            http: input.http)
        fetcher.stations = input.catalogue
        fetcher.lakes = Set(input.stations.map(\.lake))
        let dates = (0..<input.days).map { input.from.adding(days: $0) }
        let report = await fetcher.fetch(stations: input.stations.map(\.uic), dates: dates, into: input.archive) {
            onEvent(.fetcher($0))
        }
        // A run that wrote nothing into the folder it made (offline, every request failed) leaves
        // no empty folder behind for the readers to refuse as "no archive".
        if !existed, (try? FileManager.default.contentsOfDirectory(atPath: input.archive.path))?.isEmpty == true {
            try? FileManager.default.removeItem(at: input.archive)
        }
        return report
    }

    /// Where the assignments come from: the operator named, else the first operator of the
    /// stations' lakes that publishes them (ZSG, SGV, CGN); nil when none does.
    func assignmentSource(onEvent: (Event) -> Void) throws -> ArchiveFetcher.AssignmentSource? {
        let chosen: OperatorCatalogue.Operator?
        switch input.assignments {
        case .none: return nil
        case .named(let name): chosen = try input.operators.find(name)
        case .automatic:
            let lakes = Set(input.stations.map(\.lake)).sorted()
            let publishing = Set(
                lakes.flatMap { input.operators.operators(onLake: $0) }.filter { $0.assignments != nil }.map(\.id))
            chosen = input.operators.operators.first { publishing.contains($0.id) }
            if let chosen, publishing.count > 1 {
                onEvent(
                    .warning(
                        "several operators publish assignments here; fetching \(chosen.code)'s (name the operator "
                            + "to fetch another's)"))
            } else if chosen == nil {
                onEvent(
                    .note(
                        "no operator publishes ship assignments for \(lakes.joined(separator: ", ")); "
                            + "sessions predict ships"))
            }
        }
        guard let chosen else { return nil }
        guard let kind = chosen.assignments else {
            onEvent(.note("\(chosen.code) publishes no ship assignments; sessions predict ships"))
            return nil
        }
        return ArchiveFetcher.AssignmentSource(kind, url: input.deploymentURL)
    }
}
