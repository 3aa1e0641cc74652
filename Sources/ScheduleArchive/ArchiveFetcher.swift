import CivilTime
import Foundation
import NextWaveSupport
import WebFetch

/// Adds stationboards and ship assignments to an archive over HTTP.
///
/// - Stationboards: `GET <api>/v1/stationboard?id=<uic>&limit=<limit>&date=<YYYY-MM-DD>` per
///   station and day, stored as `stationboards/<date>/<uic>.json`.
/// - Assignments: the operator's deployment page per day (``DeploymentPage``), stored as
///   `deployments/<date>.json`.
/// Every body is validated before it is written; each file is written atomically (temporary
/// file, then rename) and keyed by date and station, so re-running replaces, never duplicates.
/// A failed or invalid response leaves the existing file untouched and is reported; the other
/// files are still fetched. An answer with fewer departures (or ship assignments) than the file
/// already archived never replaces it: the API forgets past departures and the operator's page
/// empties out, and the archive is the record. HTTP politeness and bounds (rate, timeouts,
/// retries, 429 back-off, body size, run time) are ``WebFetch/HTTPClient``'s.
public struct ArchiveFetcher: Sendable {
    /// The transport API's upper bound for `limit` (larger values get HTTP 400).
    public static let maxLimit = 420

    public var apiRoot: URL
    /// `nil`: no assignments are fetched.
    public var deploymentRoot: URL?
    public var limit: Int
    public var http: HTTPClient.Configuration

    public init(
        apiRoot: URL = URL(string: "https://transport.opendata.ch")!,
        deploymentRoot: URL? = URL(string: "https://einsatzderschiffe.zsg.ch")!,
        limit: Int = ArchiveFetcher.maxLimit, http: HTTPClient.Configuration = .init()
    ) {
        precondition((1...Self.maxLimit).contains(limit), "limit must be 1…\(Self.maxLimit)")
        self.apiRoot = apiRoot
        self.deploymentRoot = deploymentRoot
        self.limit = limit
        self.http = http
    }

    public struct Report: Sendable {
        /// Files written (new or changed).
        public var written: [String] = []
        /// Files fetched again with identical content.
        public var unchanged: [String] = []
        /// Archived files kept because the new answer adds nothing to them, each with why.
        public var kept: [String] = []
        /// Written files that merge the archived file with the answer (each held something the
        /// other did not), each with what came from which.
        public var merged: [String] = []
        /// Failures, each naming the URL and the reason; their files were left as they were.
        public var failed: [String] = []
    }

    public enum Event: Sendable {
        case fetch(FetchEvent)
        /// Request `done + 1` of `total` starts: a station's board (`uic`) or the day's ship
        /// assignments (`uic` nil) for `date`.
        case request(done: Int, total: Int, uic: Int?, date: LocalDate)
        case stored(path: String, changed: Bool)
    }

    /// The stationboard URL of a station and day.
    public func stationboardURL(uic: Int, date: LocalDate) -> URL {
        var parts = URLComponents(
            url: apiRoot.appendingPathComponent("v1/stationboard"), resolvingAgainstBaseURL: false)!
        parts.queryItems = [
            URLQueryItem(name: "id", value: String(uic)), URLQueryItem(name: "limit", value: String(limit)),
            URLQueryItem(name: "date", value: date.description),
        ]
        return parts.url!
    }

    /// Fetches `stations` × `dates` and the assignments of `dates` into `archive`.
    public func fetch(
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
                    report.failed.append(Self.describe(error, url: url))
                }
            }
        }
        if let deploymentRoot {
            let pages = HTTPClient(
                siteRoot: SiteURL.root(of: deploymentRoot) ?? deploymentRoot, configuration: http,
                onEvent: { onEvent?(.fetch($0)) })
            for date in dates {
                onEvent?(.request(done: done, total: total, uic: nil, date: date))
                done += 1
                let url = DeploymentPage.url(root: deploymentRoot, date: date)
                let target = archive.appendingPathComponent("deployments/\(date).json")
                do {
                    let html = try await pages.page(at: url)
                    let assignments = try DeploymentPage.assignments(html: html, url: url.absoluteString, date: date)
                    try store(at: target, archive: archive, report: &report, onEvent: onEvent) { existing in
                        try ArchiveMerge.deployment(
                            archived: existing, answer: assignments, date: date, path: target.path)
                    }
                } catch {
                    report.failed.append(Self.describe(error, url: url))
                }
            }
        }
        return report
    }

    /// Decides, under the archive's lock, what becomes of `target` (``ArchiveMerge``: the
    /// answer, the archived file kept, or both merged; never fewer than were archived) and
    /// writes it.
    private func store(
        at target: URL, archive: URL, report: inout Report, onEvent: (@Sendable (Event) -> Void)?,
        decide: (Data?) throws -> ArchiveMerge.Decision
    ) throws {
        let relative = String(target.path.dropFirst(archive.path.count + 1))
        // Under the archive's lock: a refresh by another run never sees a half-decided file.
        let lock = try ScheduleArchive.lock(archive, exclusive: true)
        defer { withExtendedLifetime(lock) {} }
        let existing = try? BoundedFile.read(target, what: "archived file")
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
            throw ArchiveError.unreadable(path: problem.path, reason: problem.reason)
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
