import CSVText
internal import CZlibCRC
public import Foundation
import JobContract
import SafeFiles
import ThreadTools
import ZIPFoundation

/// A GTFS feed: a ZIP file or a directory of `.txt` tables. Tables are read as streams of
/// chunks, never whole, so a 3 GB `stop_times.txt` costs one chunk of memory.
@_spi(Benchmarks) public struct GTFSFeed {
    public let url: URL
    private let archive: Archive?

    /// Bytes per chunk handed to the CSV parser.
    static let chunkSize = 1 << 20

    @_spi(Benchmarks) public init(url: URL) throws {
        self.url = url
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
            throw ArchiveError.unreadable(path: url.path, reason: "no such GTFS feed (ZIP file or directory)")
        }
        if isDirectory.boolValue {
            archive = nil
        } else {
            // A FIFO or a device would block or never end the ZIP reader.
            do { try BoundedFile.openRegular(url, what: "GTFS feed").close() } catch let problem as FileProblem {
                throw ArchiveError.unreadable(problem)
            }
            do {
                archive = try Archive(url: url, accessMode: .read, pathEncoding: nil)
            } catch {
                throw ArchiveError.unreadable(path: url.path, reason: Self.zipProblem(error), kind: .badData)
            }
        }
    }

    /// Why the ZIP reader refused a file, in words (its error names only a case).
    static func zipProblem(_ error: Error) -> String {
        switch error as? Archive.ArchiveError {
        case .missingEndOfCentralDirectoryRecord?:
            "not a ZIP archive: it has no ZIP directory at its end (another kind of file, or a download cut short)"
        case .invalidCentralDirectoryOffset?, .invalidCentralDirectorySize?, .invalidCentralDirectoryEntryCount?:
            "not a readable ZIP archive: its ZIP directory is damaged (a download cut short?)"
        default: "not a readable ZIP archive (\(error))"
        }
    }

    /// Whether the feed has `table` (e.g. `calendar_dates.txt`).
    /// A folder where a table belongs counts as present, so that reading it fails with its name.
    package func has(_ table: String) -> Bool {
        if let archive { return entry(table, in: archive) != nil || folder(table, in: archive) != nil }
        return FileManager.default.fileExists(atPath: url.appendingPathComponent(table).path)
    }

    /// Where a table is, for messages: `feed.zip:stop_times.txt`.
    package func location(of table: String) -> String {
        archive == nil ? url.appendingPathComponent(table).path : "\(url.path):\(table)"
    }

    /// Streams the records of `table`. The first record (the header) is handed over as well.
    /// - Parameter filter: hands out only the records it accepts once active (the handler may
    ///   activate it from the header); see `CSVFilter`.
    func forEachRecord(in table: String, filter: CSVFilter? = nil, _ handler: (CSVRecord) throws -> Void) throws {
        var parser = CSVStreamParser()
        do {
            try forEachChunk(in: table) { chunk in
                // As typed bytes, so that the parser reads them where they lie.
                let bytes = UnsafeBufferPointer(
                    start: chunk.baseAddress?.assumingMemoryBound(to: UInt8.self), count: chunk.count)
                try parser.feed(bytes, filter: filter, handler)
            }
            try parser.finish(filter: filter, handler)
        } catch let long as CSVStreamParser.RecordTooLong {
            throw ArchiveError.gtfs(file: location(of: table), line: long.line, reason: long.description)
        }
    }

    /// Streams the bytes of `table` in chunks of about ``chunkSize``. From a ZIP, the entry is
    /// inflated on a second thread while `body` runs on this one (at most four chunks ahead), and its CRC-32 is checked at the end.
    func forEachChunk(in table: String, _ body: (UnsafeRawBufferPointer) throws -> Void) throws {
        guard let archive else {
            let path = url.appendingPathComponent(table)
            guard FileManager.default.fileExists(atPath: path.path) else {
                throw ArchiveError.gtfs(file: path.path, line: nil, reason: "table missing from the feed")
            }
            let handle: FileHandle
            do { handle = try BoundedFile.openRegular(path, what: "GTFS table") } catch let problem as FileProblem {
                throw ArchiveError.gtfs(file: path.path, line: nil, reason: problem.reason)
            }
            defer { try? handle.close() }
            while let chunk = try handle.read(upToCount: Self.chunkSize), !chunk.isEmpty {
                try chunk.withUnsafeBytes(body)
            }
            return
        }
        guard let entry = entry(table, in: archive) else {
            let reason =
                folder(table, in: archive) != nil
                ? "is a folder in the ZIP, not a table; the feed is damaged" : "table missing from the feed"
            throw ArchiveError.gtfs(file: location(of: table), line: nil, reason: reason)
        }
        let pipe = BoundedPipe<Data>(depth: 4)
        let inflater = Inflater(archive: archive, entry: entry, pipe: pipe)
        let thread = DedicatedThread(name: "inflate \(table)") { inflater.run() }
        // The inflating thread reads the archive: it has ended before this returns or throws.
        defer {
            pipe.cancel()
            thread.join()
        }
        do {
            while let chunk = try pipe.take() { try chunk.withUnsafeBytes(body) }
        } catch let error as ArchiveError {
            throw error
        } catch let long as CSVStreamParser.RecordTooLong {
            throw long
        } catch let error where pipe.failed {
            throw ArchiveError.gtfs(
                file: location(of: table), line: nil, reason: "cannot decompress (\(error)); the ZIP is damaged")
        }
        let crc = inflater.crc
        guard UInt32(truncatingIfNeeded: crc) == entry.checksum else {
            throw ArchiveError.gtfs(file: location(of: table), line: nil, reason: "CRC-32 mismatch; the ZIP is damaged")
        }
    }

    /// The table's file entry (a folder entry of that name is not one).
    private func entry(_ table: String, in archive: Archive) -> Entry? {
        func named(_ e: Entry) -> Bool { e.path.split(separator: "/").last.map(String.init) == table }
        if let exact = archive[table], exact.type == .file { return exact }
        return archive.first { $0.type == .file && named($0) }
    }

    /// A folder entry where the table belongs.
    private func folder(_ table: String, in archive: Archive) -> Entry? {
        archive.first { $0.type == .directory && $0.path.split(separator: "/").last.map(String.init) == table }
    }
}

/// Inflates one ZIP entry into a pipe (run on its own thread).
private final class Inflater: @unchecked Sendable {
    // The archive is read by this thread only while the parsing thread waits for it to end.
    let archive: Archive
    let entry: Entry
    let pipe: BoundedPipe<Data>

    init(archive: Archive, entry: Entry, pipe: BoundedPipe<Data>) {
        self.archive = archive
        self.entry = entry
        self.pipe = pipe
    }

    /// The CRC-32 of what was inflated: complete once the pipe has ended. ZIPFoundation's own is
    /// a byte loop in Swift that cost more than inflating; zlib's crc32 computes the same sum.
    private(set) var crc: uLong = crc32(0, nil, 0)

    func run() {
        do {
            _ = try archive.extract(entry, bufferSize: GTFSFeed.chunkSize, skipCRC32: true) { chunk in
                chunk.withUnsafeBytes { raw in
                    if let base = raw.bindMemory(to: Bytef.self).baseAddress {
                        self.crc = crc32(self.crc, base, uInt(raw.count))
                    }
                }
                try self.pipe.put(chunk)
            }
            pipe.finish(nil)
        } catch {
            pipe.finish(error)
        }
    }
}
