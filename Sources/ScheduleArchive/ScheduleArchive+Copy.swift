public import Foundation

extension ScheduleArchive {
    /// The folders that are an archive's record (its raw files); the store is rebuilt from them.
    static let stationboardsFolder = "stationboards"
    static let deploymentsFolder = "deployments"
    static var recordFolders: [String] { [stationboardsFolder, deploymentsFolder] }

    /// Copies the record of the archive at `source` (its raw stationboards and ship assignments)
    /// into a new folder `destination`, without the store: opening the copy rebuilds its own.
    /// Safe while another process has the source open, since its store (and the store's
    /// write-ahead log, which comes and goes) is not copied.
    /// - Throws: ``ArchiveError/unreadable(path:reason:)`` when `source` has no record folder;
    ///   the file system's error when a copy fails (`destination` must not exist yet).
    public static func copyRecord(from source: URL, to destination: URL) throws {
        let parts = recordFolders.map { source.appendingPathComponent($0) }
            .filter { FileManager.default.fileExists(atPath: $0.path) }
        guard !parts.isEmpty else {
            throw ArchiveError.unreadable(path: source.path, reason: "no stationboards or deployments folder")
        }
        try FileManager.default.createDirectory(at: destination, withIntermediateDirectories: true)
        for part in parts {
            try FileManager.default.copyItem(at: part, to: destination.appendingPathComponent(part.lastPathComponent))
        }
    }
}
