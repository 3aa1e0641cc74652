public import DataFolderLayout
public import Foundation
import JSONText
import SafeFiles

/// The rating table each operator's waves are rated with: `ratings/<id>.json` in the data folder
/// (`zsg.json` for Lake Zurich). It is the table the maintainer last reviewed (a `nextwave
/// ratings` run into the operator's default reports folder) or published (`nextwave ratings
/// publish`, or `--publish`), whichever came last; an operator never rated here keeps the table
/// the toolkit ships (bundled). Every command that rates waves (`feed`, `plan`, `today`,
/// `sessions`, `site update`, `ratings show`) reads it unless given a table, so that one fleet
/// change reaches every output.
///
/// `ratings/origins.json` records how each current table came to be, by its SHA-256: a record
/// whose bytes no longer match the file (the file was replaced by hand) counts as none.
///
/// ```
/// {"description": "…", "tables": {"zsg": {"origin": "published", "sha256": "…"}}}
/// ```
public struct CurrentRatingTables: Sendable {
    /// How an operator's current table came to be.
    public enum Origin: String, Codable, Sendable, Equatable {
        /// Written by `nextwave ratings` into the operator's default reports folder.
        case reviewed
        /// Published for the apps (`nextwave ratings publish`, `--publish`).
        case published
    }

    /// One operator's record.
    public struct Record: Codable, Sendable, Equatable {
        public var origin: Origin
        /// SHA-256 of the table's bytes, hexadecimal.
        public var sha256: String
    }

    struct Register: Codable, Equatable {
        var description = CurrentRatingTables.registerDescription
        var tables: [String: Record] = [:]
    }

    static let registerDescription =
        "How each operator's current rating table (ratings/<id>.json, the one every command rates with) came "
        + "to be: reviewed (nextwave ratings into its default reports folder) or published (nextwave ratings "
        + "publish), by the SHA-256 of its bytes. An operator without a record keeps the bundled table. "
        + "Written by nextwave; do not edit."

    /// The register's file name, beside the tables.
    public static let registerName = "origins.json"

    /// The data folder the tables are in.
    public let data: DataLayout

    /// The folder of the tables, `<data>/ratings`.
    public var folder: URL { data.ratingTables }

    /// The current tables of the data folder `data`.
    public init(data: DataLayout) { self.data = data }

    /// The current table of operator `id` (it may not exist).
    public func file(for id: String) -> URL { data.currentTable(operatorID: id) }

    /// How a report or message names that file: `Data/ratings/<id>.json`.
    public static func reference(for id: String) -> String {
        DataLayout.reference("\(DataLayout.Name.ratingTables)/\(id).json")
    }

    /// Whether operator `id` has a current table.
    public func exists(_ id: String) -> Bool { FileManager.default.fileExists(atPath: file(for: id).path) }

    /// How the current table of `id` came to be: reviewed or published; nil for one that is
    /// bundled (no record, or a record of other bytes) or not there.
    /// - Throws: `SafeFiles/FileProblem` when the register or the table cannot be read.
    public func origin(of id: String) throws -> Origin? {
        guard let record = try register().tables[id], exists(id) else { return nil }
        let data = try BoundedFile.read(file(for: id), limit: BoundedFile.tableLimit, what: "rating table")
        return SHA256.hex(data) == record.sha256 ? record.origin : nil
    }

    /// The operator whose current table holds exactly `data`, if any (a table published as it was
    /// reviewed belongs to the operator it was reviewed for).
    public func operatorHolding(_ data: Data) throws -> String? {
        let hash = SHA256.hex(data)
        for (id, record) in try register().tables.sorted(by: { $0.key < $1.key }) where record.sha256 == hash {
            if (try? BoundedFile.read(file(for: id), limit: BoundedFile.tableLimit, what: "rating table")) == data {
                return id
            }
        }
        return nil
    }

    /// Makes `data` the current table of operator `id` and records `origin`, both files written
    /// atomically together. A table already current is not rewritten, and its record goes only
    /// from reviewed to published, never back (publishing what was reviewed is the later step).
    /// Returns whether anything was written.
    /// - Throws: `SafeFiles/FileProblem` when a file cannot be read or written.
    @discardableResult
    public func record(_ data: Data, for id: String, origin: Origin) throws -> Bool {
        var register = try self.register()
        let hash = SHA256.hex(data)
        let current = try? BoundedFile.read(file(for: id), limit: BoundedFile.tableLimit, what: "rating table")
        let known = register.tables[id]
        if current == data, let known, known.sha256 == hash, known.origin == .published || origin == .reviewed {
            return false
        }
        register.tables[id] = Record(origin: origin, sha256: hash)
        var writes: [(URL, Data)] = []
        if current != data { writes.append((file(for: id), data)) }
        writes.append((folder.appendingPathComponent(Self.registerName), try StableJSON.encode(register)))
        try FileProblem.createFolder(folder)
        try AtomicFileWriter.writeAll(writes)
        return true
    }

    /// The current table of `id` in words: `Data/ratings/zsg.json (published, generated
    /// 2026-11-27)`, `Data/ratings/sgz.json (bundled, generated 2026-11-27)`.
    /// - Throws: `SafeFiles/FileProblem` when the register or the table cannot be read.
    public func describe(_ id: String) throws -> String {
        let origin = try origin(of: id)
        let stamp = try Self.generatedAt(of: file(for: id)).map { ", generated \($0.prefix(10))" } ?? ""
        return "\(Self.reference(for: id)) (\(origin?.rawValue ?? "bundled")\(stamp))"
    }

    /// A table file's `generatedAt` (ISO-8601), nil when it has none.
    /// - Throws: `SafeFiles/FileProblem` when the file cannot be read or is not JSON.
    public static func generatedAt(of url: URL) throws -> String? {
        struct Stamp: Decodable { var generatedAt: String? }
        return try JSONFile.decode(Stamp.self, at: url, what: "rating table", limit: BoundedFile.tableLimit)
            .generatedAt
    }

    func register() throws -> Register {
        let url = folder.appendingPathComponent(Self.registerName)
        guard FileManager.default.fileExists(atPath: url.path) else { return Register() }
        return try JSONFile.decode(
            Register.self, at: url, what: "register of current rating tables", limit: BoundedFile.tableLimit)
    }
}
