import Foundation
import NextWaveSupport
import WebFetch

/// A saved set of fleet pages that can be replayed offline.
///
/// Layout: `manifest.json` (``SnapshotManifest``) beside the page files it names.
public struct SnapshotManifest: Codable, Sendable, Equatable {
    /// The site root the pages were fetched from, e.g. `https://www.zsg.ch`.
    public var siteRoot: String
    /// The fleet index URL.
    public var indexURL: String
    /// Provenance: how the pages were obtained.
    public var description: String
    /// ISO-8601 time of capture (or of the reconstruction's source).
    public var capturedAt: String
    public var pages: [Entry]

    public struct Entry: Codable, Sendable, Equatable {
        public var url: String
        /// File name relative to the manifest.
        public var file: String
        public init(url: String, file: String) {
            self.url = url
            self.file = file
        }
    }

    public init(siteRoot: String, indexURL: String, description: String, capturedAt: String, pages: [Entry]) {
        self.siteRoot = siteRoot
        self.indexURL = indexURL
        self.description = description
        self.capturedAt = capturedAt
        self.pages = pages
    }

    public static let fileName = "manifest.json"
}

/// Serves pages from a snapshot directory.
public struct SnapshotPageSource: PageSource {
    public let directory: URL
    public let manifest: SnapshotManifest
    private let files: [String: String]

    /// - Throws: ``ScrapeError/snapshot(path:reason:)`` when the manifest is missing or malformed.
    public init(directory: URL) throws {
        let manifestURL = directory.appendingPathComponent(SnapshotManifest.fileName)
        manifest = try JSONFile.decode(
            SnapshotManifest.self, at: manifestURL, what: "snapshot manifest", makeError: ScrapeError.snapshot)
        self.directory = directory
        var files: [String: String] = [:]
        for entry in manifest.pages {
            if let url = URL(string: entry.url) { files[SiteURL.canonical(url)] = entry.file }
        }
        self.files = files
    }

    public func page(at url: URL) async throws -> Data {
        guard let file = files[SiteURL.canonical(url)] else {
            throw ScrapeError.snapshot(path: directory.path, reason: "no page for \(url.absoluteString)")
        }
        let path = directory.appendingPathComponent(file)
        do { return try Data(contentsOf: path) } catch {
            throw ScrapeError.snapshot(path: path.path, reason: "cannot read page for \(url.absoluteString)")
        }
    }
}

/// Passes requests to another source and keeps every page it returns, to save as a snapshot.
public actor RecordingPageSource: PageSource {
    private let upstream: any PageSource
    private var recorded: [(url: String, data: Data)] = []

    public init(upstream: any PageSource) { self.upstream = upstream }

    public func page(at url: URL) async throws -> Data {
        let data = try await upstream.page(at: url)
        recorded.append((SiteURL.canonical(url), data))
        return data
    }

    /// Writes the recorded pages and a manifest into `directory` (created if needed); each
    /// file is written atomically. Returns the number of pages saved.
    @discardableResult
    public func save(to directory: URL, siteRoot: URL, indexURL: URL, capturedAt: Date = Date()) throws -> Int {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var entries: [SnapshotManifest.Entry] = []
        var usedNames = Set<String>()
        for (index, page) in recorded.enumerated() {
            var name = Self.fileName(for: page.url, fallback: "page-\(index)")
            if !usedNames.insert(name).inserted { name = "\(index)-\(name)" }
            try page.data.write(to: directory.appendingPathComponent(name), options: .atomic)
            entries.append(.init(url: page.url, file: name))
        }
        let manifest = SnapshotManifest(
            siteRoot: siteRoot.absoluteString, indexURL: indexURL.absoluteString,
            description: "Pages fetched by nextwave ratings --live --save-snapshot",
            capturedAt: ISO8601DateFormatter().string(from: capturedAt), pages: entries)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        try encoder.encode(manifest).write(
            to: directory.appendingPathComponent(SnapshotManifest.fileName), options: .atomic)
        return entries.count
    }

    static func fileName(for url: String, fallback: String) -> String {
        let last = URL(string: url)?.lastPathComponent ?? ""
        let safe = last.filter { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == "." }
        guard !safe.isEmpty, safe != "/" else { return fallback + ".html" }
        return safe.hasSuffix(".html") ? safe : safe + ".html"
    }
}
