import ArgumentParser
import FleetScraper
import Foundation
import ShipRatings

/// Where the fleet pages come from and how the live site is fetched.
struct FleetOptions: ParsableArguments {
    @Option(help: "Bundled data folder (default: ./Data or the one beside the executable).")
    var data: String?

    @Option(help: ArgumentHelp("Replay a saved snapshot folder (with manifest.json).", valueName: "DIR"))
    var snapshot: String?

    @Flag(help: "Scrape the operator's live site (legacy layout) instead of the bundled snapshot.")
    var live = false

    @Option(
        help: ArgumentHelp(
            "Scrape this site (same layout); implies --live. Default https://www.zsg.ch.", valueName: "URL"))
    var baseURL: String?

    @Option(help: ArgumentHelp("Seconds between requests (politeness).", valueName: "SECONDS"))
    var delay: Double = 1

    @Option(help: ArgumentHelp("Seconds before a request times out.", valueName: "SECONDS"))
    var timeout: Double = 20

    @Option(help: "Attempts per page (timeouts, HTTP 429 and 5xx are retried with backoff).")
    var attempts: Int = 4

    @Option(help: ArgumentHelp("Store every fetched page here, replayable with --snapshot.", valueName: "DIR"))
    var saveSnapshot: String?

    @Option(help: ArgumentHelp("Curated fleet file (default: Data/fleet.json).", valueName: "FILE"))
    var fleet: String?

    @Flag(help: "No progress line on stderr.")
    var noProgress = false

    var isLive: Bool { live || baseURL != nil }

    func validate() throws {
        if snapshot != nil && isLive {
            throw ValidationError("--snapshot replays saved pages; it cannot be combined with --live or --base-url")
        }
        if saveSnapshot != nil && !isLive { throw ValidationError("--save-snapshot needs --live or --base-url") }
        guard delay >= 0, delay.isFinite else { throw ValidationError("--delay must be ≥ 0 seconds") }
        // FoundationNetworking on Linux times a sub-second timeout out at once (seen here).
        guard timeout >= 1, timeout.isFinite else { throw ValidationError("--timeout must be at least 1 second") }
        guard (1...10).contains(attempts) else { throw ValidationError("--attempts must be 1…10") }
        if let baseURL {
            guard let url = URL(string: baseURL), let scheme = url.scheme?.lowercased(),
                ["http", "https"].contains(scheme), url.host != nil
            else {
                throw ValidationError("--base-url must be an http(s) URL such as https://www.zsg.ch, got '\(baseURL)'")
            }
        }
    }

    var dataDirectory: URL { get throws { try DataLocator.dataDirectory(explicit: data) } }

    func loadFleet() throws -> (CuratedFleet, reference: String) {
        let url = try fleet.map { URL(fileURLWithPath: $0) } ?? dataDirectory.appendingPathComponent("fleet.json")
        return (try CuratedFleet.load(from: url), fleet ?? "Data/fleet.json")
    }

    /// Scrapes the pages (snapshot or live), saving a snapshot when asked.
    func scrape(terminal: Terminal) async throws -> (FleetScrape, description: String) {
        if isLive {
            let root = URL(string: baseURL ?? LegacyFleetLayout.defaultSiteRoot.absoluteString)!
            var configuration = HTTPPageSource.Configuration()
            configuration.requestDelay = delay
            configuration.timeout = timeout
            configuration.maxAttempts = attempts
            let http = HTTPPageSource(siteRoot: root, configuration: configuration) { event in
                switch event {
                case .fetching(let url): terminal.progress("fetching \(url)")
                case .retrying(let url, let attempt, let after, let reason):
                    terminal.endProgress()
                    terminal.warn("\(url): \(reason); attempt \(attempt) in \(String(format: "%.1f", after)) s")
                }
            }
            let scraper = LegacyFleetScraper(siteRoot: root)
            let recorder = saveSnapshot.map { _ in RecordingPageSource(upstream: http) }
            let result: FleetScrape
            do {
                result = try await scraper.scrape(from: recorder ?? http) { done, total in
                    terminal.progress("ship pages \(done)/\(total)")
                }
            } catch {
                terminal.endProgress()
                if let recorder, let saveSnapshot {
                    try? await recorder.save(
                        to: URL(fileURLWithPath: saveSnapshot), siteRoot: scraper.siteRoot, indexURL: scraper.indexURL)
                }
                throw error
            }
            terminal.endProgress()
            if let recorder, let saveSnapshot {
                try await recorder.save(
                    to: URL(fileURLWithPath: saveSnapshot), siteRoot: scraper.siteRoot, indexURL: scraper.indexURL)
                terminal.info("saved \(result.pages.count + 1) pages to \(saveSnapshot)")
            }
            return (result, "the live site \(root.absoluteString)")
        }
        let directory =
            try snapshot.map { URL(fileURLWithPath: $0, isDirectory: true) }
            ?? dataDirectory.appendingPathComponent("snapshots/zsg-2025-01-14")
        let source = try SnapshotPageSource(directory: directory)
        guard let root = URL(string: source.manifest.siteRoot), let index = URL(string: source.manifest.indexURL) else {
            throw ScrapeError.snapshot(path: directory.path, reason: "manifest siteRoot or indexURL is not a URL")
        }
        let scraper = LegacyFleetScraper(siteRoot: root, indexPath: index.path)
        let result = try await scraper.scrape(from: source)
        let name = snapshot ?? "Data/snapshots/\(directory.lastPathComponent)"
        return (result, "the snapshot `\(name)` (\(source.manifest.capturedAt.prefix(10)))")
    }
}

/// Operating point options shared by commands.
struct OperatingPointOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Ship speed, km/h.", valueName: "KMH"))
    var speed: Double = 18

    @Option(help: ArgumentHelp("Water depth, m.", valueName: "M"))
    var depth: Double = 10

    func validate() throws {
        guard speed.isFinite, speed > 0, speed <= 100 else {
            throw ValidationError("--speed must be in (0, 100] km/h, got \(speed)")
        }
        guard depth.isFinite, depth > 0, depth <= 1000 else {
            throw ValidationError("--depth must be in (0, 1000] m, got \(depth)")
        }
    }
}
