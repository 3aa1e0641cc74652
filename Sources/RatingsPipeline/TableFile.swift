public import Foundation
import SafeFiles
public import ShipRatingTable

/// A rating table as a person names it: a `ship-ratings.json` (or any table file), a folder
/// `nextwave ratings` wrote (its `ship-ratings.json`), or a publishing folder (the table its
/// `manifest.json` names). `ratings show`, `ratings publish` and `--previous` take any of the
/// three.
public struct TableFile: Sendable {
    /// What the path named.
    public enum Kind: Sendable, Equatable {
        case file, outputFolder, publishingFolder
    }

    /// The table.
    public var table: RatingTable
    /// Its bytes, exactly as read.
    public var data: Data
    /// The file the table was read from.
    public var url: URL
    /// How messages name it ("site/ratings: the published ship-ratings.<hash>.json").
    public var name: String
    public var kind: Kind

    /// The table file a path names, as a path a person can read: the table of a folder
    /// `nextwave ratings` wrote or of a publishing folder (as ``open(_:name:)`` finds it); a file,
    /// or a path where nothing is, as given.
    /// - Throws: what ``open(_:name:)`` throws for a folder that holds no table.
    public static func path(named given: String) throws -> String {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: given, isDirectory: &isDirectory), isDirectory.boolValue else {
            return given
        }
        let table = try open(URL(fileURLWithPath: given, isDirectory: true), name: given)
        return (given as NSString).appendingPathComponent(table.url.lastPathComponent)
    }

    /// The table `path` names.
    /// - Parameters:
    ///   - url: a table file, or a publishing folder (its manifest names the table).
    ///   - name: the path as the user wrote it (messages never show other paths).
    /// - Throws: `FileProblem` (input side) when nothing is there, or the folder holds no table;
    ///   `ShipRatingTable/RatingsError/invalidFile(path:reason:)` for a file that is not a table.
    public static func open(_ url: URL, name: String) throws -> TableFile {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
            throw FileProblem(
                path: name,
                reason: "no such file or folder; give a ship-ratings.json, the folder `nextwave ratings` wrote, or "
                    + "a publishing folder", kind: .missingInput)
        }
        guard isDirectory.boolValue else { return try read(url, name: name, kind: .file) }
        let output = url.appendingPathComponent(RatingsJob.outputs.table)
        if FileManager.default.fileExists(atPath: output.path) {
            return try read(
                output, name: (name as NSString).appendingPathComponent(RatingsJob.outputs.table), kind: .outputFolder)
        }
        if let published = try TablePublisher.currentFile(in: url) {
            return try read(
                published, name: "\(name): the published \(published.lastPathComponent)", kind: .publishingFolder)
        }
        // A folder of tables (Data/ratings/) names them: the user meant one of them.
        let tables = ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? [])
            .filter { $0.hasSuffix(".json") }.sorted()
        let inside =
            tables.isEmpty
            ? ""
            : "; it holds \(tables.prefix(12).joined(separator: ", "))\(tables.count > 12 ? ", …" : ""): "
                + "give one of them, e.g. \((name as NSString).appendingPathComponent(tables[0]))"
        throw FileProblem(
            path: name, reason: "holds neither ship-ratings.json nor a publishing manifest.json" + inside,
            kind: .missingInput)
    }

    /// Whether `url` names a publishing folder that holds nothing yet: a folder not there, or an
    /// empty one (a path ending in `.json` names a table file, never a folder). A first
    /// publication compares against it as against nothing.
    public static func isUnpublishedFolder(_ url: URL) -> Bool {
        guard url.pathExtension.lowercased() != "json" else { return false }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else { return true }
        return isDirectory.boolValue
            && ((try? FileManager.default.contentsOfDirectory(atPath: url.path))?.isEmpty ?? false)
    }

    static func read(_ url: URL, name: String, kind: Kind) throws -> TableFile {
        let data: Data
        do { data = try BoundedFile.read(url, limit: BoundedFile.tableLimit, what: "rating table") } catch let problem
            as FileProblem
        {
            throw RatingsError.invalidFile(path: name, reason: problem.reason, kind: problem.kind)
        }
        return TableFile(table: try RatingTable.decode(data, path: name), data: data, url: url, name: name, kind: kind)
    }
}
