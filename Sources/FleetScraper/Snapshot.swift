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

    /// A manifest from bytes that came from `path`, with every page file checked to stay inside
    /// the snapshot folder.
    /// - Throws: ``ScrapeError/snapshot(path:reason:)``.
    public static func decode(_ data: Data, path: String) throws -> SnapshotManifest {
        let manifest = try JSONFile.decode(
            SnapshotManifest.self, from: data, path: path, what: "snapshot manifest", makeError: ScrapeError.snapshot)
        for (index, entry) in manifest.pages.enumerated() {
            if let reason = SnapshotPageSource.unsafe(entry.file) {
                throw ScrapeError.snapshot(
                    path: path, reason: "pages[\(index)].file \"\(entry.file)\" \(reason); refused")
            }
        }
        return manifest
    }
}

/// Serves pages from a snapshot directory.
public struct SnapshotPageSource: PageSource {
    public let directory: URL
    public let manifest: SnapshotManifest
    private let files: [String: String]

    /// - Throws: ``ScrapeError/snapshot(path:reason:)`` when the manifest is missing or malformed.
    public init(directory: URL) throws {
        let manifestURL = directory.appendingPathComponent(SnapshotManifest.fileName)
        let data: Data
        do { data = try BoundedFile.read(manifestURL, what: "snapshot manifest") } catch let problem as FileProblem {
            throw ScrapeError.snapshot(path: problem.path, reason: problem.reason)
        }
        manifest = try SnapshotManifest.decode(data, path: manifestURL.path)
        self.directory = directory
        var files: [String: String] = [:]
        for entry in manifest.pages {
            if let url = URL(string: entry.url) { files[SiteURL.canonical(url)] = entry.file }
        }
        self.files = files
    }

    /// Why a manifest's file name could reach outside the snapshot folder (nil when it cannot):
    /// page files are plain names or relative paths below the folder.
    static func unsafe(_ file: String) -> String? {
        if file.isEmpty { return "is empty" }
        if file.hasPrefix("/") || file.hasPrefix("~") { return "is not relative to the snapshot folder" }
        if file.contains("\0") || file.contains("\\") { return "holds a character not allowed in a page file name" }
        if file.split(separator: "/", omittingEmptySubsequences: false).contains(where: { $0 == ".." || $0.isEmpty }) {
            return "leaves the snapshot folder"
        }
        return nil
    }

    /// The largest page file read: ``WebFetch/HTMLDocument/maximumBytes``.
    public static let maximumPageBytes = HTMLDocument.maximumBytes

    public func page(at url: URL) async throws -> Data {
        guard let file = files[SiteURL.canonical(url)] else {
            throw ScrapeError.snapshot(path: directory.path, reason: "no page for \(url.absoluteString)")
        }
        let path = directory.appendingPathComponent(file)
        // A symbolic link inside the folder must not lead out of it either.
        let folder = directory.resolvingSymlinksInPath().standardizedFileURL.path
        let resolved = path.resolvingSymlinksInPath().standardizedFileURL.path
        guard resolved.hasPrefix(folder + "/") else {
            throw ScrapeError.snapshot(
                path: path.path,
                reason: "the page file for \(url.absoluteString) leads outside the snapshot folder; refused")
        }
        do { return try BoundedFile.read(path, limit: Self.maximumPageBytes, what: "snapshot page") } catch let problem
            as FileProblem
        {
            throw ScrapeError.snapshot(path: problem.path, reason: "\(problem.reason) (page for \(url.absoluteString))")
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
        var entries: [SnapshotManifest.Entry] = []
        var files: [(URL, Data)] = []
        var usedNames = Set<String>()
        for (index, page) in recorded.enumerated() {
            var name = Self.fileName(for: page.url, fallback: "page-\(index)")
            if !usedNames.insert(name).inserted { name = "\(index)-\(name)" }
            files.append((directory.appendingPathComponent(name), page.data))
            entries.append(.init(url: page.url, file: name))
        }
        let manifest = SnapshotManifest(
            siteRoot: siteRoot.absoluteString, indexURL: indexURL.absoluteString,
            description: "Pages fetched by nextwave ratings --live --save-snapshot",
            capturedAt: ISO8601DateFormatter().string(from: capturedAt), pages: entries)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        files.append((directory.appendingPathComponent(SnapshotManifest.fileName), try encoder.encode(manifest)))
        // The pages and the manifest land together, or none of them.
        try AtomicFileWriter.writeAll(files)
        return entries.count
    }

    static func fileName(for url: String, fallback: String) -> String {
        let last = URL(string: url)?.lastPathComponent ?? ""
        let safe = last.filter { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == "." }
        guard !safe.isEmpty, safe != "/" else { return fallback + ".html" }
        return safe.hasSuffix(".html") ? safe : safe + ".html"
    }
}
