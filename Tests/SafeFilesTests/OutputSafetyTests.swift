import Foundation
import Testing
import _TestSupport

@testable import SafeFiles

#if canImport(Glibc)
    import Glibc
#endif

/// What makes outputs safe against interruption and concurrent runs: temporary files that a
/// later run can recognise and sweep, folder locks, and write errors in words.
@Suite struct OutputSafetyTests {
    @Test func temporaryNamesCarryTheirProcess() {
        let url = TemporaryFiles.url(for: URL(fileURLWithPath: "/out/ratings.md"))
        #expect(url.path == "/out/.ratings.md.nwtmp-\(getpid())")
        #expect(TemporaryFiles.owner(ofTemporaryName: ".ratings.md.nwtmp-4242") == 4242)
        #expect(TemporaryFiles.owner(ofTemporaryName: ".grid.csv.nwtmp-1") == 1)
        for name in [
            "ratings.md", ".nwtmp-12", ".x.nwtmp-", ".x.nwtmp-12a", "x.nwtmp-12", ".x.nwtmp-99999999999", ".x.nwtmp--3",
        ] {
            #expect(TemporaryFiles.owner(ofTemporaryName: name) == nil, "\(name)")
        }
    }

    @Test func staleTemporariesOfDeadProcessesAreSweptOthersKept() throws {
        let dir = RepositoryPaths.temporaryDirectory()
        // A process that has ended: its pid is free.
        let dead = try RepositoryPaths.endedProcessID()
        for name in [".grid.csv.nwtmp-\(dead)", ".a.md.nwtmp-\(getpid())", ".b.md.nwtmp-1", "keep.txt"] {
            try Data("x".utf8).write(to: dir.appendingPathComponent(name))
        }
        let removed = TemporaryFiles.sweepStale(in: dir)
        #expect(removed == [".grid.csv.nwtmp-\(dead)"])
        // Ours (a write in progress) and pid 1's (alive) stay.
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
                == [".a.md.nwtmp-\(getpid())", ".b.md.nwtmp-1", "keep.txt"])
    }

    @Test func aSetInterruptedWhileCommittingIsCompletedByTheNextWrite() throws {
        let dir = RepositoryPaths.temporaryDirectory()
        let dead = try RepositoryPaths.endedProcessID()
        // What a run killed between its renames leaves: a.md renamed already, b.json still staged,
        // and the commit record listing both.
        try Data("new a".utf8).write(to: dir.appendingPathComponent("a.md"))
        try Data("old b".utf8).write(to: dir.appendingPathComponent("b.json"))
        let staged = dir.appendingPathComponent(".b.json.nwtmp-\(dead)")
        try Data("new b".utf8).write(to: staged)
        let pairs = [
            [dir.appendingPathComponent(".a.md.nwtmp-\(dead)").path, dir.appendingPathComponent("a.md").path],
            [staged.path, dir.appendingPathComponent("b.json").path],
        ]
        try JSONSerialization.data(withJSONObject: pairs).write(
            to: dir.appendingPathComponent(".nextwave-commit-\(dead)"))
        // The next write into the folder completes the set first.
        try AtomicFileWriter.write(Data("other".utf8), to: dir.appendingPathComponent("c.txt"))
        #expect(try String(contentsOf: dir.appendingPathComponent("b.json"), encoding: .utf8) == "new b")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["a.md", "b.json", "c.txt"])
    }

    @Test func aCommittedSetLeavesNoRecord() throws {
        let dir = RepositoryPaths.temporaryDirectory()
        try AtomicFileWriter.writeAll([
            (dir.appendingPathComponent("a"), Data("1".utf8)), (dir.appendingPathComponent("b"), Data("2".utf8)),
        ])
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["a", "b"])
    }

    @Test func aFailingStreamWriteNamesTheOutputNotTheTemporaryFile() throws {
        let dir = RepositoryPaths.temporaryDirectory()
        let target = dir.appendingPathComponent("grid.csv")
        do {
            try AtomicFileWriter.stream(to: target) { handle in
                try handle.write(contentsOf: Data("header\n".utf8))
                try handle.close()
                // Writing to a closed handle fails as a full disk or a file-size limit would.
                try handle.write(contentsOf: Data("row\n".utf8))
            }
            Issue.record("the write did not fail")
        } catch let problem as FileProblem {
            #expect(problem.path == target.path)
            #expect(problem.reason.hasPrefix("cannot write ("), "\(problem.reason)")
            #expect(!problem.description.contains(".nwtmp-"))
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty, "nothing left behind")
    }

    @Test func anOwnErrorOfTheStreamIsPassedOnAsItIs() throws {
        struct Stop: Error {}
        let dir = RepositoryPaths.temporaryDirectory()
        #expect(throws: Stop.self) {
            try AtomicFileWriter.stream(to: dir.appendingPathComponent("x")) { _ in throw Stop() }
        }
    }

    @Test func aFolderHeldByAnotherProcessIsWaitedFor() throws {
        let dir = RepositoryPaths.temporaryDirectory()
        // util-linux flock holds the folder for 1.5 s, as another nextwave run would.
        let holder = Process()
        holder.executableURL = URL(fileURLWithPath: "/usr/bin/flock")
        holder.arguments = [dir.path, "sleep", "1.5"]
        try holder.run()
        defer { holder.waitUntilExit() }
        // Wait until it holds the lock.
        let probe = open(dir.path, O_RDONLY | O_DIRECTORY)
        defer { close(probe) }
        for _ in 0..<100 {
            if flock(probe, LOCK_EX | LOCK_NB) != 0 { break }
            flock(probe, LOCK_UN)
            usleep(10_000)
        }
        let told = LockedFlag()
        let started = ContinuousClock.now
        // A handler for this scope only: other suites' locks never call it.
        try DirectoryLock.$scopedWaitingHandler.withValue(
            .init { _ in told.set() },
            operation: {
                try AtomicFileWriter.write(Data("x".utf8), to: dir.appendingPathComponent("out.txt"))
            })
        #expect(ContinuousClock.now - started >= .milliseconds(500), "the write waited for the other holder")
        #expect(told.value, "the wait was announced")
        #expect(try Data(contentsOf: dir.appendingPathComponent("out.txt")) == Data("x".utf8))
    }

    @Test func withinOneProcessAHeldFolderIsNotWaitedFor() throws {
        let dir = RepositoryPaths.temporaryDirectory()
        let outer = try DirectoryLock(dir, exclusive: false)
        let started = ContinuousClock.now
        try AtomicFileWriter.write(Data("x".utf8), to: dir.appendingPathComponent("out.txt"))
        #expect(ContinuousClock.now - started < .seconds(1))
        withExtendedLifetime(outer) {}
    }
}

final class LockedFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var flag = false
    func set() { lock.withLock { flag = true } }
    var value: Bool { lock.withLock { flag } }
}
