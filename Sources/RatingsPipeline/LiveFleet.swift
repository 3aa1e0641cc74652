@_spi(Benchmarks) public import FleetScraper
public import Foundation
public import WebFetch
import WebPages

/// A fleet fetched over HTTP: ship pages listed by an index page or given as a list, read in
/// a layout, optionally kept as a snapshot (saved by the run once it has succeeded).
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
        try http.validate()
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
            let indexURL: URL? = if case .index(let index) = start { index } else { nil }
            let legacyIndex =
                layout != .labels && indexURL != nil && result.pages.count > 0
                && indexURL.map { SiteURL.isSameSite($0, as: siteRoot) } == true
            // A replay reads the listed pages, those gone included, in the order this run did.
            let listed = legacyIndex ? nil : result.listed
            let (base, layout, sourceBase, replacing) = (base, layout, sourceBase, replaceSnapshot)
            result.pendingSnapshot = PendingSnapshot(directory: saveSnapshot) {
                try await recorder.save(
                    to: saveSnapshot, siteRoot: base, indexURL: indexURL, shipPages: listed, layout: layout,
                    sourceBase: sourceBase, replacing: replacing, capturedAt: http.clock.date)
            }
        }
        if let sourceBase { result = result.citing(mirror: base, as: sourceBase) }
        return (result, "the live site \(base.absoluteString)")
    }
}
