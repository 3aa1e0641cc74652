public import DataFolderLayout
public import Foundation
import JSONText
public import JobContract
import SafeFiles
public import ShipRatingTable
@_spi(Benchmarks) import ShipRatings

/// `nextwave ratings publish`: publishes exactly the bytes of a reviewed table for the apps
/// (``TablePublisher``), after checking it against the table format's schema and gating it
/// against what the folder publishes now, as `nextwave ratings` gates a new table against the
/// previous one. Nothing is computed again: what was reviewed is what the apps get.
public struct PublishJob: Job {
    /// What to publish, where, and how strictly.
    public struct Input: Sendable {
        /// The reviewed table: a file, the folder `ratings` wrote, or another publishing folder.
        public var table: URL
        /// The table as the user named it.
        public var tableName: String
        /// The publishing folder.
        public var destination: URL
        /// The JSON schema of the table format (`schemas/ship-ratings.schema.json`); nil: only the
        /// table's structure is checked, and a warning says so.
        public var schema: URL?
        /// The curated fleet file: its retired ships may leave the table without holding it.
        public var fleet: URL?
        /// Publish although the table loses ships, ratings or pages against the published one.
        public var acceptRegression = false
        /// Publish although the table cites loopback or file sources (a mirror run).
        public var allowLocalSources = false
        /// Check and compare, publish nothing.
        public var dryRun = false
        /// The data folder whose current table (`ShipRatingTable/CurrentRatingTables`) the
        /// published table becomes, so that every command rates with what the apps have; nil:
        /// none.
        public var currentTables: DataLayout?
        /// Whose table it is, when the data folder's current tables do not already hold these
        /// bytes (a table published as it was reviewed is that operator's); default the home
        /// operator's (Lake Zurich).
        public var operatorID: String?
        /// How the findings word their remedies: plain words by default; the command line gives
        /// its commands (`FleetRemedy` (ShipRatingTable)).
        public var wording: any RemedyWording = PlainRemedyWording()

        /// An input publishing `table` into `destination`.
        public init(table: URL, tableName: String, destination: URL, schema: URL?, fleet: URL? = nil) {
            self.table = table
            self.tableName = tableName
            self.destination = destination
            self.schema = schema
            self.fleet = fleet
        }
    }

    /// What was published (or would be, in a dry run).
    public struct Result: Sendable {
        /// The manifest naming the table.
        public var manifest: TablePublisher.Manifest?
        /// Whether anything was written (false: the folder already published these bytes, or a
        /// dry run).
        public var changed: Bool
        /// What changed against the published table (nil when nothing was published there).
        public var diff: RatingDiff?
        /// How the published table is named in messages.
        public var baselineName: String?
        /// What makes the table worse than the published one.
        public var regressions: [String]
        /// The table published, as read.
        public var table: RatingTable
        /// The ships the fleet file retires, with the day they left: their leaving is a
        /// retirement, not a loss.
        public var retired: [(name: String, since: String)] = []
        /// With ``Input/currentTables``: how the operator's current table is named
        /// (`Data/ratings/zsg.json`) and whether publishing changed it.
        public var current: (name: String, changed: Bool)?
    }

    /// The schema a checkout or an installation carries: `schemas/ship-ratings.schema.json`
    /// beside the data folder; nil when there is none there.
    public static func bundledSchema(besideData data: DataLayout) -> URL? {
        FileManager.default.fileExists(atPath: data.ratingSchema.path) ? data.ratingSchema : nil
    }

    /// What a publish reports: warnings.
    public enum Event: Sendable {
        case warning(String)
    }

    /// The job's input.
    public let input: Input

    /// A job for `input`.
    public init(_ input: Input) { self.input = input }

    /// Checks, gates and publishes.
    /// - Throws: `ShipRatingTable/RatingsError` for a table that is not valid, cites local
    ///   sources, or regresses; `SafeFiles/FileProblem` when a file cannot be read or
    ///   written. Nothing is published then.
    public func work(_: Validated, onEvent: @escaping @Sendable (Event) -> Void) async throws -> Result {
        let file = try TableFile.open(input.table, name: input.tableName)
        let implausible = TablePlausibility.problems(file.table)
        if !implausible.isEmpty {
            throw RatingsError.invalidFile(
                path: file.name,
                reason: "cannot be published: " + implausible.prefix(10).joined(separator: "; ")
                    + (implausible.count > 10 ? "; and \(implausible.count - 10) more" : ""))
        }
        if let schemaURL = input.schema {
            let violations = try JSONSchema(contentsOf: schemaURL).violations(ofJSON: file.data)
            if !violations.isEmpty {
                throw RatingsError.invalidFile(
                    path: file.name,
                    reason: "does not match the table format (\(schemaURL.lastPathComponent)): "
                        + violations.prefix(10).joined(separator: "; ")
                        + (violations.count > 10 ? "; and \(violations.count - 10) more" : ""))
            }
        } else {
            onEvent(.warning("no schema found beside the data folder; only the table's structure was checked"))
        }
        if !input.allowLocalSources {
            let local = RatingsJob.localSources(in: file.table)
            if let example = local.first { throw RatingsError.localSources(example: example, count: local.count) }
        }
        let retired = try input.fleet.map { try CuratedFleet.load(from: $0).retired } ?? []
        // A manifest naming a file outside its folder stops the run; a published table that is
        // damaged (truncated, edited, not a table) is replaced, and the run says so.
        var published: (table: RatingTable, name: String)?
        if let current = try TablePublisher.currentFile(in: input.destination, verifying: false) {
            do {
                try TablePublisher.verify(current, against: TablePublisher.readManifest(in: input.destination))
                published = (try RatingTable.load(from: current), "the published \(current.lastPathComponent)")
            } catch {
                onEvent(
                    .warning(
                        "the published \(current.lastPathComponent) is damaged (\(error)); it is replaced by this "
                            + "table, with no regression check against it"))
            }
        }
        let regressions =
            published.map {
                RatingDiff.regressions(
                    previous: $0.table, current: file.table, retired: retired.map(\.name), wording: input.wording)
            } ?? []
        if !regressions.isEmpty && !input.acceptRegression && !input.dryRun {
            throw RatingsError.regression(previous: published?.name ?? "the published table", problems: regressions)
        }
        var result = Result(
            manifest: nil, changed: false, diff: published.map { RatingDiff(previous: $0.table, current: file.table) },
            baselineName: published?.name, regressions: regressions, table: file.table, retired: retired)
        if input.dryRun { return result }
        try FileProblem.createFolder(input.destination)
        let (manifest, changed) = try TablePublisher.publish(tableData: file.data, to: input.destination)
        result.manifest = manifest
        result.changed = changed
        if let folder = input.currentTables {
            let tables = CurrentRatingTables(data: folder)
            let id = try tables.operatorHolding(file.data) ?? input.operatorID ?? OperatorCatalogue.homeID
            let made = try tables.record(file.data, for: id, origin: .published)
            result.current = (CurrentRatingTables.reference(for: id), made)
        }
        return result
    }
}
