public import Foundation
import JSONText
import SafeFiles
public import ShipRatingTable

/// Publishes a rating table for the apps on any static host: the table under a name that
/// holds its content hash (`ship-ratings.<hash>.json`, cacheable for ever) and a small
/// `manifest.json` naming the current file (fetched first, cached briefly). Publishing the same
/// table again writes the same bytes; earlier tables stay, for apps that still hold an older
/// manifest.
public enum TablePublisher {
    /// `manifest.json`.
    public struct Manifest: Codable, Sendable, Equatable {
        /// The manifest format (1).
        public var manifestVersion: Int
        /// The current table's file name, beside the manifest.
        public var current: String
        /// SHA-256 of the current table's bytes, hexadecimal.
        public var sha256: String
        /// The current table's size in bytes.
        public var bytes: Int
        /// The table's `generatedAt` and `schemaVersion`, and how many ships it rates.
        public var generatedAt: String
        /// The table's format version.
        public var schemaVersion: Int
        /// How many ships the table rates.
        public var ships: Int
    }

    /// The published file name for table bytes: `ship-ratings.<first 16 hex digits>.json`.
    public static func fileName(for data: Data) -> String { "ship-ratings.\(SHA256.hex(data).prefix(16)).json" }

    /// Writes the table file (if new) and then the manifest into `directory`, each atomically.
    /// Returns the manifest.
    @discardableResult
    public static func publish(_ table: RatingTable, to directory: URL) throws -> Manifest {
        try publish(tableData: try table.jsonData(), to: directory).manifest
    }

    /// Publishes a table's bytes as they are (the file that was reviewed). When the manifest
    /// already names these bytes, nothing is written and `changed` is false.
    /// - Throws: `RatingsError/invalidFile(path:reason:)` when the bytes are not a rating table.
    public static func publish(tableData data: Data, to directory: URL) throws -> (manifest: Manifest, changed: Bool) {
        let manifest = try Self.manifest(for: data)
        if isPublished(data, as: manifest, in: directory) {
            AtomicFileWriter.settle(directory)  // what a killed publish left, though nothing is written
            return (manifest, false)
        }
        // The table before the manifest that names it, so that an app never finds a manifest
        // pointing at a file not there yet.
        try AtomicFileWriter.write(data, to: directory.appendingPathComponent(manifest.current))
        try AtomicFileWriter.write(
            try StableJSON.encode(manifest), to: directory.appendingPathComponent("manifest.json"))
        return (manifest, true)
    }

    /// Publishes several tables, each into its folder (one package per lake), all or none: every
    /// folder is created and every file staged before any is renamed into place, so a folder
    /// that cannot be written leaves every lake as it was. Returns each manifest and whether
    /// anything was written.
    /// - Parameters:
    ///   - tables: each table's bytes and the folder it is published into.
    ///   - root: the publishing folder the lakes' folders are in: each must be a real folder of
    ///     it, not a link (`SafeFiles/OutputTree`).
    public static func publishAll(_ tables: [(data: Data, directory: URL)], below root: URL? = nil) throws -> (
        manifests: [Manifest], changed: Bool
    ) {
        if let root {
            for (_, directory) in tables {
                try OutputTree.check(directory.appendingPathComponent("manifest.json"), below: root)
            }
        }
        var manifests: [Manifest] = []
        var writes: [(URL, Data)] = []
        var manifestWrites: [(URL, Data)] = []
        for (data, directory) in tables {
            let manifest = try Self.manifest(for: data)
            manifests.append(manifest)
            if isPublished(data, as: manifest, in: directory) { continue }
            try FileProblem.createFolder(directory)
            writes.append((directory.appendingPathComponent(manifest.current), data))
            manifestWrites.append((directory.appendingPathComponent("manifest.json"), try StableJSON.encode(manifest)))
        }
        guard !writes.isEmpty else { return (manifests, false) }
        // Tables before the manifests that name them, all staged before any rename.
        try AtomicFileWriter.writeAll(writes + manifestWrites)
        return (manifests, true)
    }

    /// The manifest that publishes `data`.
    /// - Throws: `RatingsError/invalidFile(path:reason:)` when the bytes are not a rating table.
    static func manifest(for data: Data) throws -> Manifest {
        let table: RatingTable
        do { table = try JSONDecoder().decode(RatingTable.self, from: data) } catch {
            throw RatingsError.invalidFile(
                path: "the table to publish", reason: "not a rating table: \(describeDecodingError(error, in: data))")
        }
        return Manifest(
            manifestVersion: 1, current: fileName(for: data), sha256: SHA256.hex(data), bytes: data.count,
            generatedAt: table.generatedAt, schemaVersion: table.schemaVersion, ships: table.ships.count)
    }

    /// Whether `directory` already publishes `data`: its manifest is `manifest` and the file it
    /// names still holds these bytes (a damaged or truncated published table is written again).
    static func isPublished(_ data: Data, as manifest: Manifest, in directory: URL) -> Bool {
        (try? readManifest(in: directory)) == manifest
            && (try? BoundedFile.read(
                directory.appendingPathComponent(manifest.current), limit: BoundedFile.tableLimit, what: "table"))
                == data
    }

    /// The manifest in `directory`.
    static func readManifest(in directory: URL) throws -> Manifest {
        let data = try BoundedFile.read(
            directory.appendingPathComponent("manifest.json"), limit: BoundedFile.tableLimit, what: "manifest")
        return try JSONDecoder().decode(Manifest.self, from: data)
    }

    /// The file the manifest in `directory` names; nil when nothing has been published there.
    /// - Parameters:
    ///   - directory: the publishing folder.
    ///   - verifying: check that the file holds the bytes the manifest names (its size and
    ///     SHA-256): a reader never uses a published table changed or damaged after publication.
    /// - Throws: when a manifest is there but cannot be read, names a file outside its folder, or
    ///   (verifying) names other bytes than the file holds.
    public static func currentFile(in directory: URL, verifying: Bool = true) throws -> URL? {
        let manifestURL = directory.appendingPathComponent("manifest.json")
        guard FileManager.default.fileExists(atPath: manifestURL.path) else { return nil }
        let manifest: Manifest
        do { manifest = try readManifest(in: directory) } catch {
            throw RatingsError.invalidFile(
                path: manifestURL.path, reason: "not a publishing manifest: \(describeDecodingError(error))")
        }
        let file = try confined(manifest.current, in: directory, manifest: manifestURL)
        if verifying { try verify(file, against: manifest) }
        return file
    }

    /// Refuses a published table whose bytes are not the ones its manifest names.
    /// - Throws: `RatingsError/publishedTableChanged(path:folder:bytes:sha256:expectedBytes:expectedSHA256:)`
    ///   naming both sizes and digests; `RatingsError/invalidFile(path:reason:)` for a table that is
    ///   not there.
    static func verify(_ file: URL, against manifest: Manifest) throws {
        guard FileManager.default.fileExists(atPath: file.path) else {
            throw RatingsError.invalidFile(
                path: file.path, reason: "is missing, though manifest.json names it: publish the table again")
        }
        let data = try BoundedFile.read(file, limit: BoundedFile.tableLimit, what: "published table")
        let digest = SHA256.hex(data)
        guard data.count == manifest.bytes, digest == manifest.sha256 else {
            throw RatingsError.publishedTableChanged(
                path: file.path, folder: file.deletingLastPathComponent().path, bytes: data.count, sha256: digest,
                expectedBytes: manifest.bytes, expectedSHA256: manifest.sha256)
        }
    }

    /// `name` inside `directory`, refused when it is not a plain file name there (a manifest may
    /// name only files of its own folder: no path, no `..`).
    static func confined(_ name: String, in directory: URL, manifest: URL) throws -> URL {
        guard !name.isEmpty, name != ".", name != "..", !name.contains("/"), !name.contains("\0") else {
            throw RatingsError.invalidFile(
                path: manifest.path,
                reason: "names \"\(name)\" as the current table: a manifest may name only a file in its own folder")
        }
        return directory.appendingPathComponent(name)
    }

    /// The table the manifest in `directory` names, and how to cite it; nil when nothing has been
    /// published there.
    /// - Throws: when a manifest is there but it or its table cannot be read.
    public static func current(in directory: URL) throws -> (table: RatingTable, name: String)? {
        guard let file = try currentFile(in: directory) else { return nil }
        return (try RatingTable.load(from: file), "the published \(file.lastPathComponent)")
    }
}
