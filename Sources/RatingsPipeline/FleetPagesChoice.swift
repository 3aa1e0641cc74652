package import DataFolderLayout
@_spi(Benchmarks) import FleetScraper
package import Foundation
package import JobContract
package import WebFetch
import WebPages

/// What a front end asks for the fleet pages (a snapshot, the live site and how to start on it,
/// nothing), and the one rule that turns it into ``FleetPages``: the live-start policy and the
/// choice of snapshot live here, not in a command line.
package struct FleetPagesChoice: Sendable {
    /// A saved snapshot folder to replay (its name as the user wrote it).
    package var snapshot: String?
    /// Scrape the operator's current pages (the bundled page list) live.
    package var live = false
    /// The pages' site (a mirror); alone: its legacy fleet index.
    package var baseURL: URL?
    /// A file listing the pages to scrape (implies live).
    package var pageList: URL?
    /// A page whose ship links are scraped (implies live).
    package var index: URL?
    /// The site a mirror copies (the table cites pages under it).
    package var sourceBase: URL?
    package var layout: PageLayout = .auto
    /// Where a live run stores what it fetched, and whether it may replace that folder.
    package var saveSnapshot: URL?
    package var replaceSnapshot = false
    /// The HTTP settings of a live run.
    package var http = HTTPClient.Configuration()
    /// The operator the run is for (nil: Lake Zurich's).
    package var chosenOperator: OperatorCatalogue.Operator?

    package init() {}

    /// Whether the pages come over HTTP.
    package var isLive: Bool { live || baseURL != nil || pageList != nil || index != nil }

    /// Why a choice cannot be made.
    package enum Problem: KindedError, Equatable {
        /// A snapshot that is not there is a missing input; pages asked of an operator without a
        /// layout, a usage error.
        package var kind: ProblemKind {
            if case .noSnapshot = self { return .missingInput }
            return .usage
        }

        /// An operator without a known page layout asked for pages (its table rests on its
        /// fleet file alone).
        case noPageLayout(operatorID: String, code: String, fleet: String)
        /// No snapshot at the path given; the data folder's snapshots listed.
        case noSnapshot(name: String, available: String)

        package var description: String {
            switch self {
            case .noPageLayout(let id, let code, let fleet):
                "\(id): no page layout is known for \(code)'s site, so its table rests on "
                    + "\(DataLayout.reference(fleet)) alone and no page of it is read"
            case .noSnapshot(let name, let available):
                "\(name): no snapshot there (no manifest.json). \(available)"
            }
        }
    }

    /// The pages for this choice, with files of the data folder `data`: an operator without a
    /// page layout gets none; a live run starts from the page list, the index, the legacy index
    /// of `baseURL`, or the operator's current pages (re-based onto a mirror, with a browser's
    /// headers on the operator's own site); otherwise the snapshot given, else the bundled one.
    package func pages(data: DataLayout) throws -> FleetPages {
        if let chosen = chosenOperator, !chosen.scrapesPages {
            guard !isLive, snapshot == nil else {
                throw Problem.noPageLayout(operatorID: chosen.id, code: chosen.code, fleet: chosen.fleet)
            }
            return .none(operatorName: chosen.code)
        }
        if isLive {
            var configuration = http
            // The ship pages' site: the base URL, else the index page's own site, else the operator's.
            let base = baseURL ?? index.flatMap(SiteURL.root(of:)) ?? LiveFleet.operatorSite
            let start: ShipPageScraper.Start
            if let pageList {
                start = .pages(try PageList.load(pageList, base: base))
            } else if let index {
                start = .index(index)
            } else if baseURL != nil && !live {
                start = .index(SiteURL.resolve(LegacyFleetLayout.indexPath, against: base)!)
            } else {
                // The current page list; with a base URL, re-based onto that mirror.
                start = .pages(
                    try PageList.load(
                        data.currentPages, base: base, rebasing: LiveFleet.operatorSite))
                if baseURL == nil { configuration.headers = LiveFleet.browserHeaders }
            }
            return .live(
                LiveFleet(
                    base: base, start: start, layout: layout, http: configuration, saveSnapshot: saveSnapshot,
                    replaceSnapshot: replaceSnapshot, sourceBase: sourceBase))
        }
        if let snapshot {
            let directory = URL(fileURLWithPath: snapshot, isDirectory: true)
            guard FileManager.default.fileExists(atPath: directory.appendingPathComponent("manifest.json").path) else {
                throw Problem.noSnapshot(name: snapshot, available: Self.availableSnapshots(data: data))
            }
            return .snapshot(directory: directory, name: snapshot)
        }
        return .snapshot(directory: data.snapshot(), name: data.reference(for: data.snapshot()))
    }

    /// "Snapshots available: …" from the data folder.
    package static func availableSnapshots(data: DataLayout) -> String {
        let folder = data.snapshots
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter {
            FileManager.default.fileExists(atPath: folder.appendingPathComponent("\($0)/manifest.json").path)
        }.sorted()
        guard !names.isEmpty else { return "No snapshots in \(folder.path)." }
        return "Snapshots available: " + names.map { "\(folder.path)/\($0)" }.joined(separator: ", ")
    }
}
