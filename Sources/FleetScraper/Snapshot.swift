public import Foundation
import NextWaveSupport
public import WebFetch

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
@_spi(Benchmarks) public struct SnapshotPageSource: PageSource {
    public let directory: URL
    @_spi(Benchmarks) public let manifest: SnapshotManifest
    private let files: [String: String]

    /// - Throws: ``ScrapeError/snapshot(path:reason:)`` when the manifest is missing or malformed.
    @_spi(Benchmarks) public init(directory: URL) throws {
        let manifestURL = directory.appendingPathComponent(SnapshotManifest.fileName)
        let data: Data
        do {
            data = try BoundedFile.read(manifestURL, limit: BoundedFile.tableLimit, what: "snapshot manifest")
        } catch let problem as FileProblem {
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
    package static let maximumPageBytes = HTMLDocument.maximumBytes

    @_spi(Benchmarks) public func page(at url: URL) async throws -> Data {
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
package actor RecordingPageSource: PageSource {
    private let upstream: any PageSource
    private var recorded: [(url: String, data: Data)] = []

    package init(upstream: any PageSource) { self.upstream = upstream }

    package func page(at url: URL) async throws -> Data {
        let data = try await upstream.page(at: url)
        record(url, data)
        return data
    }

    func record(_ url: URL, _ data: Data) { recorded.append((SiteURL.canonical(url), data)) }

    /// A source that fetches from `other` and keeps its pages here too (an index on another
    /// host goes into the same snapshot).
    package func recording(_ other: any PageSource) -> any PageSource { AlsoRecording(upstream: other, recorder: self) }

    /// Writes the recorded pages and a manifest as the snapshot folder `directory`, whole:
    /// everything goes into a hidden folder beside it first, which then takes its place, so a
    /// snapshot is never a mix of two runs. An existing non-empty folder is replaced only with
    /// `replacing` (the CLI's `--force`). Returns the number of pages saved.
    /// - Throws: ``ScrapeError/snapshot(path:reason:)``.
    @discardableResult
    package func save(
        to directory: URL, siteRoot: URL, indexURL: URL?, shipPages: [String]? = nil, layout: PageLayout = .auto,
        sourceBase: URL? = nil, replacing: Bool = false, capturedAt: Date = Date()
    ) throws -> Int {
        try Self.checkTarget(directory, replacing: replacing)
        var entries: [SnapshotManifest.Entry] = []
        var files: [(String, Data)] = []
        var usedNames = Set<String>([SnapshotManifest.fileName])
        for (index, page) in recorded.enumerated() {
            var name = Self.fileName(for: page.url, fallback: "page-\(index)")
            if !usedNames.insert(name).inserted { name = "\(index)-\(name)" }
            files.append((name, page.data))
            entries.append(.init(url: page.url, file: name))
        }
        let manifest = SnapshotManifest(
            siteRoot: siteRoot.absoluteString, indexURL: indexURL?.absoluteString ?? "",
            description: "Pages fetched by nextwave ratings --save-snapshot",
            capturedAt: ISO8601DateFormatter().string(from: capturedAt), pages: entries, shipPages: shipPages,
            layout: layout == .auto ? nil : layout.rawValue, sourceBase: sourceBase?.absoluteString)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        files.append((SnapshotManifest.fileName, try encoder.encode(manifest)))
        try SnapshotFolder.replace(directory, with: files)
        return entries.count
    }

    /// Refuses a target that is a file, or a non-empty folder unless `replacing`.
    package static func checkTarget(_ directory: URL, replacing: Bool) throws {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory) else { return }
        guard isDirectory.boolValue else {
            throw ScrapeError.snapshotTargetRefused(path: directory.path, reason: "is a file, not a folder")
        }
        let contents = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        if !contents.isEmpty, let reason = Self.neverReplaced(directory) {
            throw ScrapeError.snapshotTargetRefused(path: directory.path, reason: "\(reason); never replaced")
        }
        if !contents.isEmpty && !replacing {
            throw ScrapeError.snapshotNotEmpty(path: directory.path, entries: contents.count)
        }
    }

    /// Why a folder must never be replaced by a snapshot, even with `--force` (issue: hardening,
    /// round 2: `--save-snapshot . --force` wiped the current folder): the root, the home
    /// folder, the current folder or one holding it, and a folder that is or holds a git
    /// repository. Nil for any other folder.
    static func neverReplaced(_ directory: URL) -> String? {
        let target = directory.resolvingSymlinksInPath().standardizedFileURL.path
        let current = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).resolvingSymlinksInPath()
            .standardizedFileURL.path
        let home = FileManager.default.homeDirectoryForCurrentUser.resolvingSymlinksInPath().standardizedFileURL.path
        if target == "/" { return "it is the root folder" }
        if target == home { return "it is the home folder" }
        if current == target || current.hasPrefix(target + "/") { return "it is or holds the current folder" }
        let manager = FileManager.default
        if manager.fileExists(atPath: target + "/.git") { return "it holds a git repository" }
        for name in (try? manager.contentsOfDirectory(atPath: target)) ?? []
        where manager.fileExists(atPath: target + "/" + name + "/.git") {
            return "it holds the git repository \(name)"
        }
        return nil
    }

    static func fileName(for url: String, fallback: String) -> String {
        let last = URL(string: url)?.lastPathComponent ?? ""
        let safe = last.filter { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == "." }
        guard !safe.isEmpty, safe != "/" else { return fallback + ".html" }
        return safe.hasSuffix(".html") ? safe : safe + ".html"
    }
}

/// Writes a snapshot folder whole: into a hidden sibling first, then swapped into place.
enum SnapshotFolder {
    static func replace(_ directory: URL, with files: [(String, Data)]) throws {
        let manager = FileManager.default
        let parent = directory.deletingLastPathComponent()
        let staging = parent.appendingPathComponent(
            ".\(directory.lastPathComponent)\(TemporaryFiles.marker)\(getpid())")
        let old = parent.appendingPathComponent(".\(directory.lastPathComponent).old-\(getpid())")
        func fail(_ reason: String) -> ScrapeError { .snapshot(path: directory.path, reason: reason) }
        do {
            try manager.createDirectory(at: parent, withIntermediateDirectories: true)
            TemporaryFiles.sweepStale(in: parent)
            try? manager.removeItem(at: staging)
            try manager.createDirectory(at: staging, withIntermediateDirectories: false)
            TemporaryFiles.registerFolder(staging)
            defer { TemporaryFiles.unregisterFolder(staging) }
            // Marked as this tool's, so that a later run may sweep it if this one is killed.
            let marker = staging.appendingPathComponent(TemporaryFiles.folderMarker)
            try Data().write(to: marker)
            for (name, data) in files { try data.write(to: staging.appendingPathComponent(name)) }
            try manager.removeItem(at: marker)
            if manager.fileExists(atPath: directory.path) {
                try manager.moveItem(at: directory, to: old)
            }
            try manager.moveItem(at: staging, to: directory)
            try? manager.removeItem(at: old)
        } catch let error as ScrapeError {
            throw error
        } catch {
            try? manager.removeItem(at: staging)
            if !manager.fileExists(atPath: directory.path), manager.fileExists(atPath: old.path) {
                try? manager.moveItem(at: old, to: directory)
            }
            throw fail("cannot write the snapshot (\(FileProblem.words(for: error)))")
        }
    }
}

private struct AlsoRecording: PageSource {
    let upstream: any PageSource
    let recorder: RecordingPageSource

    func page(at url: URL) async throws -> Data {
        let data = try await upstream.page(at: url)
        await recorder.record(url, data)
        return data
    }
}
