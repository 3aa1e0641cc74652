package import Foundation
import SafeFiles

extension FleetFile {
    /// The fleet file's bytes (at most ``SafeFiles/BoundedFile/tableLimit``).
    /// - Throws: ``SafeFiles/FileProblem`` naming the file.
    package static func read(_ url: URL) throws -> Data {
        try BoundedFile.read(url, limit: BoundedFile.tableLimit, what: "fleet file")
    }

    /// Applies `change` to the file's bytes and writes what it returns, atomically, holding the
    /// lock of the file's folder from the read to the write: two edits at once (two runs of
    /// `nextwave fleet add`) follow each other, each on the file as the other left it. A file
    /// reached through a symbolic link is written where the link points; the link stays. When
    /// `change` throws, the file is left as it was.
    package static func update(_ url: URL, _ change: (Data) throws -> Data) throws {
        let lock = try DirectoryLock(url.resolvingSymlinksInPath().deletingLastPathComponent())
        defer { withExtendedLifetime(lock) {} }
        try AtomicFileWriter.write(try change(try read(url)), to: url, followingLink: true)
    }
}
