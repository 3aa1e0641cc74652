package import Foundation
import SafeFiles
import WebPages

/// A saved set of fleet pages that can be replayed offline.
///
/// Layout: `manifest.json` (``SnapshotManifest``) beside the page files it names.
@_spi(Benchmarks) public struct SnapshotManifest: Codable, Sendable, Equatable {
    /// The site root the pages were fetched from, e.g. `https://www.zsg.ch`.
    @_spi(Benchmarks) public var siteRoot: String
    /// The fleet index URL.
    @_spi(Benchmarks) public var indexURL: String
    /// Provenance: how the pages were obtained.
    public var description: String
    /// ISO-8601 time of capture (or of the reconstruction's source).
    public var capturedAt: String
    public var pages: [Entry]
    /// The ship pages in scrape order, when the run was given a page list (or read an index
    /// other than the legacy one): a replay reads exactly these. Nil for legacy snapshots, whose
    /// replay starts from `indexURL`.
    public var shipPages: [String]?
    /// The layout the pages were read in (``PageLayout``), nil for `auto`.
    public var layout: String?
    /// The site the pages mirror, when `siteRoot` is a mirror: the table cites the pages under
    /// it (`--source-base`).
    public var sourceBase: String?

    /// One page as the site answered it: its file, or the status of a page that was gone.
    public struct Entry: Codable, Sendable, Equatable {
        package var url: String
        /// File name relative to the manifest; nil for a page the site answered with ``status``.
        package var file: String?
        /// 404 or 410: the page was gone when the snapshot was taken (a replay answers the same).
        package var status: Int?
        /// Where the site redirected the request, when it did: ``file`` holds that page.
        package var redirectedTo: String?
        /// The status of that redirect (301, 302, 303, 307, 308).
        package var redirectStatus: Int?

        package init(url: String, file: String) {
            self.url = url
            self.file = file
        }

        /// A page the site answered with `status` (404 or 410).
        package init(url: String, status: Int) {
            self.url = url
            self.status = status
        }

        /// A page the site redirected to `target` (with `redirectStatus`), whose bytes are `file`.
        package init(url: String, file: String, redirectedTo target: String, redirectStatus: Int) {
            self.url = url
            self.file = file
            self.redirectedTo = target
            self.redirectStatus = redirectStatus
        }
    }

    public init(
        siteRoot: String, indexURL: String, description: String, capturedAt: String, pages: [Entry],
        shipPages: [String]? = nil, layout: String? = nil, sourceBase: String? = nil
    ) {
        self.siteRoot = siteRoot
        self.indexURL = indexURL
        self.description = description
        self.capturedAt = capturedAt
        self.pages = pages
        self.shipPages = shipPages
        self.layout = layout
        self.sourceBase = sourceBase
    }

    package static let fileName = "manifest.json"

    /// A manifest from bytes that came from `path`, with every page file checked to stay inside
    /// the snapshot folder.
    /// - Throws: ``ScrapeError/snapshot(path:reason:)``.
    package static func decode(_ data: Data, path: String) throws -> SnapshotManifest {
        let manifest = try JSONFile.decode(
            SnapshotManifest.self, from: data, path: path, what: "snapshot manifest",
            makeError: { ScrapeError.snapshot($0) })
        for (index, entry) in manifest.pages.enumerated() {
            switch (entry.file, entry.status) {
            case (let file?, nil):
                if let reason = SnapshotPageSource.unsafe(file) {
                    throw ScrapeError.snapshot(
                        path: path, reason: "pages[\(index)].file \"\(file)\" \(reason); refused")
                }
                if (entry.redirectedTo == nil) != (entry.redirectStatus == nil)
                    || entry.redirectStatus.map({ !(300...399).contains($0) }) == true
                {
                    throw ScrapeError.snapshot(
                        path: path,
                        reason: "pages[\(index)]: redirectedTo and redirectStatus (300…399) go together; refused")
                }
            case (nil, let status?):
                guard VanishedPage.statuses.contains(status), entry.redirectedTo == nil else {
                    throw ScrapeError.snapshot(
                        path: path, reason: "pages[\(index)].status \(status): only 404 or 410 (a page gone) is kept")
                }
            default:
                throw ScrapeError.snapshot(
                    path: path, reason: "pages[\(index)] needs either a file or the status of a page gone (404, 410)")
            }
        }
        return manifest
    }
}
