package import DataFolderLayout
package import Foundation
import SafeFiles
package import ScheduleArchive
import ShipRatingTable

/// The rating tables a run that rates waves (`sessions`, `plan`, `today`, `feed`, `site update`)
/// uses, by one rule: the table given (`--ratings`), alone; else each chosen lake's operators'
/// current tables (``ShipRatingTable/CurrentRatingTables``: the one the maintainer last reviewed
/// or published, else the bundled one), so that one fleet change reaches every output. A lake
/// served by two operators gets both; the first lake's first operator's table is the main one
/// (its ships win a name two tables share, and reports name it).
package enum DefaultRatingTables {
    package struct Choice {
        package var main: (url: URL, name: String)
        package var more: [(url: URL, name: String)]
        /// Whose tables these are.
        package var origin: Origin
        /// The operators whose current tables these are, by id, the main one first (empty for a
        /// given table).
        package var operators: [String] = []
        /// One line for stderr: which table rates which lakes, and how each came to be.
        package var summary: String
        /// Tables the run can see that are newer than the one it rates with (a table written
        /// into another data folder, a what-if left in reports/): said, never silent.
        package var newer: [NewerTable] = []

        /// The operators whose tables ``more`` are, by id.
        package var moreOperators: [String] { Array(operators.dropFirst()) }
    }

    /// Whose tables a run rates with.
    package enum Origin: Equatable {
        /// The one the user named.
        case given
        /// The operators' current tables.
        case current
    }

    /// The operators' current tables for stations on `lakes`, from the data folder `data` and its
    /// operator catalogue. Lakes whose operators have no table are rated by none (their waves
    /// are unrated), and the summary says so; the home operator's table is then the main one all
    /// the same, for its format.
    /// - Throws: ``NoTable`` when no table is there at all; ``SafeFiles/FileProblem`` when the
    ///   register of current tables cannot be read.
    /// - Parameter replacing: a table given for one operator (its id), rating that operator's
    ///   lakes instead of its current table (`feed --ratings` for Lake Zurich's).
    package static func choose(
        lakes: [String], data: DataLayout, catalogue: OperatorCatalogue, replacing: Replacement? = nil
    ) throws -> Choice {
        let current = CurrentRatingTables(data: data)
        var ids: [String] = []
        var unrated: [String] = []
        var lakesOf: [String: [String]] = [:]
        for lake in lakes {
            let served = catalogue.operators(onLake: lake).filter { current.exists($0.id) }
            if served.isEmpty { unrated.append(lake) }
            for chosen in served {
                if !ids.contains(chosen.id) { ids.append(chosen.id) }
                lakesOf[chosen.id, default: []].append(lake)
            }
        }
        var tables = ids
        if tables.isEmpty {
            guard current.exists(OperatorCatalogue.homeID) else {
                throw NoTable(path: CurrentRatingTables.reference(for: OperatorCatalogue.homeID), scope: .dataFolder)
            }
            tables = [OperatorCatalogue.homeID]
        }
        let named = tables.map { id in
            replacing.flatMap { $0.operatorID == id ? (url: $0.url, name: $0.name) : nil }
                ?? (url: current.file(for: id), name: CurrentRatingTables.reference(for: id))
        }
        var parts: [String] = []
        var bundled: [String] = []
        for id in ids {
            let lakes = lakesOf[id, default: []].joined(separator: ", ")
            if let replacing, replacing.operatorID == id {
                parts.append("\(lakes) by the table given, \(replacing.name)" + (try stampWords(replacing.url)))
            } else if try current.origin(of: id) == nil && id != OperatorCatalogue.homeID {
                bundled.append(lakes)
            } else {
                parts.append("\(lakes) by \(try current.describe(id))")
            }
        }
        if !bundled.isEmpty {
            let lakes = bundled.count > 3 ? "\(bundled.count) more lakes" : bundled.joined(separator: ", ")
            parts.append("\(lakes) by their operators' bundled tables in Data/ratings/")
        }
        if !unrated.isEmpty {
            parts.append("\(unrated.joined(separator: ", ")): no operator's table, unrated")
        }
        return Choice(
            main: named[0], more: Array(named.dropFirst()), origin: .current, operators: ids,
            summary: "ratings: " + parts.joined(separator: "; "))
    }

    /// A table given for one operator's lakes.
    package struct Replacement {
        package var operatorID: String
        package var url: URL
        package var name: String
    }

    /// The tables a run at `stations` (nil: every station of `catalogue`) rates with: the one the
    /// user named (`given`, its path as given), alone — or, with `homeOnly`, in place of Lake
    /// Zurich's table only (`feed`) —; else the lakes' operators' current tables.
    /// - Parameter visible: tables the run can see beside its data folder (the working folder's
    ///   `reports/ship-ratings.json`, a site's published table), as (file, how to name it); one
    ///   newer than the table the run rates the same ships with is a warning.
    /// - Throws: ``NoTable`` (a missing input) when the named table is not there.
    package static func choose(
        given: String?, homeOnly: Bool = false, stations: [Station]?, catalogue: StationCatalogue, data: DataLayout,
        operators: OperatorCatalogue, visible: [Candidate] = []
    ) throws -> Choice {
        let lakes = Array(Set((stations ?? catalogue.stations).map(\.lake))).sorted {
            (catalogue.lakes.firstIndex(of: $0) ?? .max, $0) < (catalogue.lakes.firstIndex(of: $1) ?? .max, $1)
        }
        var choice: Choice
        var candidates = visible
        if let given {
            let url = URL(fileURLWithPath: given)
            guard FileManager.default.fileExists(atPath: url.path) else {
                throw NoTable(path: given, scope: .given)
            }
            if homeOnly {
                choice = try choose(
                    lakes: lakes, data: data, catalogue: operators,
                    replacing: Replacement(operatorID: OperatorCatalogue.homeID, url: url, name: given))
                let current = CurrentRatingTables(data: data)
                if current.exists(OperatorCatalogue.homeID) {
                    candidates.append(
                        Candidate(
                            url: current.file(for: OperatorCatalogue.homeID),
                            name: CurrentRatingTables.reference(for: OperatorCatalogue.homeID),
                            use: .leaveOutGiven))
                }
                choice.newer = newer(than: [choice.main] + choice.more, among: candidates)
                return choice
            }
            choice = Choice(
                main: (url, given), more: [], origin: .given,
                summary: "ratings: the table given, \(given)" + (try stampWords(url)))
            // The lakes' current tables are newer tables the run can see.
            let current = CurrentRatingTables(data: data)
            for lake in lakes {
                for chosen in operators.operators(onLake: lake) where current.exists(chosen.id) {
                    candidates.append(
                        Candidate(
                            url: current.file(for: chosen.id), name: CurrentRatingTables.reference(for: chosen.id),
                            use: .leaveOutGiven))
                }
            }
        } else {
            choice = try choose(lakes: lakes, data: data, catalogue: operators)
        }
        choice.newer = newer(than: [choice.main] + choice.more, among: candidates)
        return choice
    }

    /// ", generated 2026-11-27" for a table file with a stamp.
    static func stampWords(_ url: URL) throws -> String {
        try CurrentRatingTables.generatedAt(of: url).map { " (generated \($0.prefix(10)))" } ?? ""
    }

    /// Each table of `candidates` that rates a ship one of `used` rates too, and was generated
    /// after it. Unreadable candidates are passed over: they are not the run's inputs.
    static func newer(than used: [(url: URL, name: String)], among candidates: [Candidate]) -> [NewerTable] {
        let tables = used.compactMap { entry in (try? RatingTable.load(from: entry.url)).map { (entry, $0) } }
        let usedPaths = Set(used.map { $0.url.standardizedFileURL.resolvingSymlinksInPath().path })
        var lines: [NewerTable] = []
        var seen = Set<String>()
        for candidate in candidates {
            let path = candidate.url.standardizedFileURL.resolvingSymlinksInPath().path
            guard !usedPaths.contains(path), seen.insert(path).inserted,
                let other = try? RatingTable.load(from: candidate.url)
            else { continue }
            for (entry, table) in tables where other.generatedAt > table.generatedAt {
                let lookup = RatingLookup(table)
                guard other.ships.contains(where: { lookup.ship(matching: $0) != nil }) else { continue }
                lines.append(
                    NewerTable(
                        name: candidate.name, generatedAt: other.generatedAt, used: entry.name,
                        usedGeneratedAt: table.generatedAt, use: candidate.use))
                break
            }
        }
        return lines
    }

    /// A table a run can see besides the ones it rates with.
    package struct Candidate {
        package var url: URL
        /// How messages name it (`reports/ship-ratings.json`, `site/ratings/manifest.json`'s table).
        package var name: String
        /// What to do to rate with it.
        package var use: Use

        package init(url: URL, name: String, use: Use) {
            self.url = url
            self.name = name
            self.use = use
        }

        /// The table a publishing folder's `manifest.json` names (`ratings publish --to`), when
        /// there is one: `folder` as the user named it.
        package static func published(in folder: URL, name: String) -> [Candidate] {
            struct Manifest: Decodable { var current: String }
            let manifest = folder.appendingPathComponent("manifest.json")
            guard FileManager.default.fileExists(atPath: manifest.path),
                let current = try? JSONFile.decode(
                    Manifest.self, at: manifest, what: "publishing manifest", limit: BoundedFile.tableLimit
                ).current,
                !current.contains("/"), !current.hasPrefix(".")
            else { return [] }
            return [.passable(folder.appendingPathComponent(current), as: name)]
        }

        /// The tables `nextwave ratings` left in the working folder's reports folders, one per
        /// operator (`reports/ship-ratings.json`, `reports/<id>/ship-ratings.json`): a run that
        /// rates with an older table says so.
        package static func reviewed(by operators: OperatorCatalogue) -> [Candidate] {
            operators.operators.compactMap { chosen in
                let path = ReportsLayout.table(in: chosen.reportsFolder)
                guard FileManager.default.fileExists(atPath: path) else { return nil }
                return .passable(URL(fileURLWithPath: path), as: path)
            }
        }

        /// The table published into a site folder (`SITE/ratings`, `ratings publish --to`), named
        /// as the site was given.
        package static func published(inSite site: String) -> [Candidate] {
            published(in: URL(fileURLWithPath: site).appendingPathComponent("ratings"), name: "\(site)/ratings")
        }

        /// A table a person may pass as `--ratings argument`, or publish to make it current.
        package static func passable(_ url: URL, as argument: String) -> Candidate {
            Candidate(url: url, name: argument, use: .pass(argument: argument))
        }
    }
}
