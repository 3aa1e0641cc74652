import Foundation
import NextWaveSupport
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
                reason: "\(problem.reason), so this version cannot read it; move it away or publish into another --out")
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

    /// Writes what `index` names and is not there yet, then the index, unless it lists exactly
    /// what `previous` lists (its `generatedAt` then stays, and nothing is written). Removes the
    /// files neither index names.
    mutating func publish(_ index: inout FeedIndex, previous: FeedIndex?, now: Date) throws -> (
        written: [String], removed: [String]
    ) {
        let named = Self.files(index)
        if let previous {
            var same = index
            same.generatedAt = previous.generatedAt
            if same == previous, named.allSatisfy(exists) {
                index = previous
                AtomicFileWriter.settle(folder)
                return ([], [])
            }
        }
        let new = named.filter { !exists($0) }.sorted()
        try AtomicFileWriter.writeAll(
            new.compactMap { name in staged[name].map { (folder.appendingPathComponent(name), $0) } })
        index.generatedAt = ISO8601DateFormatter().string(from: now)
        try AtomicFileWriter.write(try StableJSON.encode(index), to: folder.appendingPathComponent("index.json"))
        let keep = named.union(previous.map(Self.files) ?? [])
        var removed: [String] = []
        for name in Self.published(in: folder) where !keep.contains(name) {
            try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))
            removed.append(name)
        }
        return (new + ["index.json"], removed.sorted())
    }

    /// Every file an index names.
    static func files(_ index: FeedIndex) -> Set<String> {
        Set(index.lakes.flatMap { $0.days.map(\.file) + $0.ratings.map(\.file) })
    }

    /// The content-addressed files in the site (`<folder>/<name>.<16 hex>.json`, one level
    /// down): what a run may remove. Nothing else there is touched.
    static func published(in folder: URL) -> [String] {
        let manager = FileManager.default
        guard let folders = try? manager.contentsOfDirectory(atPath: folder.path) else { return [] }
        var out: [String] = []
        for sub in folders {
            var isDirectory: ObjCBool = false
            guard manager.fileExists(atPath: folder.appendingPathComponent(sub).path, isDirectory: &isDirectory),
                isDirectory.boolValue,
                let files = try? manager.contentsOfDirectory(atPath: folder.appendingPathComponent(sub).path)
            else { continue }
            for file in files where isContentAddressed(file) { out.append("\(sub)/\(file)") }
        }
        return out
    }

    static func isContentAddressed(_ file: String) -> Bool {
        let parts = file.split(separator: ".")
        guard parts.count >= 3, parts.last == "json" else { return false }
        let hash = parts[parts.count - 2]
        return hash.count == 16 && hash.allSatisfy(\.isHexDigit)
    }

    /// A lake's folder name (`zurichsee`, `lac-leman`; "lake" for a name with no letter).
    static func slug(_ lake: String) -> String {
        let slug = TextKey.slug(lake)
        return slug.isEmpty ? "lake" : slug
    }
}
