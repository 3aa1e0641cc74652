import Foundation
import SafeFiles
import Testing
import _TestSupport

@Suite struct AtomicFileWriterTests {
    @Test func writesEveryFileAndLeavesNoTemporaries() throws {
        let dir = RepositoryPaths.temporaryDirectory()
        try Data("old".utf8).write(to: dir.appendingPathComponent("a.txt"))
        try AtomicFileWriter.writeAll([
            (dir.appendingPathComponent("a.txt"), Data("new a".utf8)),
            (dir.appendingPathComponent("sub/b.txt"), Data("new b".utf8)),
        ])
        #expect(try String(contentsOf: dir.appendingPathComponent("a.txt"), encoding: .utf8) == "new a")
        #expect(try String(contentsOf: dir.appendingPathComponent("sub/b.txt"), encoding: .utf8) == "new b")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["a.txt", "sub"])
    }

    /// A shorter file replaces a longer one whole, by rename: the path gets a new inode and a
    /// hard link to the old file still holds the old bytes (writing in place would have kept
    /// the old inode, changed the linked file too, and, without truncation, left the old tail).
    @Test func aShorterFileReplacesALongerOneByRename() throws {
        let dir = RepositoryPaths.temporaryDirectory()
        let target = dir.appendingPathComponent("ship-ratings.json")
        let keeper = dir.appendingPathComponent("keeper")
        let old = Data(String(repeating: "old bytes, ", count: 100).utf8)
        for write in [
            { try AtomicFileWriter.write(Data("new".utf8), to: target) },
            { try AtomicFileWriter.writeAll([(target, Data("new".utf8))]) },
        ] {
            _ = unlink(keeper.path)
            try old.write(to: target)
            #expect(link(target.path, keeper.path) == 0)
            var before = stat()
            #expect(stat(target.path, &before) == 0)
            try write()
            var after = stat()
            #expect(stat(target.path, &after) == 0)
            #expect(try Data(contentsOf: target) == Data("new".utf8))
            #expect(after.st_ino != before.st_ino, "the file was written in place, not replaced")
            #expect(try Data(contentsOf: keeper) == old, "the old file changed under its other name")
        }
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["keeper", "ship-ratings.json"])
    }

    /// A folder where the second file of a set goes stops the set before any rename (issue:
    /// hardening, round 2: the first file was replaced and the second not, a mixed set), and
    /// nothing is left behind.
    @Test func aFolderInTheWayStopsTheSetBeforeAnyRename() throws {
        let dir = RepositoryPaths.temporaryDirectory()
        try Data("old a".utf8).write(to: dir.appendingPathComponent("a.txt"))
        let blocker = dir.appendingPathComponent("b.txt")
        try FileManager.default.createDirectory(at: blocker, withIntermediateDirectories: true)
        try Data("x".utf8).write(to: blocker.appendingPathComponent("keep"))
        #expect(throws: FileProblem(path: blocker.path, reason: "is a folder; give a file name", side: .output)) {
            try AtomicFileWriter.writeAll([
                (dir.appendingPathComponent("a.txt"), Data("new a".utf8)),
                (blocker, Data("new b".utf8)),
            ])
        }
        #expect(try String(contentsOf: dir.appendingPathComponent("a.txt"), encoding: .utf8) == "old a")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["a.txt", "b.txt"])
    }
}

@Suite struct StagedFileTests {
    struct Refused: Error {}

    /// A file the caller wrote while an earlier stream ran is renamed with the set, not copied.
    @Test func aStagedFileIsRenamedWithTheSet() throws {
        let dir = RepositoryPaths.temporaryDirectory()
        let target = dir.appendingPathComponent("waves.csv")
        let staged = TemporaryFiles.url(for: target, suffix: ".part")
        #expect(staged.lastPathComponent.hasPrefix(".waves.csv.part.nwtmp-"))
        try AtomicFileWriter.writeAll([
            (dir.appendingPathComponent("a.json"), .stream { _ in try Data("rows".utf8).write(to: staged) }),
            (target, .file(staged)),
        ])
        #expect(try String(contentsOf: target, encoding: .utf8) == "rows")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["a.json", "waves.csv"])
    }

    /// A stream that fails after the staged file was written leaves every target as it was.
    @Test func aFailingStreamLeavesTheTargetOfAStagedFileUntouched() throws {
        let dir = RepositoryPaths.temporaryDirectory()
        let target = dir.appendingPathComponent("waves.csv")
        try Data("old".utf8).write(to: target)
        let staged = TemporaryFiles.url(for: target, suffix: ".part")
        #expect(throws: Refused.self) {
            try AtomicFileWriter.writeAll([
                (dir.appendingPathComponent("a.json"), .stream { _ in try Data("new".utf8).write(to: staged) }),
                (target, .file(staged)),
                (dir.appendingPathComponent("b.md"), .stream { _ in throw Refused() }),
            ])
        }
        #expect(try String(contentsOf: target, encoding: .utf8) == "old")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["waves.csv"])
    }

    @Test func aMissingStagedFileIsAnErrorNamingTheOutput() throws {
        let dir = RepositoryPaths.temporaryDirectory()
        let target = dir.appendingPathComponent("waves.csv")
        do {
            try AtomicFileWriter.writeAll([(target, .file(TemporaryFiles.url(for: target, suffix: ".part")))])
            Issue.record("no error")
        } catch let problem as FileProblem {
            #expect(problem.path == target.path)
            #expect(problem.reason.contains("missing"))
        }
    }
}
