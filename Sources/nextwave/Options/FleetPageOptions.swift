import ArgumentParser
import FleetScraper
import Foundation
import ShipRatings
import WebFetch

/// Where the fleet pages and the curated fleet come from.
struct FleetPageOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Replay a saved snapshot folder (with manifest.json).", valueName: "DIR"))
    var snapshot: String?

    @Flag(help: "Scrape the operator's live site (legacy layout) instead of the bundled snapshot.")
    var live = false

    @Option(
        help: ArgumentHelp(
            "Scrape this site (same layout); implies --live. Default https://www.zsg.ch.", valueName: "URL"))
    var baseURL: String?

    @Option(help: ArgumentHelp("Store every fetched page here, replayable with --snapshot.", valueName: "DIR"))
    var saveSnapshot: String?

    @Option(help: ArgumentHelp("Curated fleet file (default: fleet.json of the data folder).", valueName: "FILE"))
    var fleet: String?

    @OptionGroup var http: HTTPOptions
    @OptionGroup var data: DataOptions

    var isLive: Bool { live || baseURL != nil }

    static let bundledSnapshot = "snapshots/zsg-2025-01-14"

    func validate() throws {
        if snapshot != nil && isLive {
            throw ValidationError("--snapshot replays saved pages; it cannot be combined with --live or --base-url")
        }
        if saveSnapshot != nil && !isLive { throw ValidationError("--save-snapshot needs --live or --base-url") }
        if let baseURL {
            guard let url = URL(string: baseURL), let scheme = url.scheme?.lowercased(),
                ["http", "https"].contains(scheme), url.host != nil
            else {
                throw ValidationError("--base-url must be an http(s) URL such as https://www.zsg.ch, got '\(baseURL)'")
            }
        }
    }

    /// The curated fleet file and how tables cite it.
    func fleetFile() throws -> (url: URL, reference: String) {
        (try fleet.map { URL(fileURLWithPath: $0) } ?? data.file("fleet.json"), fleet ?? "Data/fleet.json")
    }

    /// The pages: the live site, a snapshot, or the bundled snapshot.
    func pages() throws -> FleetPages {
        if isLive {
            return .live(
                siteRoot: URL(string: baseURL ?? LegacyFleetLayout.defaultSiteRoot.absoluteString)!,
                http: http.configuration, saveSnapshot: saveSnapshot.map { URL(fileURLWithPath: $0) })
        }
        if let snapshot {
            return .snapshot(directory: URL(fileURLWithPath: snapshot, isDirectory: true), name: snapshot)
        }
        return .snapshot(
            directory: try data.file(Self.bundledSnapshot), name: "Data/\(Self.bundledSnapshot)")
    }
}

extension Terminal {
    /// What a scrape reports, as progress and notes.
    func show(_ event: FleetPages.Event) {
        switch event {
        case .fetch(let fetch): show(fetch)
        case .progress(let done, let total): progress("ship pages \(done)/\(total)")
        case .saved(let pages, let directory):
            endProgress()
            info("saved \(pages) pages to \(directory.relativePath)")
        }
    }
}

/// The operating point of the legacy model.
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

    var point: OperatingPoint { OperatingPoint(speedKmh: speed, depthM: depth) }
}
