import Foundation
import JobContract
import SafeFiles
import WebPages

/// Writes a snapshot folder whole: into a hidden sibling first, then swapped into place.
enum SnapshotFolder {
    static func replace(_ directory: URL, with files: [(String, Data)]) throws {
        let manager = FileManager.default
        let parent = directory.deletingLastPathComponent()
        let staging = parent.appendingPathComponent(
            ".\(directory.lastPathComponent)\(TemporaryFiles.marker)\(getpid())")
        let old = parent.appendingPathComponent(".\(directory.lastPathComponent).old-\(getpid())")
        func fail(_ reason: String) -> ScrapeError {
            .snapshot(path: directory.path, reason: reason, kind: .cannotWrite)
        }
        do {
            try manager.createDirectory(at: parent, withIntermediateDirectories: true)
            TemporaryFiles.sweepStale(in: parent)
            try? manager.removeItem(at: staging)
            try manager.createDirectory(at: staging, withIntermediateDirectories: false)
            TemporaryFiles.registerFolder(staging)
            defer { TemporaryFiles.unregisterFolder(staging) }
            // Marked as this tool's, so that a later run may sweep it if this one is killed.
            let marker = staging.appendingPathComponent(TemporaryFiles.folderMarker)
            try Data().write(to: marker)
            for (name, data) in files { try data.write(to: staging.appendingPathComponent(name)) }
            try manager.removeItem(at: marker)
            if manager.fileExists(atPath: directory.path) {
                try manager.moveItem(at: directory, to: old)
            }
            try manager.moveItem(at: staging, to: directory)
            try? manager.removeItem(at: old)
        } catch let error as ScrapeError {
            throw error
        } catch {
            try? manager.removeItem(at: staging)
            if !manager.fileExists(atPath: directory.path), manager.fileExists(atPath: old.path) {
                try? manager.moveItem(at: old, to: directory)
            }
            throw fail("cannot write the snapshot (\(FileProblem.words(for: error)))")
        }
    }
}
