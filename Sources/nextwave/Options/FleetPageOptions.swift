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
        try checkPaths([("--snapshot", snapshot), ("--save-snapshot", saveSnapshot), ("--fleet", fleet)])
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

/// `--speed`: km/h, or `service` (each ship's published speed, for the wake model).
enum SpeedArgument: ExpressibleByArgument, Sendable, Equatable {
    case kmh(Double)
    case service

    init?(argument: String) {
        if argument.lowercased() == "service" {
            self = .service
        } else if let value = Double(argument), value.isFinite {
            self = .kmh(value)
        } else {
            return nil
        }
    }

    var defaultValueDescription: String {
        switch self {
        case .kmh(let value): value == value.rounded() ? String(Int(value)) : "\(value)"
        case .service: "service"
        }
    }
}

/// The operating point: the legacy model's speed and depth, and the wake model's reference.
struct OperatingPointOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Ship speed, km/h; or 'service': each ship's published speed (wake model; legacy at 18).",
            valueName: "KMH"))
    var speed: SpeedArgument = .kmh(18)

    @Option(help: ArgumentHelp("Water depth, m.", valueName: "M"))
    var depth: Double = 10

    func validate() throws {
        if case .kmh(let speed) = speed {
            guard speed.isFinite, speed > 0, speed <= 100 else {
                throw ValidationError("--speed must be in (0, 100] km/h or 'service', got \(speed)")
            }
        }
        guard depth.isFinite, depth > 0, depth <= 1000 else {
            throw ValidationError("--depth must be in (0, 1000] m, got \(depth)")
        }
    }

    /// The legacy speed: the given one, or 18 km/h in service mode.
    var legacySpeedKmh: Double { if case .kmh(let value) = speed { value } else { OperatingPoint.legacy.speedKmh } }

    var point: OperatingPoint { OperatingPoint(speedKmh: legacySpeedKmh, depthM: depth) }

    /// The wake model's reference point at `distance`.
    func wakeReference(distance: Double) -> WakeReference {
        switch speed {
        case .kmh(let value): WakeReference(distanceM: distance, depthM: depth, speed: .fixed(value))
        case .service:
            WakeReference(
                distanceM: distance, depthM: depth, speed: .service(fallbackKmh: OperatingPoint.legacy.speedKmh))
        }
    }
}
