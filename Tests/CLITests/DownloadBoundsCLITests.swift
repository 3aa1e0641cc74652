import Foundation
import Testing
import _TestSupport

/// The installed tool against hostile servers, with its default options (issue: hardening,
/// round 2): memory stays bounded against a decompression bomb, and a trickling server ends
/// the run within a minute, naming the URL.
@Suite struct DownloadBoundsCLITests {
    /// Runs `nextwave arguments…` under a Python parent that reports the child's peak resident
    /// memory (`getrusage(RUSAGE_CHILDREN).ru_maxrss`, KiB) on its last stderr line.
    func runMeasuringMemory(_ arguments: [String]) async throws -> (result: CLI.Result, peakKiB: Int) {
        let script = """
            from resource import getrusage, RUSAGE_CHILDREN
            from subprocess import run
            from sys import argv, exit, stderr
            code = run(argv[1:]).returncode
            print("peak-kib", getrusage(RUSAGE_CHILDREN).ru_maxrss, file=stderr)
            exit(code)
            """
        let result = try await CLI.runOffPool(
            ["python3", "-c", script, CLI.binary.path] + arguments, executable: URL(fileURLWithPath: "/usr/bin/env"))
        let line = result.stderr.split(separator: "\n").last { $0.hasPrefix("peak-kib ") }
        return (result, line.flatMap { Int($0.dropFirst(9)) } ?? -1)
    }

    @Test func aDecompressionBombStaysUnder256MiB() async throws {
        // 2 GiB of zeros in a few MB of gzip, for every page the run asks for.
        let bomb = Gzip.zeros(2 << 30)
        #expect(bomb.count < 16 << 20)
        let server = try LocalHTTPServer { _, _ in
            .init(headers: [("Content-Type", "text/html"), ("Content-Encoding", "gzip")], body: bomb)
        }
        defer { server.stop() }
        let out = RepositoryPaths.temporaryDirectory("bomb")
        let (result, peak) = try await runMeasuringMemory([
            "ratings", "--base-url", server.baseURL.absoluteString, "--out", out.path, "--no-progress",
        ])
        #expect(result.status == 65, "\(result.stderr)")
        #expect(result.stderr.contains("larger than 32 MiB"), "\(result.stderr)")
        #expect(result.stderr.contains(server.baseURL.absoluteString), "names the URL")
        #expect(peak > 0 && peak < 256 << 10, "peak resident memory \(peak) KiB")
        #expect(server.requestLog.count == 1, "a body too large is not retried")
    }

    @Test func aTricklingServerEndsTheRunLongBeforeItsBodyEnds() async throws {
        // One byte a second: the silence timeout (20 s) never trips; the low-speed limit must.
        // Two attempts of 500 s each without it; about 42 s with it on an idle machine, up to
        // 62 s measured while the whole suite runs in parallel on two cores.
        let server = try LocalHTTPServer { _, _ in .init(body: Data(repeating: 60, count: 500), trickle: 1) }
        defer { server.stop() }
        let out = RepositoryPaths.temporaryDirectory("trickle")
        let started = ContinuousClock.now
        let result = try await CLI.runOffPool([
            "ratings", "--base-url", server.baseURL.absoluteString, "--out", out.path, "--no-progress",
        ])
        let elapsed = ContinuousClock.now - started
        #expect(result.status == 69)
        #expect(result.stderr.contains("too slow"), "\(result.stderr)")
        #expect(result.stderr.contains("a lower --low-speed-limit"), "the next step: \(result.stderr)")
        #expect(result.stderr.contains(server.baseURL.absoluteString), "names the URL: \(result.stderr)")
        #expect(elapsed < .seconds(100), "ended after \(elapsed)")
        #expect(server.requestLog.count == 2, "one retry, not four attempts")
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("ship-ratings.json").path))
    }
}
