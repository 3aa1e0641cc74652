public import Foundation
import SafeFiles
public import WebPages

/// Serves pages from a snapshot directory.
@_spi(Benchmarks) public struct SnapshotPageSource: PageSource {
    public let directory: URL
    @_spi(Benchmarks) public let manifest: SnapshotManifest
    private let entries: [String: SnapshotManifest.Entry]

    /// - Throws: ``ScrapeError/snapshot(path:reason:)`` when the manifest is missing or malformed.
    @_spi(Benchmarks) public init(directory: URL) throws {
        let manifestURL = directory.appendingPathComponent(SnapshotManifest.fileName)
        let data: Data
        do {
            data = try BoundedFile.read(manifestURL, limit: BoundedFile.tableLimit, what: "snapshot manifest")
        } catch let problem as FileProblem {
            throw ScrapeError.snapshot(problem)
        }
        manifest = try SnapshotManifest.decode(data, path: manifestURL.path)
        self.directory = directory
        var entries: [String: SnapshotManifest.Entry] = [:]
        for entry in manifest.pages {
            if let url = URL(string: entry.url) { entries[SiteURL.canonical(url)] = entry }
        }
        self.entries = entries
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

    /// The largest page file read: ``WebPages/HTMLDocument/maximumBytes``.
    package static let maximumPageBytes = HTMLDocument.maximumBytes

    @_spi(Benchmarks) public func page(at url: URL) async throws -> Data { try await resolvedPage(at: url).data }

    /// The page as the site answered it when the snapshot was taken: its bytes (from the page
    /// it was redirected to, if it was), or the 404 or 410 it answered, thrown as the site threw it.
    @_spi(Benchmarks) public func resolvedPage(at url: URL) async throws -> ResolvedPage {
        guard let entry = entries[SiteURL.canonical(url)] else {
            throw ScrapeError.pageNotInSnapshot(path: directory.path, url: url.absoluteString)
        }
        guard let file = entry.file else {
            throw WebFetchError.httpStatus(url: url.absoluteString, status: entry.status ?? 404, attempts: 1)
        }
        let data = try read(file, for: url)
        guard let target = entry.redirectedTo.flatMap(URL.init(string:)) else {
            return ResolvedPage(data: data, url: url)
        }
        return ResolvedPage(data: data, url: target, redirectStatus: entry.redirectStatus)
    }

    private func read(_ file: String, for url: URL) throws -> Data {
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
            throw ScrapeError.snapshot(problem, reason: "\(problem.reason) (page for \(url.absoluteString))")
        }
    }
}
