import Foundation
import JobContract
@_spi(Benchmarks) import LegacyWakeModel
@_spi(Benchmarks) import RatingsReports
import SafeFiles
import ShipRatingTable
import TextFormats

/// Stage 3 of a ratings run: every output written as one atomic set, the reviewed bytes
/// published, and the table made the current one.
extension RatingsJob {
    /// Stage 3: every output into `out` as one atomic set (the caller holds the folder's lock).
    /// When the table is unchanged and every output is there, the table and `ratings.md` (the
    /// record of the run that last changed the table, with its changes) stay; the outputs drawn
    /// from the table alone (the CSVs, the chart) are rewritten, as one set, only where this
    /// version renders them differently, so that a renderer's fix reaches them without a new
    /// table. Returns the names written.
    func write(_ checked: Checked) throws -> [String] {
        let run = checked.result.run
        let names = Self.outputs
        let file = { (name: String) in input.out.appendingPathComponent(name) }
        let legacy = input.legacyCSV ? [(names.legacyCSV, Data(LegacyShipDataCSV.render(run.scraped).utf8))] : []
        let csv = (names.csv, Data(RatingsCSV.render(run.table, style: input.csvStyle).utf8))
        let chart = (names.chart, Data(RatingsChartSVG.render(run.table).utf8))
        if checked.upToDate {
            // Read bounded and as regular files only: anything else there is stale, and replaced.
            let stale = (legacy + [csv, chart]).filter { name, data in (try? BoundedFile.read(file(name))) != data }
            if !stale.isEmpty { try AtomicFileWriter.writeAll(stale.map { (file($0.0), $0.1) }, locking: false) }
            return stale.map(\.0)
        }
        let markdown = RatingsMarkdown.render(
            .init(
                run: run, appRatings: checked.built.app, diff: checked.result.diff,
                previousName: checked.result.baselineName.map(portable), pageSource: checked.built.sourceDescription,
                chartFile: names.chart, wording: input.wording))
        let markdownText = FleetCommandText.naming(
            markdown, fleetArgument: FleetCommandText.forReport(input.fleetArgument))
        let all =
            legacy + [(names.table, try run.table.jsonData()), csv, chart, (names.markdown, Data(markdownText.utf8))]
        try AtomicFileWriter.writeAll(all.map { (file($0.0), $0.1) }, locking: false)
        return outputNames
    }

    /// Makes the table now in `out` the operator's current table, when ``Input/current`` asks:
    /// published when the run published it, else reviewed.
    func makeCurrent(_ result: inout Result) throws {
        guard let target = input.current else { return }
        let data = try BoundedFile.read(
            input.out.appendingPathComponent(Self.outputs.table), limit: BoundedFile.tableLimit, what: "rating table")
        let changed = try CurrentRatingTables(data: target.data).record(
            data, for: target.operatorID, origin: input.publish == nil ? .reviewed : .published)
        result.current = (CurrentRatingTables.reference(for: target.operatorID), changed)
    }

    /// `name` (a table or folder as messages name it) as the report names it: the path the user
    /// gave for `--previous`, if it leads, without the folders of this machine.
    func portable(_ name: String) -> String {
        guard let given = input.previousName, name.hasPrefix(given) else { return name }
        return PortablePath.name(given) + name.dropFirst(given.count)
    }

    /// Stage 4: publishes the table now in `out` — the bytes that were reviewed, not a recomputation —
    /// when `publish` is set; nothing is written when it is already the published one.
    func publishReviewed(into result: inout Result) throws {
        guard let publish = input.publish else { return }
        let data = try BoundedFile.read(
            input.out.appendingPathComponent(Self.outputs.table), limit: BoundedFile.tableLimit, what: "rating table")
        guard !input.lakePackages.isEmpty else {
            let (manifest, changed) = try TablePublisher.publish(tableData: data, to: publish)
            result.published = manifest
            result.publishedUnchanged = !changed
            return
        }
        // Every lake's package, or none: a folder that cannot be written leaves all as they were.
        var packages: [(data: Data, directory: URL)] = []
        for package in input.lakePackages {
            let table = try RatingTable.decode(data, path: input.out.appendingPathComponent(Self.outputs.table).path)
                .merging(package.others.map(RatingTable.load(from:)))
            packages.append((try table.jsonData(), package.folder))
        }
        let (manifests, anyChanged) = try TablePublisher.publishAll(packages, below: publish)
        result.published = manifests.last
        result.lakesPublished = input.lakePackages.map { $0.folder.lastPathComponent }
        result.publishedUnchanged = !anyChanged
    }

    /// The existing table in `out`, as the user named it.
    var existingName: String { (input.outName as NSString).appendingPathComponent(Self.outputs.table) }

    /// Sources of the table the apps' users could not open: loopback hosts and files, "ship:
    /// URL" for each.
    static func localSources(in table: RatingTable) -> [String] {
        table.ships.flatMap { ship in
            [ship.source.page, ship.source.lengthM, ship.source.beamM, ship.source.displacementT].compactMap { $0 }
                .filter(isLocal).map { "\(ship.name): \($0)" }
        }
    }

    static func isLocal(_ source: String) -> Bool {
        guard let url = URL(string: source), let scheme = url.scheme?.lowercased() else { return false }
        if scheme == "file" { return true }
        let host = url.host?.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "[]")) ?? ""
        return host == "localhost" || host.hasPrefix("127.") || host == "::1" || host == "0.0.0.0"
    }
}
