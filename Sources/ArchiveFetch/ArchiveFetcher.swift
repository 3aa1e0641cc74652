package import CivilTime
package import DataFolderLayout
package import Foundation
import JobContract
import SafeFiles
@_spi(Benchmarks) package import ScheduleArchive
import TextFormats
package import WebFetch
import WebPages

/// Adds stationboards and ship assignments to an archive over HTTP.
///
/// - Stationboards: `GET <api>/v1/stationboard?id=<uic>&limit=<limit>&date=<YYYY-MM-DD>` per
///   station and day, stored as `stationboards/<date>/<uic>.json`.
/// - Assignments, stored as `deployments/<date>.json`, from the operator's source
///   (``AssignmentSource``): ZSG's deployment page per day (``DeploymentPage``), SGV's allocation
///   page once (``SGVAllocationPage``), or CGN's pier boards (``CGNDepartureBoard``). A day
///   without assignments writes no file.
/// Every body is validated before it is written; each file is written atomically (temporary
/// file, then rename) and keyed by date and station, so re-running replaces, never duplicates.
/// A failed or invalid response leaves the existing file untouched and is reported; the other
/// files are still fetched. An answer with fewer departures (or ship assignments) than the file
/// already archived never replaces it: the API forgets past departures and the operator's page
/// empties out, and the archive is the record. HTTP politeness and bounds (rate, timeouts,
/// retries, 429 back-off, body size, run time) are ``WebFetch/HTTPClient``'s.
package struct ArchiveFetcher: Sendable {
    /// The transport API's upper bound for `limit` (larger values get HTTP 400).
    package static let maxLimit = 420

    package var apiRoot: URL
    /// Where ship assignments come from; `nil`: none are fetched.
    package var assignments: AssignmentSource?
    /// The stations an assignment's stops are matched to (by name, on `lakes`), so that a
    /// course the timetable lacks becomes waves of its own; nil: stops are kept unmatched.
    package var stations: StationCatalogue?
    package var lakes: Set<String> = []
    package var limit: Int
    package var http: HTTPClient.Configuration

    /// Who publishes which ship runs which course, and where.
    package enum AssignmentSource: Sendable, Equatable {
        /// ZSG's deployment page (`einsatzderschiffe.zsg.ch`), one page per day.
        case zsgDeploymentPage(URL)
        /// SGV's steamer allocation page, one page for the season.
        case sgvAllocationPage(URL)
        /// CGN's pier departure boards (`qr.cgn.ch`): every pier, every day.
        case cgnDepartureBoard(URL)

        /// Each source as `Data/operators.json` names it (`assignments`): the catalogue's closed
        /// set, whose address on the operator's site ``defaultURL`` gives.
        package typealias Kind = OperatorCatalogue.AssignmentPublisher

        /// The source of `kind`, at `url` (a mirror) or where the operator publishes it.
        package init(_ kind: Kind, url: URL? = nil) {
            let url = url ?? kind.defaultURL
            switch kind {
            case .zsgDeploymentPage: self = .zsgDeploymentPage(url)
            case .sgvAllocationPage: self = .sgvAllocationPage(url)
            case .cgnDepartureBoard: self = .cgnDepartureBoard(url)
            }
        }
    }

    /// The ZSG deployment page's root, when that is the source.
    package var deploymentRoot: URL? {
        if case .zsgDeploymentPage(let root) = assignments { return root }
        return nil
    }

    /// The transport API's public root: transport.opendata.ch (Swiss public transport timetables,
    /// its `/v1/stationboard` endpoint).
    package static let transportAPI = URL(string: "https://transport.opendata.ch")!

    package init(
        apiRoot: URL = ArchiveFetcher.transportAPI,
        deploymentRoot: URL? = AssignmentSource.Kind.zsgDeploymentPage.defaultURL,
        limit: Int = ArchiveFetcher.maxLimit, http: HTTPClient.Configuration = .init()
    ) {
        precondition((1...Self.maxLimit).contains(limit), "limit must be 1…\(Self.maxLimit)")
        self.apiRoot = apiRoot
        self.assignments = deploymentRoot.map(AssignmentSource.zsgDeploymentPage)
        self.limit = limit
        self.http = http
    }

    package init(
        apiRoot: URL = ArchiveFetcher.transportAPI, assignments: AssignmentSource?,
        limit: Int = ArchiveFetcher.maxLimit, http: HTTPClient.Configuration = .init()
    ) {
        self.init(apiRoot: apiRoot, deploymentRoot: nil, limit: limit, http: http)
        self.assignments = assignments
    }

    package struct Report: Sendable {
        /// Files written (new or changed).
        package var written: [String] = []
        /// Files fetched again with identical content.
        package var unchanged: [String] = []
        /// Archived files kept because the new answer adds nothing to them, each with why.
        package var kept: [String] = []
        /// Written files that merge the archived file with the answer (each held something the
        /// other did not), each with what came from which.
        package var merged: [String] = []
        /// Failures, each naming the URL and the reason; their files were left as they were. A
        /// host that proved unreachable is listed once; the requests to it not tried after that
        /// are counted in ``notTried``.
        package var failed: [String] = []
        /// Requests not made because their host had proved unreachable in this run, by host.
        package var notTried: [String: Int] = [:]
        /// What a source held that was read but not used (a conditional date range, charters).
        package var notes: [String] = []

        /// Failures (of ``failed``) because a site could not be reached or did not answer: an
        /// unreachable host, timeouts, 5xx or 429 after the retries, the run's time up.
        package var unreachable = 0

        /// Failures (of ``failed``) because the run's time ran out before or while a request was
        /// read: a longer run would have made them.
        package var outOfTime = 0

        /// Every request that failed or was not tried.
        package var failures: Int { failed.count + notTried.values.reduce(0, +) }

        /// Whether no request reached its site: every one failed for that reason (nothing
        /// written, nothing kept). A command exits with "unavailable" then, not "failed".
        package var nothingReached: Bool {
            failures > 0 && unreachable == failed.count && written.isEmpty && unchanged.isEmpty && kept.isEmpty
                && merged.isEmpty
        }

        /// Records why a request failed; a further request to a host already found unreachable
        /// is counted, not listed again.
        mutating func record(_ error: Error, url: URL) {
            if case WebFetchError.unreachable(_, let host, _) = error {
                if notTried[host] != nil {
                    notTried[host, default: 0] += 1
                    return
                }
                notTried[host] = 0
            }
            if (error as? any KindedError)?.kind == .unreachable { unreachable += 1 }
            switch error {
            case WebFetchError.runTimeExceeded, ArchiveError.runTimeExceeded: outOfTime += 1
            default: break
            }
            failed.append(ArchiveFetcher.describe(error, url: url))
        }

        /// One line: files written, unchanged, failed, merged and kept, and the archive's path.
        package func summary(archive: String) -> String {
            "\(counted(written.count, "file")) written, \(unchanged.count) unchanged, \(failures) failed"
                + notTriedWords
                + (merged.isEmpty ? "" : ", \(merged.count) merged with the archived file")
                + keptWords
                + " (archive \(archive))"
        }

        /// ", 3 kept (2 archived files that cannot be read or are links, 1 the answer added
        /// nothing to)", or nothing: each kept file for its own reason (a FIFO was summarised as
        /// one the new answer added nothing to).
        var keptWords: String {
            guard !kept.isEmpty else { return "" }
            let unread = kept.filter { $0.contains("cannot be read") || $0.contains("symbolic link") }.count
            let nothingNew = kept.count - unread
            let parts = [
                unread > 0
                    ? "\(unread) archived \(unread == 1 ? "file" : "files") that cannot be read or \(unread == 1 ? "is a link" : "are links")"
                    : nil,
                nothingNew > 0 ? "\(nothingNew) the new answer added nothing to" : nil,
            ].compactMap { $0 }
            return ", \(kept.count) kept (\(parts.joined(separator: ", ")))"
        }

        /// ", 138 of them not tried because a.ch and b.ch were unreachable", or nothing.
        var notTriedWords: String {
            let skipped = notTried.filter { $0.value > 0 }.map(\.key).sorted()
            guard !skipped.isEmpty else { return "" }
            let count = notTried.values.reduce(0, +)
            let hosts = listed(skipped) + (skipped.count == 1 ? " was" : " were")
            return ", \(count) of them not tried because \(hosts) unreachable"
        }
    }

    package enum Event: Sendable {
        case fetch(FetchEvent)
        /// Request `done + 1` of `total` starts: a station's board (`uic`) or the day's ship
        /// assignments (`uic` nil) for `date`.
        case request(done: Int, total: Int, uic: Int?, date: LocalDate)
        case stored(path: String, changed: Bool)
    }

    /// The stationboard URL of a station and day.
    package func stationboardURL(uic: Int, date: LocalDate) -> URL {
        var parts = URLComponents(
            url: apiRoot.appendingPathComponent("v1/stationboard"), resolvingAgainstBaseURL: false)!
        parts.queryItems = [
            URLQueryItem(name: "id", value: String(uic)), URLQueryItem(name: "limit", value: String(limit)),
            URLQueryItem(name: "date", value: date.description),
        ]
        return parts.url!
    }

    /// Fetches `stations` × `dates` and the assignments of `dates` into `archive`.
    package func fetch(
        stations: [Int], dates: [LocalDate], into archive: URL, onEvent: (@Sendable (Event) -> Void)? = nil
    ) async -> Report {
        var report = Report()
        let api = HTTPClient(
            siteRoot: SiteURL.root(of: apiRoot) ?? apiRoot, configuration: http, onEvent: { onEvent?(.fetch($0)) })
        let total = dates.count * stations.count + (deploymentRoot == nil ? 0 : dates.count)
        var done = 0
        for date in dates {
            for uic in stations {
                onEvent?(.request(done: done, total: total, uic: uic, date: date))
                done += 1
                let url = stationboardURL(uic: uic, date: date)
                let target = archive.appendingPathComponent("stationboards/\(date)/\(uic).json")
                do {
                    let body = try await api.page(at: url)
                    let board = try StationboardReader.departures(
                        from: body, path: url.absoluteString, expectedStation: uic)
                    try ArchiveMerge.checkDate(board.departures, requested: date, url: url.absoluteString)
                    try store(at: target, archive: archive, report: &report, onEvent: onEvent) { existing in
                        try ArchiveMerge.stationboard(
                            archived: existing, answer: body, station: uic, date: date, path: target.path)
                    }
                } catch {
                    report.record(error, url: url)
                }
            }
        }
        switch assignments {
        case .zsgDeploymentPage(let deploymentRoot):
            let pages = HTTPClient(
                siteRoot: SiteURL.root(of: deploymentRoot) ?? deploymentRoot, configuration: http,
                onEvent: { onEvent?(.fetch($0)) })
            for date in dates {
                onEvent?(.request(done: done, total: total, uic: nil, date: date))
                done += 1
                let url = DeploymentPage.url(root: deploymentRoot, date: date)
                do {
                    let html = try await pages.page(at: url)
                    let assignments = try DeploymentPage.assignments(html: html, url: url.absoluteString, date: date)
                    try storeAssignments(assignments, date: date, archive: archive, report: &report, onEvent: onEvent)
                } catch {
                    report.record(error, url: url)
                }
            }
        case .sgvAllocationPage(let url):
            onEvent?(.request(done: done, total: total, uic: nil, date: dates.first ?? LocalDate(daysSinceEpoch: 0)))
            let pages = HTTPClient(
                siteRoot: SiteURL.root(of: url) ?? url, configuration: http, onEvent: { onEvent?(.fetch($0)) })
            do {
                let reading = try SGVAllocationPage.read(
                    html: try await pages.page(at: url), url: url.absoluteString, deadline: http.runDeadline)
                report.notes += reading.notes
                let byDate = Dictionary(grouping: reading.assignments, by: \.date)
                for date in dates {
                    guard let day = byDate[date], !day.isEmpty else { continue }
                    try storeAssignments(day, date: date, archive: archive, report: &report, onEvent: onEvent)
                }
            } catch {
                report.record(error, url: url)
            }
        case .cgnDepartureBoard(let root):
            await fetchCGN(root: root, dates: dates, archive: archive, report: &report, onEvent: onEvent)
        case nil:
            break
        }
        return report
    }

    /// Every pier's board for every day; each day's assignments stored together.
    private func fetchCGN(
        root: URL, dates: [LocalDate], archive: URL, report: inout Report, onEvent: (@Sendable (Event) -> Void)?
    ) async {
        var polite = http
        // CGN answers bursts with 429 and no Retry-After: one request a second, longer backoff.
        polite.requestDelay = max(polite.requestDelay, 1)
        polite.sparesLoopback = false
        polite.initialBackoff = max(polite.initialBackoff, 2)
        let board = HTTPClient(
            siteRoot: SiteURL.root(of: root) ?? root, configuration: polite, onEvent: { onEvent?(.fetch($0)) })
        let locations = CGNDepartureBoard.locationsURL(root: root)
        let piers: [String]
        do {
            piers = try CGNDepartureBoard.pierCodes(
                from: try await board.page(at: locations), url: locations.absoluteString)
        } catch {
            report.record(error, url: locations)
            return
        }
        for date in dates {
            onEvent?(.request(done: 0, total: dates.count, uic: nil, date: date))
            var day: [ShipAssignment] = []
            var charters = 0
            for pier in piers {
                let url = CGNDepartureBoard.departuresURL(root: root, pier: pier, date: date)
                do {
                    let read = try CGNDepartureBoard.assignments(
                        from: try await board.page(at: url), url: url.absoluteString, deadline: polite.runDeadline)
                    day += read.assignments.filter { $0.date == date }
                    charters += read.charters
                } catch {
                    report.record(error, url: url)
                }
            }
            if charters > 0 {
                report.notes.append("\(date): \(counted(charters, "charter departure")) without a course skipped")
            }
            // One assignment per course: the one seen with the most stops.
            var byCourse: [String: ShipAssignment] = [:]
            for a in day where a.stops.count >= (byCourse[a.course]?.stops.count ?? -1) { byCourse[a.course] = a }
            let unique = byCourse.values.sorted { $0.course < $1.course }
            guard !unique.isEmpty else { continue }
            do { try storeAssignments(unique, date: date, archive: archive, report: &report, onEvent: onEvent) } catch {
                report.failed.append("\(date): \(error)")
            }
        }
    }

    /// Stores one day's assignments (merged with what is archived; an empty day writes nothing).
    private func storeAssignments(
        _ assignments: [ShipAssignment], date: LocalDate, archive: URL, report: inout Report,
        onEvent: (@Sendable (Event) -> Void)?
    ) throws {
        guard !assignments.isEmpty else { return }
        var assignments = assignments
        if let stations {
            for i in assignments.indices {
                for j in assignments[i].stops.indices where assignments[i].stops[j].uic == nil {
                    assignments[i].stops[j].uic =
                        stations.station(matchingStopName: assignments[i].stops[j].name, onLakes: lakes)?.uic
                }
            }
        }
        let target = archive.appendingPathComponent("deployments/\(date).json")
        try store(at: target, archive: archive, report: &report, onEvent: onEvent) { existing in
            try ArchiveMerge.deployment(archived: existing, answer: assignments, date: date, path: target.path)
        }
    }

    /// Decides, under the archive's lock, what becomes of `target` (``ArchiveMerge``: the
    /// answer, the archived file kept, or both merged; never fewer than were archived) and
    /// writes it.
    private func store(
        at target: URL, archive: URL, report: inout Report, onEvent: (@Sendable (Event) -> Void)?,
        decide: (Data?) throws -> ArchiveMerge.Decision
    ) throws {
        let relative = String(target.path.dropFirst(archive.path.count + 1))
        // Only into real folders of the archive: a linked `stationboards/<date>` would carry the
        // write elsewhere.
        do { try OutputTree.check(target, below: archive) } catch let problem as FileProblem {
            throw ArchiveError.unreadable(problem)
        }
        // Under the archive's lock: a refresh by another run never sees a half-decided file.
        let lock = try ScheduleArchive.lock(archive, exclusive: true)
        defer { withExtendedLifetime(lock) {} }
        // An archived day that is there but cannot be read (over the read limit, not ours to
        // read, a FIFO, a link) is kept and named: an archived day never shrinks, also when the
        // run cannot tell what it holds.
        var existing: Data?
        var info = stat()
        if lstat(target.path, &info) == 0 {
            do { existing = try BoundedFile.read(target, what: "archived file") } catch {
                let reason = (error as? FileProblem)?.reason ?? FileProblem.words(for: error)
                report.kept.append(
                    "\(relative): kept; the archived file cannot be read (\(reason)), so the answer does not replace it"
                )
                onEvent?(.stored(path: relative, changed: false))
                return
            }
            if info.st_mode & S_IFMT == S_IFLNK {
                report.kept.append(
                    "\(relative): kept; the archived file is a symbolic link, which the archive never writes through")
                onEvent?(.stored(path: relative, changed: false))
                return
            }
        }
        let body: Data
        switch try decide(existing) {
        case .unchanged:
            report.unchanged.append(relative)
            onEvent?(.stored(path: relative, changed: false))
            return
        case .kept(let reason):
            report.kept.append("\(relative): kept; \(reason)")
            onEvent?(.stored(path: relative, changed: false))
            return
        case .write(let data, let note):
            body = data
            if let note { report.merged.append("\(relative): \(note)") }
        }
        do { try AtomicFileWriter.write(body, to: target) } catch let problem as FileProblem {
            throw ArchiveError.unreadable(problem)
        }
        report.written.append(relative)
        onEvent?(.stored(path: relative, changed: true))
    }

    static func describe(_ error: Error, url: URL) -> String {
        switch error {
        case let error as WebFetchError: error.description
        case let error as ArchiveError: error.description
        default: "\(url.absoluteString): \(error.localizedDescription)"
        }
    }
}

extension OperatorCatalogue.AssignmentPublisher {
    /// Where the operator publishes it.
    package var defaultURL: URL {
        switch self {
        case .zsgDeploymentPage: URL(string: "https://einsatzderschiffe.zsg.ch")!
        case .sgvAllocationPage: SGVAllocationPage.url
        case .cgnDepartureBoard: CGNDepartureBoard.root
        }
    }
}
