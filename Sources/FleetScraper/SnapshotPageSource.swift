public import Foundation
import NextWaveSupport
public import WebPages

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
            throw ScrapeError.snapshot(problem)
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

    /// The largest page file read: ``WebPages/HTMLDocument/maximumBytes``.
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
            throw ScrapeError.snapshot(problem, reason: "\(problem.reason) (page for \(url.absoluteString))")
        }
    }
}
