@_spi(Benchmarks) import FleetScraper
public import Foundation
import JobContract
import SafeFiles
public import WebFetch
import WebPages

/// Where a ratings run takes the operator's fleet pages from.
public enum FleetPages: Sendable {
    /// A saved snapshot folder (`manifest.json` and the pages), replayed offline.
    case snapshot(directory: URL, name: String)
    /// Pages over HTTP.
    case live(LiveFleet)
    /// No pages: the table rests on the curated fleet file alone (an operator whose page
    /// layout is not known), `operatorName` for reports.
    case none(operatorName: String)

    /// What `scrape(onEvent:)` reports while it works.
    public enum Event: Sendable {
        case fetch(FetchEvent)
        /// Ship pages done, of all.
        case progress(done: Int, total: Int)
        /// Pages saved as a snapshot.
        case saved(pages: Int, directory: URL)
    }

    /// The same pages, fetched (when live) on `clock`: its waits between requests, the run's
    /// fetching budget and the date a saved snapshot is stamped with. The job's clock is the
    /// run's one clock: it replaces the budget the HTTP configuration carried.
    package func on(_ clock: any JobClock) -> FleetPages {
        guard case .live(var live) = self else { return self }
        live.http.runBudget = RunBudget(clock: clock)
        return .live(live)
    }

    /// The scraped pages and a description of where they came from, for reports.
    package func scrape(onEvent: (@Sendable (Event) -> Void)? = nil) async throws -> (FleetScrape, description: String)
    {
        switch self {
        case .snapshot(let directory, let name):
            let source = try SnapshotPageSource(directory: directory)
            let manifest = source.manifest
            guard let root = URL(string: manifest.siteRoot) else {
                throw ScrapeError.snapshot(path: directory.path, reason: "manifest siteRoot is not a URL")
            }
            let layout = manifest.layout.flatMap(PageLayout.init(rawValue:)) ?? .auto
            let start: ShipPageScraper.Start
            if let pages = manifest.shipPages {
                start = .pages(pages.compactMap(URL.init(string:)))
            } else if let index = URL(string: manifest.indexURL), !manifest.indexURL.isEmpty {
                start = .index(index)
            } else {
                throw ScrapeError.snapshot(
                    path: directory.path, reason: "manifest has neither shipPages nor an indexURL")
            }
            var result = try await ShipPageScraper(base: root, start: start, layout: layout).scrape(from: source)
            if let cited = manifest.sourceBase.flatMap(URL.init(string:)) {
                result = result.citing(mirror: root, as: cited)
            }
            return (result, "the snapshot `\(PortablePath.name(name))` (\(manifest.capturedAt.prefix(10)))")
        case .live(let fleet):
            return try await fleet.scrape(onEvent: onEvent)
        case .none(let name):
            return (
                FleetScrape(indexURL: nil, pages: [], warnings: []),
                "the curated fleet file alone (no page layout is known for \(name)'s site)"
            )
        }
    }
}
