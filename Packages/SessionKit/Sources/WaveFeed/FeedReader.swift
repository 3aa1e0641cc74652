public import Foundation

/// Reads a wave feed (`nextwave feed`) from a folder or from bytes fetched over HTTP, with the
/// same bounds and checks either way. Foundation only.
///
/// ```swift
/// let feed = try FeedReader(folder: URL(fileURLWithPath: "site"))
/// let day = try feed.day(lake: "Zürichsee", date: "2026-09-23")
/// for wave in day?.waves(atStation: "8503674") ?? [] { print(wave.time, wave.ship ?? "?") }
/// ```
public struct FeedReader: Sendable {
    /// The largest index read, bytes (1 MiB: a thousand lakes' worth of days).
    public static let maximumIndexBytes = 1 << 20
    /// The largest day file read, bytes (16 MiB: a hundred thousand waves).
    public static let maximumDayBytes = 16 << 20

    /// What went wrong, in words, with the file.
    public struct Problem: Error, CustomStringConvertible, Equatable {
        public let file: String
        public let reason: String
        public var description: String { "\(file): \(reason)" }
    }

    /// The feed's index.
    public let index: FeedIndex
    /// Where the files are: a folder (nil when the reader was made from bytes).
    public let folder: URL?

    /// Reads `index.json` in `folder`.
    public init(folder: URL) throws {
        let file = folder.appendingPathComponent("index.json")
        let index = try Self.decodeIndex(try Self.read(file, limit: Self.maximumIndexBytes), from: file.path)
        self.init(index: index, folder: folder)
    }

    /// An index already fetched (the files are then fetched by the caller and read with
    /// ``decodeDay(_:from:)``).
    public init(index: FeedIndex, folder: URL? = nil) {
        self.index = index
        self.folder = folder
    }

    /// Decodes index bytes.
    /// - Throws: ``Problem`` when they are too large, not an index, or of a later format.
    public static func decodeIndex(_ data: Data, from file: String = "index.json") throws -> FeedIndex {
        guard data.count <= maximumIndexBytes else { throw Problem(file: file, reason: "larger than 1 MiB; refused") }
        let index: FeedIndex
        do { index = try JSONDecoder().decode(FeedIndex.self, from: data) } catch {
            throw Problem(file: file, reason: "not a feed index: \(Self.words(for: error))")
        }
        guard index.schemaVersion <= FeedIndex.currentVersion else {
            throw Problem(
                file: file,
                reason: "feed format \(index.schemaVersion) is newer than this reader's \(FeedIndex.currentVersion)")
        }
        for lake in index.lakes {
            for name in lake.days.map(\.file) + lake.ratings.map(\.file) where !isConfined(name) {
                throw Problem(file: file, reason: "names \"\(name)\", which is not a file of the feed's folder")
            }
        }
        return index
    }

    /// Decodes a day file's bytes.
    /// - Throws: ``Problem`` when they are too large or not a day of the feed.
    public static func decodeDay(_ data: Data, from file: String) throws -> FeedDay {
        guard data.count <= maximumDayBytes else { throw Problem(file: file, reason: "larger than 16 MiB; refused") }
        do { return try JSONDecoder().decode(FeedDay.self, from: data) } catch {
            throw Problem(file: file, reason: "not a day of waves: \(Self.words(for: error))")
        }
    }

    /// A decoding error in a line that names the field ("missing field lakes[0].days"), not
    /// JSONDecoder's own dump of its coding keys.
    static func words(for error: Error) -> String {
        guard let error = error as? DecodingError else { return "\(error)" }
        func field(_ keys: [CodingKey]) -> String {
            keys.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined().trimmingCharacters(
                in: CharacterSet(charactersIn: "."))
        }
        switch error {
        case .keyNotFound(let key, let context): return "missing field \(field(context.codingPath + [key]))"
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            return context.codingPath.isEmpty
                ? "invalid JSON" : "\(field(context.codingPath)): \(context.debugDescription)"
        @unknown default: return "\(error)"
        }
    }

    /// The waves of `lake` on `date` (`YYYY-MM-DD`), read from the folder; nil when the feed
    /// has no waves for that lake and day.
    /// - Throws: ``Problem`` for an unknown lake (naming the lakes there are) or a file that
    ///   cannot be read.
    public func day(lake: String, date: String) throws -> FeedDay? {
        guard let entry = index.lake(named: lake) else {
            throw Problem(
                file: "index.json",
                reason: "no lake \"\(lake)\"; the feed has \(index.lakes.map(\.name).joined(separator: ", "))")
        }
        guard let day = entry.days.first(where: { $0.date == date }) else { return nil }
        guard let folder else { throw Problem(file: day.file, reason: "the reader was made without a folder") }
        let url = folder.appendingPathComponent(day.file)
        return try Self.decodeDay(try Self.read(url, limit: Self.maximumDayBytes), from: day.file)
    }

    /// The lake and station a text names: a UIC id, or a station's name (case and accents
    /// ignored; a unique prefix will do).
    public func station(_ text: String) -> (lake: FeedIndex.Lake, station: FeedIndex.Station)? {
        let all = index.lakes.flatMap { lake in lake.stations.map { (lake: lake, station: $0) } }
        if let byId = all.first(where: { $0.station.id == text }) { return byId }
        let key = FeedText.fold(text)
        if let exact = all.first(where: { FeedText.fold($0.station.name) == key }) { return exact }
        let prefixed = all.filter { FeedText.fold($0.station.name).hasPrefix(key) }
        return prefixed.count == 1 ? prefixed[0] : nil
    }

    /// A file name of the feed: relative, one or two plain segments (`zurichsee/2026-09-22.…json`),
    /// no `..`, no absolute path.
    public static func isConfined(_ name: String) -> Bool {
        let parts = name.split(separator: "/", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count) else { return false }
        return parts.allSatisfy { part in
            !part.isEmpty && part != "." && part != ".."
                && part.unicodeScalars.allSatisfy {
                    CharacterSet.alphanumerics.contains($0) || "._-".unicodeScalars.contains($0)
                }
        }
    }

    static func read(_ url: URL, limit: Int) throws -> Data {
        let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? nil
        if let size, size > limit {
            throw Problem(file: url.lastPathComponent, reason: "\(size) bytes, more than the \(limit >> 20) MiB read")
        }
        do { return try Data(contentsOf: url) } catch {
            throw Problem(file: url.path, reason: "cannot be read (\(error.localizedDescription))")
        }
    }
}
