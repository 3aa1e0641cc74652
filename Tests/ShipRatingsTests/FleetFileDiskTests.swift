import Foundation
import ShipRatings
import Testing
import _TestSupport

/// The fleet file on disk: read, changed and written back by ``FleetFile/update(_:_:)``.
/// (Two runs at once are tested across processes in the CLI tests: the lock is per folder and
/// shared by one process's threads.)
@Suite struct FleetFileDiskTests {
    @Test func anUpdateSeesTheBytesOnDiskAndWritesWhatTheChangeReturns() throws {
        let folder = RepositoryPaths.temporaryDirectory("fleet-disk")
        let file = folder.appendingPathComponent("fleet.json")
        try Data("before".utf8).write(to: file)
        var seen = Data()
        try FleetFile.update(file) { bytes in
            seen = bytes
            return Data("after".utf8)
        }
        #expect(seen == Data("before".utf8))
        #expect(try Data(contentsOf: file) == Data("after".utf8))
        #expect(try FleetFile.read(file) == Data("after".utf8))
        // No temporary file is left beside it.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["fleet.json"])
    }

    @Test func aChangeThatThrowsLeavesTheFileAsItWas() throws {
        let file = RepositoryPaths.temporaryDirectory("fleet-disk").appendingPathComponent("fleet.json")
        try Data("kept".utf8).write(to: file)
        struct Refused: Error {}
        #expect(throws: Refused.self) { try FleetFile.update(file) { _ in throw Refused() } }
        #expect(try Data(contentsOf: file) == Data("kept".utf8))
    }

    /// A checkout's fleet file reached through a link (an installed data folder that links to
    /// it): the file the link names changes, the link stays a link.
    @Test func aLinkedFileIsWrittenWhereTheLinkPoints() throws {
        let folder = RepositoryPaths.temporaryDirectory("fleet-disk")
        let target = folder.appendingPathComponent("real.json")
        let link = folder.appendingPathComponent("fleet.json")
        try Data("old".utf8).write(to: target)
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
        try FleetFile.update(link) { $0 + Data(" new".utf8) }
        #expect(try Data(contentsOf: target) == Data("old new".utf8))
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == target.path)
    }

    @Test func aFullNameSplitsIntoItsTypeAndName() {
        #expect(FleetFile.split(fullName: "MS Zürichsee").map { [$0.prefix, $0.name] } == ["MS", "Zürichsee"])
        #expect(FleetFile.split(fullName: "EMS Uetliberg").map { [$0.prefix, $0.name] } == ["EMS", "Uetliberg"])
        #expect(FleetFile.split(fullName: "DS Stadt Zürich").map { [$0.prefix, $0.name] } == ["DS", "Stadt Zürich"])
        for bad in ["Zürichsee", "MS", "MS   ", "ms Zürichsee", "MV Zürichsee", ""] {
            #expect(FleetFile.split(fullName: bad) == nil, "\(bad)")
        }
    }
}
