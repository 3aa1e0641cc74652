import Foundation
import Testing
import _TestSupport

@testable import SafeFiles

#if canImport(Glibc)
    import Glibc
#endif

/// Outputs against a hostile or unusual folder (issue: hardening, round 2): planted journals
/// and links, devices, links to the real file, the permissions of a rewritten file, and a
/// sweep that only ever removes what this tool made.
@Suite struct OutputSecurityTests {
    @Test func aPlantedJournalCannotMoveFilesOutsideItsFolder() throws {
        let out = RepositoryPaths.temporaryDirectory("out")
        let elsewhere = RepositoryPaths.temporaryDirectory("elsewhere")
        let dead = try RepositoryPaths.endedProcessID()
        let victim = elsewhere.appendingPathComponent("precious.txt")
        try Data("precious".utf8).write(to: victim)
        let bait = elsewhere.appendingPathComponent("bait.txt")
        try Data("bait".utf8).write(to: bait)
        let inside = out.appendingPathComponent("ok.txt")
        let pairs = [
            [bait.path, victim.path],  // both outside
            [bait.path, inside.path],  // a file from outside into the folder
            [out.appendingPathComponent(".ok.txt.nwtmp-\(dead)").path, victim.path],  // out of the folder
        ]
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        try Data("planted".utf8).write(to: out.appendingPathComponent(".ok.txt.nwtmp-\(dead)"))
        try JSONSerialization.data(withJSONObject: pairs).write(
            to: out.appendingPathComponent(".nextwave-commit-\(dead)"))
        try AtomicFileWriter.write(Data("grid".utf8), to: out.appendingPathComponent("grid.csv"))
        #expect(try String(contentsOf: victim, encoding: .utf8) == "precious")
        #expect(try String(contentsOf: bait, encoding: .utf8) == "bait")
        #expect(!FileManager.default.fileExists(atPath: inside.path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path).sorted() == ["grid.csv"])
    }

    @Test func aLinkPlantedAtATemporaryNameIsNotFollowed() throws {
        let out = RepositoryPaths.temporaryDirectory("out")
        let elsewhere = RepositoryPaths.temporaryDirectory("elsewhere")
        let victim = elsewhere.appendingPathComponent("precious.txt")
        try Data("precious".utf8).write(to: victim)
        // The name this process will use for out/ratings.md's temporary file.
        let temporary = TemporaryFiles.url(for: out.appendingPathComponent("ratings.md"))
        try FileManager.default.createSymbolicLink(at: temporary, withDestinationURL: victim)
        try AtomicFileWriter.write(Data("new".utf8), to: out.appendingPathComponent("ratings.md"))
        #expect(try String(contentsOf: victim, encoding: .utf8) == "precious")
        #expect(try String(contentsOf: out.appendingPathComponent("ratings.md"), encoding: .utf8) == "new")
    }

    @Test func aDeviceIsWrittenInPlaceNeverReplaced() throws {
        let out = RepositoryPaths.temporaryDirectory("out")
        // A link to /dev/null: were the device replaced, the link would become a regular file.
        let sink = out.appendingPathComponent("sink")
        try FileManager.default.createSymbolicLink(atPath: sink.path, withDestinationPath: "/dev/null")
        try AtomicFileWriter.writeAll([(sink, Data("a".utf8)), (out.appendingPathComponent("b.txt"), Data("b".utf8))])
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: sink.path) == "/dev/null")
        var info = stat()
        #expect(stat("/dev/null", &info) == 0 && info.st_mode & S_IFMT == S_IFCHR)
        #expect(try String(contentsOf: out.appendingPathComponent("b.txt"), encoding: .utf8) == "b")
    }

    @Test func aRewriteKeepsTheModeAndWritesThroughALink() throws {
        let folder = RepositoryPaths.temporaryDirectory("fleet")
        let real = folder.appendingPathComponent("fleets/zsg.json")
        try FileManager.default.createDirectory(at: real.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("old".utf8).write(to: real)
        chmod(real.path, 0o600)
        let link = folder.appendingPathComponent("fleet.json")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "fleets/zsg.json")
        // Any other output refuses the link by name and leaves both files as they were …
        #expect(throws: FileProblem.self) { try AtomicFileWriter.write(Data("new".utf8), to: link) }
        #expect(try String(contentsOf: real, encoding: .utf8) == "old")
        // … the fleet file, which the user keeps where they like, is written through it.
        try AtomicFileWriter.write(Data("new".utf8), to: link, followingLink: true)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == "fleets/zsg.json")
        #expect(try String(contentsOf: real, encoding: .utf8) == "new")
        var info = stat()
        #expect(stat(real.path, &info) == 0 && info.st_mode & 0o777 == 0o600)
    }

    @Test func theSweepRemovesOnlyWhatThisToolMadeAndNeverRecursively() throws {
        let dir = RepositoryPaths.temporaryDirectory("sweep")
        let dead = try RepositoryPaths.endedProcessID()
        // A user's files named like temporaries of other tools stay.
        for name in [".notes.tmp-\(dead)", ".x.tmp-1"] {
            try Data("mine".utf8).write(to: dir.appendingPathComponent(name))
        }
        // A folder with the marker name but without the staging mark stays whole.
        let unmarked = dir.appendingPathComponent(".photos.nwtmp-\(dead)")
        try FileManager.default.createDirectory(at: unmarked, withIntermediateDirectories: true)
        try Data("photo".utf8).write(to: unmarked.appendingPathComponent("a.jpg"))
        // A staged snapshot of a killed run: its files go; a folder inside it stays.
        let staged = dir.appendingPathComponent(".snap.nwtmp-\(dead)")
        try FileManager.default.createDirectory(
            at: staged.appendingPathComponent("inner"), withIntermediateDirectories: true)
        try Data().write(to: staged.appendingPathComponent(TemporaryFiles.folderMarker))
        try Data("page".utf8).write(to: staged.appendingPathComponent("index.html"))
        try Data("deep".utf8).write(to: staged.appendingPathComponent("inner/keep.txt"))
        TemporaryFiles.sweepStale(in: dir)
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent(".notes.tmp-\(dead)").path))
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent(".x.tmp-1").path))
        #expect(FileManager.default.fileExists(atPath: unmarked.appendingPathComponent("a.jpg").path))
        #expect(!FileManager.default.fileExists(atPath: staged.appendingPathComponent("index.html").path))
        #expect(FileManager.default.fileExists(atPath: staged.appendingPathComponent("inner/keep.txt").path))
    }
}
