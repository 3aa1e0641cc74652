import FleetScraper
import Foundation
import JobContract
import RatingsPipeline
import ShipRatingTable
import Testing
import ThreadTools
import _TestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// The ratings pipelines run in this process on temporary folders: what they write is checked
/// against independent values (the legacy script's real output, the legacy formulas by hand).
@Suite struct RatingsJobInProcessTests {
    /// The bundled snapshot of the operator's pages and the bundled fleet file.
    let bundled = FleetSource(
        pages: .snapshot(directory: RepositoryPaths.snapshot, name: "zsg-2025-01-14"), fleet: RepositoryPaths.fleet,
        fleetReference: "Data/fleet.json")

    func input(out: URL) -> RatingsJob.Input {
        RatingsJob.Input(source: bundled, out: out, outName: "out", appRatings: RepositoryPaths.appRatings)
    }

    @Test func theJobWritesTheLegacyScriptsOutputByteForByte() async throws {
        let out = RepositoryPaths.temporaryDirectory()
        let result = try await RatingsJob(input(out: out)).run()
        #expect(result.written.contains(RatingsJob.outputs.legacyCSV))
        let written = try Data(contentsOf: out.appendingPathComponent(RatingsJob.outputs.legacyCSV))
        #expect(written == (try Data(contentsOf: RepositoryPaths.legacyCSV)))
    }

    @Test func aSecondRunOnTheSameInputsWritesNothing() async throws {
        let out = RepositoryPaths.temporaryDirectory()
        _ = try await RatingsJob(input(out: out)).run()
        let table = out.appendingPathComponent(RatingsJob.outputs.table)
        let before = try Data(contentsOf: table)
        let again = try await RatingsJob(input(out: out)).run()
        #expect(again.written.isEmpty && again.unchanged)
        #expect(try Data(contentsOf: table) == before)
    }

    /// An unchanged table after a renderer changed (simulated: the chart and the CSV as an older
    /// version left them): those two are rewritten with what a fresh run into an empty folder
    /// writes, while the table and ratings.md (the record of the last change) stay byte for byte.
    @Test func anUnchangedTableStaysButItsChartAndCSVFollowTheRenderer() async throws {
        let out = RepositoryPaths.temporaryDirectory()
        _ = try await RatingsJob(input(out: out)).run()
        let names = RatingsJob.outputs
        let file = { (name: String) in out.appendingPathComponent(name) }
        try Data("<svg>an older chart</svg>\n".utf8).write(to: file(names.chart))
        try Data("an older csv\n".utf8).write(to: file(names.csv))
        try Data("the record of the last change\n".utf8).write(to: file(names.markdown))
        let table = try Data(contentsOf: file(names.table))
        let again = try await RatingsJob(input(out: out)).run()
        #expect(again.unchanged && Set(again.written) == [names.chart, names.csv], "\(again.written)")
        #expect(again.outcome(out: "out", publish: nil).first?.contains("unchanged; rewrote") == true)
        let fresh = RepositoryPaths.temporaryDirectory()
        _ = try await RatingsJob(input(out: fresh)).run()
        for name in [names.chart, names.csv, names.legacyCSV] {
            #expect(try Data(contentsOf: file(name)) == Data(contentsOf: fresh.appendingPathComponent(name)), "\(name)")
        }
        #expect(try Data(contentsOf: file(names.table)) == table)
        #expect(try Data(contentsOf: file(names.markdown)) == Data("the record of the last change\n".utf8))
        // Nothing left to refresh: nothing written.
        #expect(try await RatingsJob(input(out: out)).run().written.isEmpty)
        // What stands there is read bounded: a (sparse) file of 65 MiB in the chart's place is
        // not read whole, and is replaced.
        let huge = try FileHandle(forWritingTo: file(names.chart))
        try huge.truncate(atOffset: 65 << 20)
        try huge.close()
        #expect(try await RatingsJob(input(out: out)).run().written == [names.chart])
        #expect(try Data(contentsOf: file(names.chart)) == Data(contentsOf: fresh.appendingPathComponent(names.chart)))
        // And as a regular file only: a FIFO there, which a plain read would wait on for ever,
        // ends the run with the writer's own refusal of a FIFO nobody reads (as a full run's).
        try FileManager.default.removeItem(at: file(names.chart))
        #expect(mkfifo(file(names.chart).path, 0o600) == 0)
        do {
            _ = try await RatingsJob(input(out: out)).run()
            Issue.record("a FIFO in an output's place was written as if it were a file")
        } catch {
            #expect("\(error)".contains("is a FIFO nobody reads"), "\(error)")
        }
    }

    @Test func theGridStreamsTheLegacyFiguresOfEveryCell() async throws {
        let chunks = Locked<[String]>([])
        let job = GridJob(
            .init(
                source: bundled, speedsKmh: [18, 25], trackDepthsM: [3, 10],
                output: .stream { chunk in chunks.withLock { $0.append(chunk) } }))
        let shape = try await job.run()
        let lines = chunks.withLock { $0.joined() }.split(separator: "\n").map(String.init)
        #expect(lines.count == shape.rows + 1 && shape.speeds == 2 && shape.depths == 2)
        // MS Panta Rhei (56.6 × 10.7 m, 382 t) at 25 km/h over 3 m: H = 0.04·D·v²/(L·B), times
        // 1 + (Fr_h − 0.7) in shallow water (Fr_h = v/√(g h) = 1.28), by hand.
        let v = 25 / 3.6
        let height = 0.04 * 382 * v * v / (56.6 * 10.7) * (1 + (v / (9.81 * 3).squareRoot() - 0.7))
        let header = lines[0].split(separator: ",").map(String.init)
        let column = try #require(header.firstIndex { $0.hasPrefix("waveHeight") })
        let row = try #require(lines.first { $0.contains("Panta Rhei") && $0.contains(",25.0,3.0,") })
        let cell = try #require(Double(row.split(separator: ",")[column]))
        #expect(abs(cell - height) <= 1e-9 * height, "\(row)")
    }

    /// A library client's `ratings.md` names no command-line option: its pointers to other runs
    /// (the other model, the riders' rating, measured speeds) are the plain wording's, and the
    /// run's own wording reaches every one of them.
    @Test func aLibraryClientsReportNamesNoOption() async throws {
        func wake(out: URL) -> RatingsJob.Input {
            var input = input(out: out)
            input.model = .wake
            input.courseSpeeds = RepositoryPaths.layout.courseSpeeds
            return input
        }
        let out = RepositoryPaths.temporaryDirectory()
        let plain = wake(out: out)
        _ = try await RatingsJob(plain).run()
        let report = try String(contentsOf: out.appendingPathComponent(RatingsJob.outputs.markdown), encoding: .utf8)
        #expect(namesAFlag("rated by (`--model wake`)") && !namesAFlag("a range 10--20, x = -1"), "the check can fail")
        #expect(!namesAFlag(report), "a flag in the plain report")
        #expect(report.contains("Rating: the distance-aware wake model's (the ratings job's `model`: `.wake`)"))
        #expect(report.contains("and change a riders' rating: give NAME the riders' rating in the fleet file"))
        #expect(report.contains("To measure their speeds, archive the courses they run, then fit their speeds"))
        // A ship whose speed range spans a threshold says how to measure its speed, and nothing in
        // the report or the table names a command.
        #expect(report.contains("; to measure its speed, archive the courses they run, then fit their speeds"))
        let table = try String(contentsOf: out.appendingPathComponent(RatingsJob.outputs.table), encoding: .utf8)
        #expect(!table.contains("nextwave ") && !report.contains("nextwave "))

        struct Marked: RemedyWording {
            func words(for remedy: FleetRemedy) -> String { "<\(remedy)>" }
        }
        let other = RepositoryPaths.temporaryDirectory()
        var marked = wake(out: other)
        marked.wording = Marked()
        _ = try await RatingsJob(marked).run()
        let text = try String(contentsOf: other.appendingPathComponent(RatingsJob.outputs.markdown), encoding: .utf8)
        #expect(text.contains("wake model's (<rateWithModel(wake-ensemble)>)"))
        #expect(text.contains("change a riders' rating: <setRiderRating(ship: \"NAME\")>."))
        #expect(text.contains("To measure their speeds, <measureSpeeds>."))
        #expect(text.contains("; to measure its speed, <measureSpeeds>"))
    }

    @Test func aJobRefusesItsInputBeforeReadingAnything() async throws {
        let nowhere = URL(fileURLWithPath: "/nonexistent/fleet.json")
        let job = GridJob(
            .init(
                source: FleetSource(
                    pages: .snapshot(directory: URL(fileURLWithPath: "/nonexistent"), name: "none"), fleet: nowhere,
                    fleetReference: "none"),
                speedsKmh: [0], trackDepthsM: [10], output: .stream { _ in }))
        #expect(throws: InvalidInput(field: "speedsKmh", value: "0", accepted: "1…100 km/h")) { try job.validate() }
        await expectJobFailure(InvalidInput(field: "speedsKmh", value: "0", accepted: "1…100 km/h"), kind: .usage) {
            try await job.run()
        }
    }
}
