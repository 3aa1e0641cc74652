package import Foundation
import NextWaveSupport
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

    public struct Entry: Codable, Sendable, Equatable {
        package var url: String
        /// File name relative to the manifest.
        package var file: String
        package init(url: String, file: String) {
            self.url = url
            self.file = file
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
            if let reason = SnapshotPageSource.unsafe(entry.file) {
                throw ScrapeError.snapshot(
                    path: path, reason: "pages[\(index)].file \"\(entry.file)\" \(reason); refused")
            }
        }
        return manifest
    }
}
