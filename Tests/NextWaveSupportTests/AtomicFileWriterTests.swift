import Foundation
import NextWaveSupport
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

    /// A rename that fails part-way must not delete the files already renamed into place.
    @Test func failedRenameKeepsEarlierTargetsAndCleansUp() throws {
        let dir = RepositoryPaths.temporaryDirectory()
        // A non-empty folder where the second file should go: rename() over it fails.
        let blocker = dir.appendingPathComponent("b.txt")
        try FileManager.default.createDirectory(at: blocker, withIntermediateDirectories: true)
        try Data("x".utf8).write(to: blocker.appendingPathComponent("keep"))
        #expect(throws: (any Error).self) {
            try AtomicFileWriter.writeAll([
                (dir.appendingPathComponent("a.txt"), Data("new a".utf8)),
                (blocker, Data("new b".utf8)),
            ])
        }
        #expect(try String(contentsOf: dir.appendingPathComponent("a.txt"), encoding: .utf8) == "new a")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["a.txt", "b.txt"])
    }
}
