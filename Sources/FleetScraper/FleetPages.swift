public import Foundation
public import WebFetch

/// Where a ratings run takes the operator's fleet pages from.
public enum FleetPages: Sendable {
    /// A saved snapshot folder (`manifest.json` and the pages), replayed offline.
    case snapshot(directory: URL, name: String)
    /// Pages over HTTP.
    case live(LiveFleet)
    /// No pages: the table rests on the curated fleet file alone (an operator whose page
    /// layout is not known), `operatorName` for reports.
    case none(operatorName: String)

    /// What ``scrape(onEvent:)`` reports while it works.
    public enum Event: Sendable {
        case fetch(FetchEvent)
        /// Ship pages done, of all.
        case progress(done: Int, total: Int)
        /// Pages saved as a snapshot.
        case saved(pages: Int, directory: URL)
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
            return (result, "the snapshot `\(name)` (\(manifest.capturedAt.prefix(10)))")
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

/// A fleet fetched over HTTP: ship pages listed by an index page or given as a list, read in
/// a layout, optionally saved as a snapshot (only when the whole scrape succeeds).
public struct LiveFleet: Sendable {
    /// Relative links and list entries resolve against it (with its path); its site (scheme,
    /// host, port) bounds the ship pages.
    public var base: URL
    public var start: ShipPageScraper.Start
    public var layout: PageLayout
    public var http: HTTPClient.Configuration
    /// Save every fetched page here as a snapshot; `replaceSnapshot` allows replacing a
    /// non-empty folder.
    public var saveSnapshot: URL?
    public var replaceSnapshot: Bool
    /// The site `base` mirrors: page URLs are cited under it (nil: as fetched).
    public var sourceBase: URL?

    public init(
        base: URL, start: ShipPageScraper.Start, layout: PageLayout = .auto, http: HTTPClient.Configuration = .init(),
        saveSnapshot: URL? = nil, replaceSnapshot: Bool = false, sourceBase: URL? = nil
    ) {
        self.sourceBase = sourceBase
        self.base = base
        self.start = start
        self.layout = layout
        self.http = http
        self.saveSnapshot = saveSnapshot
        self.replaceSnapshot = replaceSnapshot
    }

    /// The operator's site.
    package static let operatorSite = URL(string: "https://www.zsg.ch/")!

    /// Request headers a browser sends: the operator's site answers a bare user agent from
    /// cloud addresses with HTTP 403 (docs/SCIENCE.md §8).
    package static let browserHeaders = [
        "User-Agent": "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0",
        "Accept": "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
        "Accept-Language": "de-CH,de;q=0.9,fr;q=0.7,en;q=0.6",
    ]

    func scrape(onEvent: (@Sendable (FleetPages.Event) -> Void)?) async throws -> (FleetScrape, description: String) {
        if let saveSnapshot { try RecordingPageSource.checkTarget(saveSnapshot, replacing: replaceSnapshot) }
        let siteRoot = SiteURL.root(of: base) ?? base
        let client = HTTPClient(siteRoot: siteRoot, configuration: http) { onEvent?(.fetch($0)) }
        let recorder = saveSnapshot.map { _ in RecordingPageSource(upstream: client) }
        var indexSource: (any PageSource)?
        if case .index(let index) = start, !SiteURL.isSameSite(index, as: siteRoot) {
            // An index on another host (the deployment page links www.zsg.ch pages).
            let indexClient = HTTPClient(siteRoot: SiteURL.root(of: index) ?? index, configuration: http) {
                onEvent?(.fetch($0))
            }
            if let recorder { indexSource = await recorder.recording(indexClient) } else { indexSource = indexClient }
        }
        let scraper = ShipPageScraper(base: base, start: start, layout: layout)
        var result = try await scraper.scrape(from: recorder ?? client, indexSource: indexSource) {
            onEvent?(.progress(done: $0, total: $1))
        }
        if let recorder, let saveSnapshot {
            var indexURL: URL?
            if case .index(let index) = start { indexURL = index }
            let legacyIndex =
                layout != .labels && indexURL != nil && result.pages.count > 0
                && indexURL.map { SiteURL.isSameSite($0, as: siteRoot) } == true
            let count = try await recorder.save(
                to: saveSnapshot, siteRoot: base, indexURL: indexURL,
                shipPages: legacyIndex ? nil : result.pages.map(\.url), layout: layout, sourceBase: sourceBase,
                replacing: replaceSnapshot)
            onEvent?(.saved(pages: count, directory: saveSnapshot))
        }
        if let sourceBase { result = result.citing(mirror: base, as: sourceBase) }
        return (result, "the live site \(base.absoluteString)")
    }
}
