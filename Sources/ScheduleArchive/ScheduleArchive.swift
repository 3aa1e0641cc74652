import CivilTime
public import Foundation
package import SafeFiles

/// A schedule archive: a directory that is the historical record, and its schedule store.
///
/// ```
/// <archive>/stationboards/<YYYY-MM-DD>/<uic>.json   raw /v1/stationboard bodies
/// <archive>/deployments/<YYYY-MM-DD>.json            ship assignments (two accepted shapes)
/// <archive>/schedule.sqlite                          the store: index of the above + GTFS imports
/// ```
/// The raw files are the record; the store is rebuilt from them incrementally by ``refresh()``
/// (only new, changed or removed files are touched). GTFS feeds are imported into the store
/// directly (``GTFSImporter``): the feed file is their record.
public final class ScheduleArchive {
    public let directory: URL
    /// The store: the archive's file, that file opened read-only (a folder this user cannot
    /// write), or an in-memory index of the raw files for this run.
    public private(set) var store: ScheduleStore
    /// Set when the store lives in memory for this run (the directory is not writable and its
    /// store is missing, unreadable or out of date).
    public private(set) var storeIsTemporary: Bool

    package static let storeFileName = "schedule.sqlite"

    public var stationboardsDirectory: URL { directory.appendingPathComponent(Self.stationboardsFolder) }
    public var deploymentsDirectory: URL { directory.appendingPathComponent(Self.deploymentsFolder) }

    /// Opens an archive directory (creating nothing but the store).
    /// - Parameter storeURL: where the store lives; default `<directory>/schedule.sqlite`, or an
    ///   in-memory store when that cannot be created (read-only checkout).
    public init(directory: URL, storeURL: URL? = nil) throws {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory), isDirectory.boolValue
        else { throw ArchiveError.unreadable(path: directory.path, reason: "no such archive directory") }
        self.directory = directory
        // Creating or migrating the store is a change: under the archive's lock.
        let lock = try Self.lock(directory, exclusive: true)
        defer { withExtendedLifetime(lock) {} }
        let url = storeURL ?? directory.appendingPathComponent(Self.storeFileName)
        let exists = FileManager.default.fileExists(atPath: url.path)
        if storeURL == nil,
            !FileManager.default.isWritableFile(atPath: directory.path)
                || (exists && !FileManager.default.isWritableFile(atPath: url.path))
        {
            // A read-only checkout or install: its store as it is, else an index in memory.
            if exists, let readOnly = try? ScheduleStore(readingOnly: url) {
                store = readOnly
                storeIsTemporary = false
            } else {
                store = try ScheduleStore(url: nil)
                storeIsTemporary = true
            }
        } else {
            (store, repairNote) = try Self.openChecked(url, existed: exists)
            storeIsTemporary = false
        }
    }

    /// Set when the store's file was damaged and is being rebuilt from the archive's files: the
    /// next ``refresh()`` names it among the files it could not read.
    private var repairNote: String?

    /// Opens the store at `url`, checking an existing file's integrity (`PRAGMA quick_check`).
    /// A damaged store that holds only what the archive's files give is moved aside
    /// (`schedule.sqlite.damaged`) and rebuilt from them; one that holds GTFS imports, which only
    /// their feeds give back, is refused with what to do (a damaged store once answered a plan
    /// with a changed ship, and took a GTFS import as if sound).
    private static func openChecked(_ url: URL, existed: Bool) throws -> (ScheduleStore, String?) {
        var problems: [String] = []
        var opened: ScheduleStore?
        do {
            opened = try ScheduleStore(url: url)
        } catch let error as ArchiveError {
            // Another schema version is a newer tool's store, not damage: said as it is.
            if case .otherSchema = error { throw error }
            problems = ["\(error)"]
        } catch {
            problems = ["\(error)"]
        }
        if let opened, existed { problems = opened.integrityProblems() }
        if let opened, problems.isEmpty { return (opened, nil) }
        // quick_check's first line may be a heading ("*** in database main ***").
        let first = problems.prefix(2).joined(separator: " ").replacingOccurrences(of: "\n", with: " ")
        let firstWords = first.isEmpty ? "cannot be read" : String(first.prefix(200))
        // What the damaged file says it holds, as far as it can be read.
        let sources = try? opened?.sources()
        let feeds = sources?.values.filter { $0.kind == .gtfs }.map(\.path).sorted()
        if feeds == nil || feeds?.isEmpty == false {
            throw ArchiveError.damagedStore(path: url.path, problem: firstWords, feeds: feeds ?? [])
        }
        opened = nil
        let aside = url.path + ".damaged"
        for suffix in ["", "-wal", "-shm"] {
            _ = unlink(aside + suffix)
            _ = rename(url.path + suffix, aside + suffix)
        }
        let store = try ScheduleStore(url: url)
        return (
            store,
            "\(url.lastPathComponent): the store was damaged (\(firstWords)); it is rebuilt from the archive's files, the "
                + "damaged file kept as \(url.lastPathComponent).damaged"
        )
    }

    /// What one ``refresh()`` did.
    public struct RefreshReport: Sendable {
        @_spi(Benchmarks) public var indexed = 0
        package var unchanged = 0
        package var removed = 0
        package var departures = 0
        /// Files that could not be read, each with the reason (file named). They are left out;
        /// everything else is indexed.
        package var skipped: [String] = []
    }

    /// Runs `body` holding the archive's folder lock: exclusive for anything that changes the
    /// store or its files (refresh, GTFS import, fetch), shared for reading it (a survey), so
    /// that two runs never interleave their changes or read half of one. A second run waits
    /// (``SafeFiles/DirectoryLock``).
    package func withLock<T>(exclusive: Bool, _ body: () throws -> T) throws -> T {
        let lock = try Self.lock(directory, exclusive: exclusive)
        defer { withExtendedLifetime(lock) {} }
        return try body()
    }

    package static func lock(_ directory: URL, exclusive: Bool) throws -> DirectoryLock {
        do { return try DirectoryLock(directory, exclusive: exclusive) } catch let problem as FileProblem {
            throw ArchiveError.unreadable(problem)
        }
    }

    /// Brings the store up to date with the raw files: indexes new and changed files, drops
    /// removed ones. A malformed file is reported in ``RefreshReport/skipped`` and left out; the
    /// others are indexed. All changes land in one transaction, under the archive's lock.
    @_spi(Benchmarks) public func refresh(progress: ((Int, Int) -> Void)? = nil) throws -> RefreshReport {
        try withLock(exclusive: true) { try refreshLocked(progress: progress) }
    }

    private func refreshLocked(progress: ((Int, Int) -> Void)?) throws -> RefreshReport {
        var report = RefreshReport()
        if let note = repairNote {
            report.skipped.append(note)
            repairNote = nil
        }
        var known = try store.sources()
        let files = try rawFiles()
        if store.isReadOnly {
            let current = Set(files.map { "\($0.relativePath)|\($0.size)|\($0.modified)" })
            let indexed = Set(known.values.filter { $0.kind != .gtfs }.map { "\($0.path)|\($0.size)|\($0.modified)" })
            if current == indexed {
                report.unchanged = files.count
                return report
            }
            // The files changed since the read-only store was built: index them in memory for
            // this run (its GTFS imports cannot come along).
            store = try ScheduleStore(url: nil)
            storeIsTemporary = true
            known = [:]
        }
        var seen = Set<String>()
        try store.transaction {
            var changed: [RawFile] = []
            var done = 0  // files indexed or found unchanged, for the progress
            for file in files {
                seen.insert(file.relativePath)
                if let record = known[file.relativePath], record.size == file.size,
                    record.modified == file.modified
                {
                    done += 1
                    progress?(done, files.count)
                    report.unchanged += 1
                    continue
                }
                changed.append(file)
            }
            // Reading and parsing is most of indexing: the next files are parsed on a second
            // thread while this one stores the ones before, in order.
            try BoundedPipe<(file: RawFile, parsed: Result<ParsedFile, any Error>)>.overlap(
                producer: "archive files", depth: 8,
                produce: { put in for file in changed { try put((file, Result { try Self.parse(file) })) } },
                consume: { item in
                    done += 1
                    progress?(done, files.count)
                    do {
                        report.departures += try index(try item.parsed.get(), of: item.file)
                        report.indexed += 1
                    } catch let error as ArchiveError {
                        try store.removeSource(path: item.file.relativePath)
                        report.skipped.append(error.description)
                    }
                })
            for (path, record) in known where !seen.contains(path) && record.kind != .gtfs {
                try store.removeSource(path: path)
                report.removed += 1
            }
        }
        // What the refresh wrote, in the store's file itself (``ScheduleStore/checkpoint()``).
        if report.indexed > 0 || report.removed > 0 { try store.checkpoint() }
        return report
    }

    /// What a raw file holds, parsed and not yet stored.
    enum ParsedFile {
        case stationboard(station: Int, name: String?, departures: [Departure])
        case deployments(date: LocalDate, assignments: [ShipAssignment])
    }

    /// Reads and parses one raw file (no store access: it runs beside the storing thread).
    static func parse(_ file: RawFile) throws -> ParsedFile {
        let data: Data
        do { data = try BoundedFile.read(file.url, what: "archive file") } catch let problem as FileProblem {
            throw ArchiveError.unreadable(problem)
        }
        switch file.kind {
        case .stationboard(_, let uic):
            let board = try StationboardReader.departures(from: data, path: file.url.path, expectedStation: uic)
            return .stationboard(station: board.station, name: board.name, departures: board.departures)
        case .deployments(let date):
            return .deployments(
                date: date, assignments: try DeploymentReader.assignments(from: data, path: file.url.path))
        }
    }

    /// Stores one parsed raw file as a new source; returns its departures.
    private func index(_ parsed: ParsedFile, of file: RawFile) throws -> Int {
        switch parsed {
        case .stationboard(let station, let name, let departures):
            let source = try store.beginSource(
                kind: .stationboard, path: file.relativePath, size: file.size, modified: file.modified)
            let writer = try store.departureWriter(source: source)
            try writer.add(contentsOf: departures)
            if let name { try store.setStationName(name, uic: station) }
            return writer.count
        case .deployments(let date, let assignments):
            let source = try store.beginSource(
                kind: .deployments, path: file.relativePath, size: file.size, modified: file.modified)
            try store.addAssignments(assignments, filed: date, source: source)
            // The stops of allocated courses, as departures of this source: the store reads them
            // only for courses the timetable lacks that day (special cruises).
            let writer = try store.departureWriter(source: source)
            try writer.add(contentsOf: Self.allocatedDepartures(assignments))
            return writer.count
        }
    }

    /// The departures of allocated courses with timed stops at known stations: every stop but
    /// the last (an arrival, and the departures' destination), at its local time on the
    /// assignment's day (Europe/Zurich); paddle steamers (`DS …`) as BAV, other ships as BAT.
    static func allocatedDepartures(_ assignments: [ShipAssignment], clock: ZoneClock = .zurich) -> [Departure] {
        var result: [Departure] = []
        for a in assignments where a.stops.count >= 2 {
            for stop in a.stops.dropLast() {
                guard let uic = stop.uic, let seconds = ShipAssignment.seconds(ofTime: stop.time) else { continue }
                let time = clock.unixTime(of: a.date, secondsAfterMidnight: seconds)
                guard SupportedDates.contains(unix: time) else { continue }
                result.append(
                    Departure(
                        station: uic, date: clock.localDate(at: time), time: time, course: a.course,
                        category: a.ship.hasPrefix("DS ") ? "BAV" : "BAT", destination: a.stops.last?.name))
            }
        }
        return result
    }

    enum RawKind {
        case stationboard(date: LocalDate, uic: Int)
        case deployments(date: LocalDate)
    }

    struct RawFile {
        var url: URL
        var relativePath: String
        var kind: RawKind
        var size: Int64
        var modified: Double
    }

    /// Raw files by the layout's naming rules; files that break them are not archive files
    /// and are ignored (README, notes).
    func rawFiles() throws -> [RawFile] {
        let manager = FileManager.default
        var files: [RawFile] = []
        func attributes(_ url: URL) -> (Int64, Double)? {
            guard let values = try? manager.attributesOfItem(atPath: url.path),
                let size = values[.size] as? NSNumber, let date = values[.modificationDate] as? Date
            else { return nil }
            return (size.int64Value, date.timeIntervalSince1970)
        }
        // A folder that is not there holds nothing; one that cannot be read is an error (else the
        // refresh would take its files for removed and drop them from the store).
        func listing(_ folder: URL) throws -> [String] {
            var isDirectory: ObjCBool = false
            guard manager.fileExists(atPath: folder.path, isDirectory: &isDirectory), isDirectory.boolValue else {
                return []
            }
            do { return try manager.contentsOfDirectory(atPath: folder.path).sorted() } catch {
                throw ArchiveError.unreadable(
                    path: folder.path, reason: "cannot list the folder (\(error.localizedDescription))")
            }
        }
        do {
            for day in try listing(stationboardsDirectory) {
                guard let date = LocalDate(iso: day) else { continue }
                let folder = stationboardsDirectory.appendingPathComponent(day)
                for name in try listing(folder) {
                    guard name.hasSuffix(".json"), let uic = Int(name.dropLast(5)) else { continue }
                    let url = folder.appendingPathComponent(name)
                    guard let (size, modified) = attributes(url) else { continue }
                    files.append(
                        RawFile(
                            url: url, relativePath: "stationboards/\(day)/\(name)",
                            kind: .stationboard(date: date, uic: uic), size: size, modified: modified))
                }
            }
        }
        do {
            for name in try listing(deploymentsDirectory) {
                guard name.hasSuffix(".json"), let date = LocalDate(iso: name.dropLast(5)) else { continue }
                let url = deploymentsDirectory.appendingPathComponent(name)
                guard let (size, modified) = attributes(url) else { continue }
                files.append(
                    RawFile(
                        url: url, relativePath: "deployments/\(name)", kind: .deployments(date: date), size: size,
                        modified: modified))
            }
        }
        return files
    }
}
