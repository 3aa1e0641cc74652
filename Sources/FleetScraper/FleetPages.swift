import Foundation
import WebFetch

/// Where a ratings run takes the operator's fleet pages from.
public enum FleetPages: Sendable {
    /// A saved snapshot folder (`manifest.json` and the pages), replayed offline.
    case snapshot(directory: URL, name: String)
    /// A site in the legacy layout over HTTP; every fetched page is saved to `saveSnapshot`
    /// when given (also when the scrape fails, to see what the site served).
    case live(siteRoot: URL, http: HTTPClient.Configuration, saveSnapshot: URL?)

    /// What ``scrape(onEvent:)`` reports while it works.
    public enum Event: Sendable {
        case fetch(FetchEvent)
        /// Ship pages done, of all.
        case progress(done: Int, total: Int)
        /// Pages saved as a snapshot.
        case saved(pages: Int, directory: URL)
    }

    /// The scraped pages and a description of where they came from, for reports.
    public func scrape(onEvent: (@Sendable (Event) -> Void)? = nil) async throws -> (FleetScrape, description: String) {
        switch self {
        case .snapshot(let directory, let name):
            let source = try SnapshotPageSource(directory: directory)
            guard let root = URL(string: source.manifest.siteRoot), let index = URL(string: source.manifest.indexURL)
            else {
                throw ScrapeError.snapshot(path: directory.path, reason: "manifest siteRoot or indexURL is not a URL")
            }
            let scraper = LegacyFleetScraper(siteRoot: root, indexPath: index.path)
            let result = try await scraper.scrape(from: source)
            return (result, "the snapshot `\(name)` (\(source.manifest.capturedAt.prefix(10)))")
        case .live(let siteRoot, let http, let saveSnapshot):
            let client = HTTPClient(siteRoot: siteRoot, configuration: http) { onEvent?(.fetch($0)) }
            let scraper = LegacyFleetScraper(siteRoot: siteRoot)
            let recorder = saveSnapshot.map { _ in RecordingPageSource(upstream: client) }
            func save() async throws {
                guard let recorder, let saveSnapshot else { return }
                let count = try await recorder.save(
                    to: saveSnapshot, siteRoot: scraper.siteRoot, indexURL: scraper.indexURL)
                onEvent?(.saved(pages: count, directory: saveSnapshot))
            }
            let result: FleetScrape
            do {
                result = try await scraper.scrape(from: recorder ?? client) { onEvent?(.progress(done: $0, total: $1)) }
            } catch {
                try? await save()
                throw error
            }
            try await save()
            return (result, "the live site \(siteRoot.absoluteString)")
        }
    }
}
