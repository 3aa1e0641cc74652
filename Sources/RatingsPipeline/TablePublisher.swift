import Foundation
import NextWaveSupport
import ShipRatingTable

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
        public var bytes: Int
        /// The table's `generatedAt` and `schemaVersion`, and how many ships it rates.
        public var generatedAt: String
        public var schemaVersion: Int
        public var ships: Int
    }

    /// The published file name for table bytes: `ship-ratings.<first 16 hex digits>.json`.
    public static func fileName(for data: Data) -> String { "ship-ratings.\(SHA256.hex(data).prefix(16)).json" }

    /// Writes the table file (if new) and then the manifest into `directory`, each atomically.
    /// Returns the manifest.
    @discardableResult
    public static func publish(_ table: RatingTable, to directory: URL) throws -> Manifest {
        let data = try table.jsonData()
        let manifest = Manifest(
            manifestVersion: 1, current: fileName(for: data), sha256: SHA256.hex(data), bytes: data.count,
            generatedAt: table.generatedAt, schemaVersion: table.schemaVersion, ships: table.ships.count)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        var manifestData = try encoder.encode(manifest)
        manifestData.append(0x0A)
        // The table before the manifest that names it, so that an app never finds a manifest
        // pointing at a file not there yet.
        try AtomicFileWriter.write(data, to: directory.appendingPathComponent(manifest.current))
        try AtomicFileWriter.write(manifestData, to: directory.appendingPathComponent("manifest.json"))
        return manifest
    }
}
