import CivilTime
import Foundation
import Testing
import _TestSupport

@testable import CSVText
@_spi(Benchmarks) @testable import ScheduleArchive

/// The GTFS import's bounds and line ends: a station number beyond 32 bits, CR-only line ends,
/// an empty import, a feed expanding past the departure limit, an overlong line (found by the
/// second hardening round, docs/RELIABILITY.md).
@Suite struct GTFSImportBoundsTests {
    static let fixture = GTFSImportTests.fixture

    /// A copy of the mini feed with `changes` (file name → new content) applied.
    func feed(_ changes: [String: Data] = [:]) throws -> URL {
        let directory = RepositoryPaths.temporaryDirectory("gtfs2")
        for name in try FileManager.default.contentsOfDirectory(atPath: Self.fixture.path) {
            try FileManager.default.copyItem(
                at: Self.fixture.appendingPathComponent(name), to: directory.appendingPathComponent(name))
        }
        for (name, data) in changes { try data.write(to: directory.appendingPathComponent(name)) }
        return directory
    }

    func text(_ name: String) throws -> String {
        try String(contentsOf: Self.fixture.appendingPathComponent(name), encoding: .utf8)
    }

    @Test func aStationNumberBeyond32BitsIsANamedSkip() throws {
        let stops =
            try text("stops.txt") + "\"2147483648\",\"Nowhere\",\"47\",\"8\",\"\",\"\"\n"
            + "\"9999999999:0:1\",\"Nowhere 2\",\"47\",\"8\",\"\",\"Parent9999999999\"\n"
        let report = try GTFSImporter(agencies: ["194"]).run(
            feed: GTFSFeed(url: feed(["stops.txt": Data(stops.utf8)])), into: ScheduleStore(url: nil))
        #expect(report.departures == 12, "the rest imports as before")
        #expect(report.skipped.contains { $0.contains("stops.txt, line") && $0.contains("2147483648") })
        #expect(report.skipped.contains { $0.contains("9999999999") })
    }

    @Test func crOnlyLineEndsReadAsLines() throws {
        var changes: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: Self.fixture.path) {
            let lf = try text(name).replacingOccurrences(of: "\r\n", with: "\n")
            changes[name] = Data(lf.replacingOccurrences(of: "\n", with: "\r").utf8)
        }
        let report = try GTFSImporter(agencies: ["194"]).run(
            feed: GTFSFeed(url: feed(changes)), into: ScheduleStore(url: nil))
        #expect(report.departures == 12, "as with LF and CRLF")
        #expect(report.skipped.contains { $0.contains("stop_times.txt, line 15") }, "line numbers hold")
    }

    @Test func anEmptyImportNeverReplacesAGoodOne() throws {
        let directory = try feed()
        let store = try ScheduleStore(url: nil)
        _ = try GTFSImporter(agencies: ["194"]).run(feed: GTFSFeed(url: directory), into: store)
        // The same feed path, now with a stop_times.txt that holds no ship rows.
        try Data("trip_id,arrival_time,departure_time,stop_id,stop_sequence\n".utf8)
            .write(to: directory.appendingPathComponent("stop_times.txt"))
        let error = #expect(throws: ArchiveError.self) {
            try GTFSImporter(agencies: ["194"]).run(feed: GTFSFeed(url: directory), into: store)
        }
        #expect(error?.description.contains("the earlier import of it (12 departures) is kept") == true)
        #expect(try store.departureCount(path: directory.standardizedFileURL.path) == 12)
    }

    @Test func aFeedExpandingBeyondTheDepartureLimitIsRefusedBeforeBuilding() throws {
        // One ship trip of 2 departures a day for three years is small; 2,500 copies of it are
        // 5.5 million departures.
        var trips = try text("trips.txt")
        var stopTimes = "trip_id,arrival_time,departure_time,stop_id,stop_sequence\n"
        for n in 0..<2_500 {
            trips += "\"91-BAT-Z-j26-1\",\"ALL\",\"X\(n)\",\"x\",\"\(3000 + n)\",\"0\"\n"
            stopTimes += "\"X\(n)\",\"10:00:00\",\"10:00:00\",\"8503670:0:1\",\"1\"\n"
            stopTimes += "\"X\(n)\",\"10:30:00\",\"10:30:00\",\"8503665\",\"2\"\n"
            stopTimes += "\"X\(n)\",\"11:00:00\",\"11:00:00\",\"8503670:0:1\",\"3\"\n"
        }
        let calendar =
            try text("calendar.txt")
            + "\"ALL\",\"1\",\"1\",\"1\",\"1\",\"1\",\"1\",\"1\",\"20260101\",\"20281231\"\n"
        let error = #expect(throws: ArchiveError.self) {
            try GTFSImporter(agencies: ["194"]).run(
                feed: GTFSFeed(
                    url: feed([
                        "trips.txt": Data(trips.utf8), "stop_times.txt": Data(stopTimes.utf8),
                        "calendar.txt": Data(calendar.utf8),
                    ])), into: ScheduleStore(url: nil))
        }
        #expect(
            error?.description.contains("more than 5000000 ship departures") == true, "\(String(describing: error))")
        guard case .gtfsNeedsWindow? = error else {
            Issue.record("not a window-needed error: \(String(describing: error))")
            return
        }
    }

    @Test func aLineLongerThanTheLimitIsRefusedInLinearTime() throws {
        // 64 MiB without a line end: refused at 1 MiB, naming the file and line.
        let directory = try feed()
        let path = directory.appendingPathComponent("stop_times.txt")
        let handle = try FileHandle(forWritingTo: path)
        try handle.seekToEnd()
        let chunk = Data(repeating: UInt8(ascii: "x"), count: 1 << 20)
        for _ in 0..<64 { try handle.write(contentsOf: chunk) }
        try handle.close()
        let started = ContinuousClock.now
        let error = #expect(throws: ArchiveError.self) {
            try GTFSImporter(agencies: ["194"]).run(feed: GTFSFeed(url: directory), into: ScheduleStore(url: nil))
        }
        #expect(ContinuousClock.now - started < .seconds(60), "linear (about 0.1 s quiet); quadratic took minutes")
        #expect(error?.description.contains("stop_times.txt") == true)
        #expect(error?.description.contains("longer than 1024 KiB") == true, "\(String(describing: error))")
    }

    @Test func theCSVParserReadsEveryLineEndAndBoundsItsRecords() throws {
        func records(_ text: String, chunk: Int, limit: Int = 1 << 20) throws -> [[String]] {
            var parser = CSVStreamParser(maximumRecordBytes: limit)
            var out: [[String]] = []
            let bytes = Array(text.utf8)
            var start = 0
            while start < bytes.count {
                try parser.feed(bytes[start..<min(start + chunk, bytes.count)]) { r in
                    out.append((0..<r.count).map { r.string($0) })
                }
                start += chunk
            }
            try parser.finish { r in out.append((0..<r.count).map { r.string($0) }) }
            return out
        }
        let expected = [["a", "b"], ["c", "d"], ["e", "f"]]
        for text in ["a,b\nc,d\ne,f", "a,b\r\nc,d\r\ne,f\r\n", "a,b\rc,d\re,f\r", "a,b\rc,d\r\ne,f\n"] {
            for chunk in 1...4 {
                #expect(try records(text, chunk: chunk) == expected, "\(text.debugDescription) by \(chunk)")
            }
        }
        #expect(throws: CSVStreamParser.RecordTooLong.self) {
            try records("a,b\n" + String(repeating: "x", count: 100), chunk: 7, limit: 50)
        }
        #expect(throws: CSVStreamParser.RecordTooLong.self) {
            try records("a,b\n" + String(repeating: "x", count: 100) + "\n", chunk: 1000, limit: 50)
        }
    }
}
