import CivilTime
import Foundation
import JSONText
import SafeFiles
import SessionReports
import TextFormats
import WaveFeed

/// The folder a feed is published into: content-addressed files staged during a run, then
/// written (only those not there yet), the index last, and files no index names any more
/// removed (``FeedJob``).
struct FeedSite {
    let folder: URL
    private var staged: [String: Data] = [:]

    init(folder: URL) { self.folder = folder }

    /// The index published there now; nil when there is none.
    /// - Throws: ``FileProblem`` when there is one that cannot be read: a run never replaces a
    ///   feed it cannot understand.
    func previousIndex() throws -> FeedIndex? {
        let url = folder.appendingPathComponent("index.json")
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        let data = try BoundedFile.read(url, limit: FeedReader.maximumIndexBytes, what: "feed index")
        do { return try FeedReader.decodeIndex(data, from: url.path) } catch let problem as FeedReader.Problem {
            throw FileProblem(
                path: url.path,
                reason: "\(problem.reason), so this version cannot read it; move it away or publish into another folder"
            )
        }
    }

    /// `stem.<16 hex digits of SHA-256>.json`, staged for writing; the name, relative to the site.
    mutating func stage(_ data: Data, as stem: String) throws -> String {
        let name = "\(stem).\(SHA256.hex(data).prefix(16)).json"
        staged[name] = data
        return name
    }

    func exists(_ name: String) -> Bool {
        FeedReader.isConfined(name) && FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path)
    }

    /// Whether the file is there with the bytes whose SHA-256 is `sha256` (a file kept from an
    /// earlier run is used only intact).
    func intact(_ name: String, sha256: String) -> Bool {
        guard FeedReader.isConfined(name),
            let data = try? BoundedFile.read(
                folder.appendingPathComponent(name), limit: FeedReader.maximumDayBytes, what: "feed file")
        else { return false }
        return SHA256.hex(data) == sha256
    }

    /// The staged files of `names` that are on disk with other bytes (damaged, truncated, edited):
    /// a run writes them again.
    func damaged(_ names: Set<String>) -> [String] {
        StagedRepair.damaged(staged.filter { names.contains($0.key) }) { name in
            guard exists(name) else { return nil }
            // A file that cannot be read (over the limit, not a file) is damaged too: empty bytes.
            return
                (try? BoundedFile.read(
                    folder.appendingPathComponent(name), limit: FeedReader.maximumDayBytes, what: "feed file"))
                ?? Data()
        }
    }

    /// Writes what `index` names and is not there yet, then the pages `render` makes of the
    /// index and the index itself, as one set (the index last), unless the index lists exactly
    /// what `previous` lists (its `generatedAt` then stays) and every page is as it would be
    /// written. Removes the files neither index names, and the pages of lakes and stations the
    /// index no longer has.
    mutating func publish(
        _ index: inout FeedIndex, previous: FeedIndex?, now: Date, render: (FeedIndex) throws -> [String: Data]
    ) throws -> (written: [String], removed: [String], repaired: [String]) {
        let named = Self.files(index)
        // A file the index names whose bytes on disk are not the ones staged is written again.
        let repaired = damaged(named)
        var indexChanged = true
        if let previous {
            var same = index
            same.generatedAt = previous.generatedAt
            if same == previous, named.allSatisfy(exists) {
                index = previous
                indexChanged = false
            }
        }
        AtomicFileWriter.settle(folder)
        let new = ((indexChanged ? named.filter { !exists($0) } : []) + repaired).sorted()
        if indexChanged { index.generatedAt = ISO8601DateFormatter().string(from: now) }
        // The pages are made of the index and the staged files, before anything is written.
        let pages = try render(index)
        // Every folder a file goes into is a real folder of the site: a link there would carry
        // the writes, and the clean-up's removals, somewhere else.
        for path in Array(named) + Array(pages.keys) + ["index.json"] {
            try OutputTree.check(folder.appendingPathComponent(path), below: folder)
        }
        try AtomicFileWriter.writeAll(
            new.compactMap { name in staged[name].map { (folder.appendingPathComponent(name), $0) } })
        // The pages, then the index, in one set: a reader finds both old or both new.
        let changedPages = pages.filter { path, data in
            (try? BoundedFile.read(folder.appendingPathComponent(path), limit: 64 << 20, what: "page")) != data
        }.sorted { $0.key < $1.key }
        var writes = changedPages.map { (folder.appendingPathComponent($0.key), $0.value) }
        if indexChanged {
            writes.append((folder.appendingPathComponent("index.json"), try StableJSON.encode(index)))
        }
        if !writes.isEmpty { try AtomicFileWriter.writeAll(writes) }
        var removed: [String] = []
        if indexChanged {
            let keep = named.union(previous.map(Self.files) ?? [])
            for name in Self.published(in: folder) where !keep.contains(name) {
                if OutputTree.removeFile(folder.appendingPathComponent(name), below: folder) { removed.append(name) }
            }
        }
        for path in Self.pages(in: folder) where pages[path] == nil {
            if OutputTree.removeFile(folder.appendingPathComponent(path), below: folder) { removed.append(path) }
        }
        return (new + changedPages.map(\.key) + (indexChanged ? ["index.json"] : []), removed.sorted(), repaired)
    }

    /// The bytes of a day or table file of the site: staged by this run, else on disk.
    func contents(of name: String) -> Data? {
        if let data = staged[name] { return data }
        guard FeedReader.isConfined(name) else { return nil }
        return try? BoundedFile.read(
            folder.appendingPathComponent(name), limit: FeedReader.maximumDayBytes, what: "feed file")
    }

    /// The pages of the site (``SessionReports/SitePages/isPage(_:)``), by path: what a run may
    /// remove when its lake or station is gone.
    static func pages(in folder: URL) -> [String] {
        let manager = FileManager.default
        var out: [String] = []
        for language in SitePages.languages.map(\.rawValue) {
            let root = folder.appendingPathComponent(language)
            guard OutputTree.isRealFolder(root.path), let top = try? manager.contentsOfDirectory(atPath: root.path)
            else { continue }
            for name in top {
                let path = root.appendingPathComponent(name)
                var isFolder: ObjCBool = false
                guard manager.fileExists(atPath: path.path, isDirectory: &isFolder) else { continue }
                // A link to a folder is not the site's: nothing below it is listed (or removed).
                if isFolder.boolValue && !OutputTree.isRealFolder(path.path) { continue }
                if !isFolder.boolValue {
                    if SitePages.isPage("\(language)/\(name)") { out.append("\(language)/\(name)") }
                    continue
                }
                for file in (try? manager.contentsOfDirectory(atPath: path.path)) ?? []
                where SitePages.isPage("\(language)/\(name)/\(file)") {
                    out.append("\(language)/\(name)/\(file)")
                }
            }
        }
        return out
    }

    /// Every file an index names.
    static func files(_ index: FeedIndex) -> Set<String> {
        Set(index.lakes.flatMap { $0.days.map(\.file) + $0.ratings.map(\.file) })
    }

    /// The files of the site a feed run writes, one level down, and only those: what a run may
    /// remove. A lake's day (`<lake>/<YYYY-MM-DD>.<16 hex>.json`) and an operator's table
    /// (`ratings/<id>.<16 hex>.json`); never a table a publishing manifest there names
    /// (`ratings publish --to SITE/ratings` puts `ship-ratings.<hash>.json` beside the feed's),
    /// nor anything else.
    static func published(in folder: URL) -> [String] {
        let manager = FileManager.default
        guard let folders = try? manager.contentsOfDirectory(atPath: folder.path) else { return [] }
        var out: [String] = []
        for sub in folders {
            let subfolder = folder.appendingPathComponent(sub)
            // Real folders only: a link to a folder elsewhere is not the site's.
            guard OutputTree.isRealFolder(subfolder.path),
                let files = try? manager.contentsOfDirectory(atPath: subfolder.path)
            else { continue }
            let manifested = manifestCurrent(in: subfolder)
            for file in files where file != manifested {
                guard let stem = contentAddressedStem(file) else { continue }
                if sub == "ratings" ? stem != "ship-ratings" && TextKey.slug(stem) == stem : LocalDate(iso: stem) != nil
                {
                    out.append("\(sub)/\(file)")
                }
            }
        }
        return out
    }

    /// The file `manifest.json` in `folder` names as current, if there is one.
    static func manifestCurrent(in folder: URL) -> String? {
        struct Manifest: Decodable { var current: String }
        let url = folder.appendingPathComponent("manifest.json")
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        return try? JSONFile.decode(Manifest.self, at: url, what: "publishing manifest", limit: BoundedFile.tableLimit)
            .current
    }

    /// `stem` of `stem.<16 hex>.json`; nil for any other name.
    static func contentAddressedStem(_ file: String) -> String? {
        let parts = file.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[2] == "json", parts[1].count == 16,
            parts[1].allSatisfy({ $0.isHexDigit && !$0.isUppercase }), !parts[0].isEmpty
        else { return nil }
        return String(parts[0])
    }

    /// A lake's folder name (`zurichsee`, `lac-leman`; "lake" for a name with no letter).
    static func slug(_ lake: String) -> String {
        let slug = TextKey.slug(lake)
        return slug.isEmpty ? "lake" : slug
    }
}
