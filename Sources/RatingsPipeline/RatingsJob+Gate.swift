@_spi(Benchmarks) import FleetScraper
import Foundation
import JobContract
import ShipRatingTable

/// Stage 2 of a ratings run: the baseline the new table is compared with (the previous table
/// named, else the one in the output folder) and the regression gate; ships whose pages are gone
/// stay until the fleet file retires them.
extension RatingsJob {
    /// Stage 2 (under the folder's lock): the table against the baseline. Carries vanished
    /// pages over, finds regressions (and stops on them unless accepted or a dry run), and keeps
    /// `generatedAt` when the content did not change.
    struct Checked {
        var result: Result
        var built: Built
        /// Whether every output is already in `out` and the table unchanged (nothing to write).
        var upToDate: Bool
    }

    func guardAgainstBaseline(
        _ built: Built, previous: Previous = .notGiven, onEvent: @escaping @Sendable (Event) -> Void
    ) throws -> Checked {
        var run = built.run
        let scrape = built.scrape
        let existing = try existingTable(onEvent: onEvent)
        let baseline = try baseline(existing: existing, previous: previous)
        run.table = Self.keepingVanished(
            scrape.vanished, previous: baseline?.table, in: run.table, retired: run.retired.map(\.name))
        run.table = RatingDiff.carryingPageMissing(
            previous: baseline?.table, into: run.table, date: String(run.table.generatedAt.prefix(10)))
        let renames =
            baseline.map {
                Self.renamedPages(previous: $0.table, current: run.table, held: run.held, wording: input.wording)
            } ?? []
        let regressions =
            (baseline.map {
                RatingDiff.regressions(
                    previous: $0.table, current: run.table, retired: run.retired.map(\.name), wording: input.wording)
            } ?? [])
            + run.held + renames
        if !regressions.isEmpty && !input.acceptRegression && !input.dryRun {
            throw RatingsError.regression(
                previous: baseline?.name ?? "the previous table", problems: regressions,
                vanished: Self.vanishedShips(scrape.vanished, previous: baseline?.table))
        }
        // generatedAt moves only with the content: an unchanged table is byte for byte the same.
        var unchanged = false
        if let existing {
            var same = run.table
            same.generatedAt = existing.generatedAt
            if same == existing {
                run.table = same
                unchanged = true
            }
        }
        let diff = baseline.map { RatingDiff(previous: $0.table, current: run.table) }
        let complete = outputNames.allSatisfy {
            FileManager.default.fileExists(atPath: input.out.appendingPathComponent($0).path)
        }
        var built = built
        built.run = run
        return Checked(
            result: Result(
                run: run, written: [], diff: diff, unchanged: unchanged, published: nil,
                baselineName: baseline?.name ?? previous.nothingPublishedName,
                regressions: regressions, vanished: scrape.vanished),
            built: built, upToDate: unchanged && complete && input.previous == nil)
    }

    /// The files this run writes into `out`, in order.
    var outputNames: [String] {
        let names = Self.outputs
        return (input.legacyCSV ? [names.legacyCSV] : []) + [names.table, names.csv, names.markdown, names.chart]
    }

    /// The table already in `out` (nil when there is none). An unreadable one stops the run
    /// unless ``Input/acceptRegression`` (it would be replaced unchecked).
    func existingTable(onEvent: @Sendable (Event) -> Void) throws -> RatingTable? {
        let url = input.out.appendingPathComponent(Self.outputs.table)
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        do { return try RatingTable.load(from: url) } catch {
            let reason: String
            if case RatingsError.invalidFile(_, let why, _) = error { reason = why } else { reason = "\(error)" }
            guard input.acceptRegression else {
                throw RatingsError.unreadableExisting(path: existingName, reason: reason)
            }
            onEvent(.warning("\(existingName) cannot be read (\(reason)); replaced, as regressions are accepted"))
            return nil
        }
    }

    /// The table the new one is checked and compared against, wherever it comes from: the one
    /// given with `--previous`, else the one in `out`, else the last one published into
    /// `--publish`.
    func baseline(existing: RatingTable?, previous: Previous) throws -> (table: RatingTable, name: String)? {
        switch previous {
        case .table(let file): return (file.table, file.name)
        case .nothingPublished: return nil
        case .notGiven: break
        }
        if let existing { return (existing, existingName) }
        if let publish = input.publish, let (table, name) = try TablePublisher.current(in: publish) {
            return (table, name)
        }
        return nil
    }

    /// The table `--previous` names, as the run compares against it.
    enum Previous {
        /// No `--previous`: the table in `out`, else the one published to `publish`.
        case notGiven
        case table(TableFile)
        /// A publishing folder with nothing published yet (a first publication): every ship is
        /// new; the name says so.
        case nothingPublished(String)

        var nothingPublishedName: String? {
            if case .nothingPublished(let name) = self { name } else { nil }
        }
    }

    /// ``Input/previous`` opened: a table, or a publishing folder that does not hold one yet (not
    /// there at all, or empty), which a first publication starts from.
    /// - Throws: `SafeFiles/FileProblem` for a table file that is not there, or a folder
    ///   with files but no table; `ShipRatingTable/RatingsError` for one that is not a table.
    func openPrevious() throws -> Previous {
        guard let previous = input.previous else { return .notGiven }
        let name = input.previousName ?? previous.lastPathComponent
        if TableFile.isUnpublishedFolder(previous) {
            return .nothingPublished("\(name) (nothing is published there yet: a first publication)")
        }
        return .table(try TableFile.open(previous, name: name))
    }

    /// Pages that described a ship of `previous` and now name a ship that table did not have: the
    /// ship was probably renamed. One finding each, with the command (unless the fleet file's
    /// own sources found it already, in `held`).
    static func renamedPages(
        previous: RatingTable, current: RatingTable, held: [String], wording: any RemedyWording
    ) -> [String] {
        let before = RatingLookup(previous)
        var findings: [String] = []
        for ship in current.ships {
            guard let page = ship.source.page, before.ship(matching: ship) == nil,
                let old = previous.ships.first(where: { $0.source.page == page }),
                RatingLookup(current).ship(matching: old)?.source.page != page,
                !held.contains(where: { $0.hasPrefix(page) })
            else { continue }
            findings.append(
                "\(page) described \(old.name) in the previous table and now names \(ship.name). If the ship was "
                    + "renamed: \(wording.words(for: .rename(ship: old.name, to: ship.name))); if the page now "
                    + "describes another ship: \(wording.words(for: .add(ship: ship.name, differentShip: false))) "
                    + "with its figures and a source")
        }
        return findings
    }

    /// `table` with every ship of `previous` whose page is now gone and that the new run no
    /// longer has (a ship known only from its page): kept as it was, without its page, so that
    /// the change is a flagged ship and not a silent loss. A ship the fleet file retires
    /// (`retired`, by name or alias) is not kept: its leaving is the change asked for.
    static func keepingVanished(
        _ vanished: [VanishedPage], previous: RatingTable?, in table: RatingTable, retired: [String] = []
    ) -> RatingTable {
        guard let previous, !vanished.isEmpty else { return table }
        let gone = Set(vanished.map(\.url))
        let lookup = RatingLookup(table)
        let retiredKeys = Set(retired.map(ShipNames.key))
        var kept = table
        for old in previous.ships {
            guard let page = old.source.page, gone.contains(page), lookup.ship(matching: old) == nil,
                !([old.name] + old.aliases).contains(where: { retiredKeys.contains(ShipNames.key($0)) })
            else { continue }
            var ship = old
            ship.source.page = nil
            kept.ships.append(ship)
        }
        return kept
    }

    /// The vanished pages of a held run with the ships the previous table rated from them.
    static func vanishedShips(_ vanished: [VanishedPage], previous: RatingTable?) -> [VanishedShipPage] {
        vanished.map { page in
            VanishedShipPage(
                url: page.url, status: page.status, redirectedTo: page.redirectedTo,
                ship: previous?.ships.first { $0.source.page == page.url }?.name)
        }
    }
}
