public import Foundation

/// What a data folder (`Data/` of the repository, or the installed copy) holds and where: the one
/// place that knows its file names, so that the command line, the jobs and a library client read
/// the same files. Nothing here reads or checks a file; ``DataFolder`` finds the folder.
///
/// ```
/// Data/fleet.json                 Lake Zurich's curated fleet (its ships, dimensions, sources)
/// Data/fleets/<id>.json           the other operators' curated fleets (as operators.json names them)
/// Data/operators.json             the operator catalogue
/// Data/stations.json              the app's stations
/// Data/schedule_periods.json      the app's timetable periods
/// Data/app-ratings.json           the ratings the app ships today
/// Data/operating-speeds.json      cruising speeds fitted from the archive (optional)
/// Data/ratings/<id>.json          each operator's current rating table
/// Data/archive/<name>/            schedule archives (zsg-2026-09 bundled)
/// Data/snapshots/<name>/          saved ship pages (zsg-2025-01-14 bundled)
/// Data/pages/zsg-2026.txt         the operator's current ship pages
/// schemas/ship-ratings.schema.json   beside the folder: the table's JSON schema
/// ```
public struct DataLayout: Sendable, Equatable {
    /// The data folder itself.
    public var root: URL

    /// The layout of the data folder at `root`.
    public init(root: URL) { self.root = root }

    /// The folder's name in a checkout and an installation, and in every citation.
    public static let folderName = "Data"

    /// The file names, relative to the folder.
    public enum Name {
        public static let fleet = "fleet.json"
        public static let operators = "operators.json"
        public static let stations = "stations.json"
        public static let schedulePeriods = "schedule_periods.json"
        public static let appRatings = "app-ratings.json"
        public static let courseSpeeds = "operating-speeds.json"
        public static let ratingTables = "ratings"
        public static let archives = "archive"
        public static let snapshots = "snapshots"
        public static let currentPages = "pages/zsg-2026.txt"
        /// The archive of assigned courses the toolkit ships (September 2026, Lake Zurich).
        public static let bundledArchive = "zsg-2026-09"
        /// The snapshot of Lake Zurich's ship pages the legacy table was made from.
        public static let bundledSnapshot = "zsg-2025-01-14"
        /// The rating table's schema, in the folder `schemas/` beside the data folder.
        public static let ratingSchema = "schemas/ship-ratings.schema.json"
    }

    /// A file or folder of the data folder by its path relative to it (an operator's fleet file
    /// as `operators.json` names it).
    public func file(_ relative: String) -> URL { root.appendingPathComponent(relative) }

    /// Lake Zurich's curated fleet file.
    public var fleet: URL { file(Name.fleet) }
    /// The operator catalogue.
    public var operators: URL { file(Name.operators) }
    /// The app's station list.
    public var stations: URL { file(Name.stations) }
    /// The app's timetable periods.
    public var schedulePeriods: URL { file(Name.schedulePeriods) }
    /// The ratings the app ships today, which a new table is checked against.
    public var appRatings: URL { file(Name.appRatings) }
    /// The cruising speeds `nextwave fleet speeds` fits (it may not exist).
    public var courseSpeeds: URL { file(Name.courseSpeeds) }
    /// The folder of the operators' current rating tables.
    public var ratingTables: URL { root.appendingPathComponent(Name.ratingTables, isDirectory: true) }
    /// Operator `id`'s current rating table (it may not exist).
    public func currentTable(operatorID id: String) -> URL { ratingTables.appendingPathComponent("\(id).json") }
    /// The schedule archive `name`.
    public func archive(_ name: String = Name.bundledArchive) -> URL {
        root.appendingPathComponent("\(Name.archives)/\(name)", isDirectory: true)
    }
    /// The folder of saved ship-page snapshots.
    public var snapshots: URL { root.appendingPathComponent(Name.snapshots, isDirectory: true) }
    /// The snapshot `name`.
    public func snapshot(_ name: String = Name.bundledSnapshot) -> URL {
        snapshots.appendingPathComponent(name, isDirectory: true)
    }
    /// The list of the operator's current ship pages.
    public var currentPages: URL { file(Name.currentPages) }
    /// The rating table's JSON schema beside the data folder (a checkout's or an installation's).
    public var ratingSchema: URL { root.deletingLastPathComponent().appendingPathComponent(Name.ratingSchema) }

    /// The file of this folder that a path as reports and the README's examples write it
    /// (`Data/<relative>`) cites; nil for any other path.
    public func file(cited path: String) -> URL? {
        let prefix = Self.reference("")
        return path.hasPrefix(prefix) ? file(String(path.dropFirst(prefix.count))) : nil
    }

    /// How reports, tables and messages cite a file of any data folder: `Data/<relative>` (never
    /// a machine path).
    public static func reference(_ relative: String) -> String { "\(folderName)/\(relative)" }

    /// How a table or report cites `file`: `Data/<path>` when it is inside this folder, else the
    /// file's name alone (outputs carry no machine paths).
    public func reference(for file: URL) -> String {
        let path = file.standardizedFileURL.resolvingSymlinksInPath().path
        let folder = root.standardizedFileURL.resolvingSymlinksInPath().path
        if path.hasPrefix(folder + "/") { return Self.reference(String(path.dropFirst(folder.count + 1))) }
        return file.lastPathComponent
    }
}

/// Where `nextwave ratings` writes its reports by default, relative to the working folder:
/// `reports/` for Lake Zurich's operator, `reports/<id>/` for the others.
public enum ReportsLayout {
    /// The default operator's reports folder.
    public static let folder = "reports"
    /// The table a ratings run leaves there.
    public static let tableFileName = "ship-ratings.json"

    /// The reports folder of operator `id`.
    public static func folder(operatorID id: String, isHome: Bool) -> String { isHome ? folder : "\(folder)/\(id)" }

    /// The table in a reports folder.
    public static func table(in folder: String) -> String { "\(folder)/\(tableFileName)" }
}
