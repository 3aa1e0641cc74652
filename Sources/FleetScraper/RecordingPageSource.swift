package import Foundation
package import WebPages

/// Passes requests to another source and keeps every answer, to save as a snapshot: each page's
/// bytes (and where a redirect took the request), and each page the site said was gone (404,
/// 410), so that a replay answers as the site did.
package actor RecordingPageSource: PageSource {
    private let upstream: any PageSource
    private var recorded: [(url: String, answer: Answer)] = []

    /// What the site answered for one address.
    enum Answer {
        case page(ResolvedPage)
        case gone(status: Int)
    }

    package init(upstream: any PageSource) { self.upstream = upstream }

    package func page(at url: URL) async throws -> Data { try await resolvedPage(at: url).data }

    package func resolvedPage(at url: URL) async throws -> ResolvedPage {
        try await Self.recording(url, from: upstream) { await self.record(url, $0) }
    }

    func record(_ url: URL, _ answer: Answer) { recorded.append((SiteURL.canonical(url), answer)) }

    /// `source`'s answer for `url`, handed to `keep` first: a page, or the 404 or 410 it threw
    /// (thrown on).
    static func recording(
        _ url: URL, from source: any PageSource, keep: @Sendable (Answer) async -> Void
    ) async throws -> ResolvedPage {
        do {
            let page = try await source.resolvedPage(at: url)
            await keep(.page(page))
            return page
        } catch WebFetchError.httpStatus(let address, let status, let attempts)
            where VanishedPage.statuses.contains(status)
        {
            await keep(.gone(status: status))
            throw WebFetchError.httpStatus(url: address, status: status, attempts: attempts)
        }
    }

    /// A source that fetches from `other` and keeps its pages here too (an index on another
    /// host goes into the same snapshot).
    package func recording(_ other: any PageSource) -> any PageSource { AlsoRecording(upstream: other, recorder: self) }

    /// Writes the recorded answers and a manifest as the snapshot folder `directory`, whole:
    /// everything goes into a hidden folder beside it first, which then takes its place, so a
    /// snapshot is never a mix of two runs. An existing non-empty folder is replaced only with
    /// `replacing` (the CLI's `--force`). Returns the number of pages saved (pages that were
    /// gone are kept in the manifest, with their status).
    /// - Throws: ``ScrapeError/snapshot(path:reason:)``.
    @discardableResult
    package func save(
        to directory: URL, siteRoot: URL, indexURL: URL?, shipPages: [String]? = nil, layout: PageLayout = .auto,
        sourceBase: URL? = nil, replacing: Bool = false, capturedAt: Date
    ) throws -> Int {
        try Self.checkTarget(directory, replacing: replacing)
        var entries: [SnapshotManifest.Entry] = []
        var files: [(String, Data)] = []
        var usedNames = Set<String>([SnapshotManifest.fileName])
        for (index, page) in recorded.enumerated() {
            guard case .page(let read) = page.answer else {
                if case .gone(let status) = page.answer { entries.append(.init(url: page.url, status: status)) }
                continue
            }
            var name = Self.fileName(for: page.url, fallback: "page-\(index)")
            if !usedNames.insert(name).inserted { name = "\(index)-\(name)" }
            files.append((name, read.data))
            if let status = read.redirectStatus {
                entries.append(
                    .init(
                        url: page.url, file: name, redirectedTo: SiteURL.canonical(read.url), redirectStatus: status))
            } else {
                entries.append(.init(url: page.url, file: name))
            }
        }
        let manifest = SnapshotManifest(
            siteRoot: siteRoot.absoluteString, indexURL: indexURL?.absoluteString ?? "",
            description: "Pages a ratings run fetched and saved as a snapshot",
            capturedAt: ISO8601DateFormatter().string(from: capturedAt), pages: entries, shipPages: shipPages,
            layout: layout == .auto ? nil : layout.rawValue, sourceBase: sourceBase?.absoluteString)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        files.append((SnapshotManifest.fileName, try encoder.encode(manifest)))
        try SnapshotFolder.replace(directory, with: files)
        return entries.filter { $0.file != nil }.count
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

private struct AlsoRecording: PageSource {
    let upstream: any PageSource
    let recorder: RecordingPageSource

    func page(at url: URL) async throws -> Data { try await resolvedPage(at: url).data }

    func resolvedPage(at url: URL) async throws -> ResolvedPage {
        try await RecordingPageSource.recording(url, from: upstream) { await recorder.record(url, $0) }
    }
}
