import Foundation
import Testing

/// The wave feed's example client (Examples/FeedClient, `feed-client`, SessionKit alone), built
/// by this package's build, run on a feed folder as an app reads one: it lists exactly the day's
/// waves at the station, each with its time, destination, daylight and wave id. The expected
/// waves are read from the feed's JSON here with JSONSerialization, not with the client's reader.
/// The feed (Fixtures/site) is two days of the repository's archive as `nextwave feed
/// --from 2026-09-22 --days 2` writes them.
@Suite struct FeedClientExampleTests {
    static let site = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/site")

    static var binary: URL? {
        [
            Bundle.main.bundleURL.appendingPathComponent("feed-client"),
            Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("feed-client"),
        ].first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    static func run(_ arguments: [String]) throws -> (status: Int32, out: String, err: String) {
        let binary: URL = try #require(Self.binary, "the build makes feed-client beside the tests")
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let errors = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text, errors)
    }

    static func json(_ relative: String) throws -> [String: Any] {
        let data = try Data(contentsOf: site.appendingPathComponent(relative))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    @Test func theClientListsTheDaysWavesAtAStation() throws {
        let result = try Self.run([Self.site.path, "Wädenswil", "--date", "2026-09-23"])
        #expect(result.status == 0, "\(result.err)")
        let lakes = try #require(try Self.json("index.json")["lakes"] as? [[String: Any]])
        let lake = try #require(lakes.first { $0["name"] as? String == "Zürichsee" })
        let days = try #require(lake["days"] as? [[String: Any]])
        let file = try #require(days.first { $0["date"] as? String == "2026-09-23" }?["file"] as? String)
        let all = try #require(try Self.json(file)["waves"] as? [[String: Any]])
        let waves = all.filter { $0["stationName"] as? String == "Wädenswil (See)" }
        let lines = result.out.split(separator: "\n").map(String.init)
        #expect(!waves.isEmpty)
        #expect(lines.first == "Wädenswil (See) (Zürichsee), 2026-09-23: \(waves.count) waves")
        #expect(lines.count == waves.count + 1)
        for (wave, line) in zip(waves, lines.dropFirst()) {
            let id = try #require(wave["waveId"] as? String)
            let time = try #require(wave["time"] as? String)
            let destination = try #require(wave["destination"] as? String)
            let daylight = try #require(wave["daylight"] as? String)
            #expect(line.hasSuffix("[\(id)]"), "\(line)")
            #expect(line.contains(String(time.dropFirst(11).prefix(5))), "\(line)")
            #expect(line.contains("→ \(destination)"), "\(line)")
            // Daylight is said only when it is not day.
            #expect(line.contains("(\(daylight))") == (daylight != "day"), "\(line)")
        }
    }

    @Test func anUnknownStationOrDateIsRefused() throws {
        let station = try Self.run([Self.site.path, "Atlantis", "--date", "2026-09-23"])
        #expect(station.status == 64 && station.err.contains("no station \"Atlantis\""), "\(station.err)")
        let date = try Self.run([Self.site.path, "Wädenswil", "--date", "23.09.2026"])
        #expect(date.status == 64 && date.err.contains("--date takes YYYY-MM-DD"), "\(date.err)")
    }
}
