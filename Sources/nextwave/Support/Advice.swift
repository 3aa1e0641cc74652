import Foundation
import RatingsPipeline
import SessionsPipeline
import ShipRatingTable

/// What the user can do about an error, in the command line's terms (its options and
/// commands). The libraries' messages state what went wrong and where; this adds the next step.
enum Advice {
    /// The message to print for `error`: the library's words, framed or followed by the advice.
    static func message(for error: Error, stated: String) -> String {
        switch error {
        case let error as RatingsError: ratings(error, stated: stated)
        case let error as ScrapeError: scrape(error, stated: stated)
        case let error as WebFetchError: fetch(error, stated: stated)
        case let error as WakeInputError: hull(error, stated: stated)
        case let error as WakeJobError: wake(error, stated: stated)
        case let error as GridJobError:
            if case .noShipComputable = error {
                stated
                    + "; record them with `nextwave fleet set NAME --length M --beam M --displacement T --source URL`"
            } else {
                stated
            }
        case let error as PlanJobError: plan(error, stated: stated)
        case let error as SessionsJobError: sessions(error, stated: stated)
        case let error as FeedJobError:
            if case .noDays = error {
                stated + ". " + fetchAdvice(lakes: error.askedLakes)
                    + "; or keep a site current in one step: nextwave site update --archive DIR --out SITE"
            } else {
                stated
            }
        case is OperatorCatalogue.Unknown: "--operator: " + stated
        case let error as FleetPagesChoice.Problem:
            switch error {
            case .noPageLayout:
                "--operator " + stated + "; leave out --live, --base-url, --pages, --index-url and --snapshot"
            case .noSnapshot: "--snapshot " + stated
            }
        case is GTFSImportJob.NoAgency: stated + "; give them with --agency"
        case let error as DefaultRatingTables.NoTable:
            switch error.scope {
            case .dataFolder: stated + "; run `nextwave ratings` first or pass --ratings"
            case .given: stated + "; run `nextwave ratings` first or pass another --ratings"
            case .lakeZurich(let current):
                stated + "; run `nextwave ratings` (it makes \(current) the current table) or pass --ratings"
            }
        case let error as StationQueryError:
            if case .unknown = error { stated + " (nextwave stations --search TEXT lists them)" } else { stated }
        case let error as ArchiveError:
            switch error {
            case .gtfsNeedsWindow: stated + ". Choose part of the feed with --from and --to."
            case .damagedStore(let path, _, let feeds) where !feeds.isEmpty:
                stated + ": `nextwave archive import-gtfs FEED --archive "
                    + "\(URL(fileURLWithPath: path).deletingLastPathComponent().path)` for each"
            default: stated
            }
        default: stated
        }
    }

    private static func ratings(_ error: RatingsError, stated: String) -> String {
        switch error {
        case .regression(_, _, let vanished):
            let steps = vanished.map { page in
                let name = page.ship.map { "\"\($0)\"" } ?? "NAME"
                return "Next: \(page.url) \(page.answer): if the ship left the fleet, `nextwave fleet "
                    + "retire \(name) --since YYYY-MM-DD`; if the page moved, put its new address in the page list (or drop the line); "
                    + "then run again."
            }
            return ([stated] + steps).joined(separator: "\n")
                + " Review the change with --dry-run; if the fleet really changed, re-run with --accept-regression."
        case .localSources:
            return stated
                + " Map a mirror back with --source-base https://www.zsg.ch, or publish anyway with --allow-local-sources"
        case .unreadableExisting:
            return stated + " Restore the file, write elsewhere with --out, or replace it with --accept-regression."
        case .similarShip(_, _, let existing, _):
            return stated
                + "; to change \(existing) use `nextwave fleet set \"\(existing)\" … --source URL`, or, if it "
                + "is another ship, add it with --different-ship"
        case .shipExists(_, let ship, _):
            return stated + "; to change its values use `nextwave fleet set \"\(ship)\" --length … --source URL`"
        case .unknownShip(let table, _, let closest, _) where !closest.isEmpty:
            return stated + " (nextwave ratings show \(table) lists them all)"
        case .publishedTableChanged(_, let folder, _, _, _, _):
            return stated
                + "; publish the reviewed table again (`nextwave ratings publish TABLE --to \(folder)`)"
        case .invalidFile, .wakeThresholds, .unknownShip:
            return stated
        }
    }

    private static func scrape(_ error: ScrapeError, stated: String) -> String {
        switch error {
        case .allPagesGone: stated + "; check --base-url and the page list"
        case .pageOffSite: stated + " (give --base-url for its site)"
        case .snapshotNotEmpty: stated + "; choose a new folder or add --force to replace it whole"
        case .snapshotTargetRefused: stated + "; choose a new folder"
        case .pageNotInSnapshot: stated + ": take a new one with --save-snapshot"
        case .tooManyShipLinks: stated + ": give the fleet's own index page, or a --pages list"
        default: stated
        }
    }

    private static func fetch(_ error: WebFetchError, stated: String) -> String {
        switch error {
        case .runTimeExceeded: stated + "; " + moreRunTime
        case .tooSlow:
            stated + "; a slow site may need a lower --low-speed-limit or a longer --low-speed-time"
        default: stated
        }
    }

    private static func hull(_ error: WakeInputError, stated: String) -> String {
        switch error {
        case .blockCoefficientAboveOne: stated + ": check the draft or give --block-coefficient"
        case .implausibleDraft: stated + ": check the displacement or give --draft"
        default: stated
        }
    }

    private static func wake(_ error: WakeJobError, stated: String) -> String {
        switch error {
        case .noDimensions, .noShipComputable:
            stated + "; give the hull with --length, --beam and --displacement"
        case .unknownShip: stated + " (nextwave fleet show lists the fleet)"
        case .noOperatingSpeed(let reasons) where reasons != [WakeJobError.hullWithoutSpeed]:
            stated + "; give --speeds KMH, or record a ship's published service speed: "
                + "`nextwave fleet set NAME --service-speed KMH --source URL`"
        case .noOperatingSpeed: stated + "; give --speeds KMH"
        case .insideHull: stated + "; give --distances beyond the hull, such as 50 (the app's advice to riders)"
        default: stated
        }
    }

    private static func plan(_ error: PlanJobError, stated: String) -> String {
        switch error {
        case .noDepartures(_, _, _, _, _, let unreadable) where !unreadable.isEmpty:
            return stated + ". Check or fetch those days again (nextwave archive fetch --archive DIR --from DATE)"
        case .pastArchive, .noDepartures:
            return stated + ". " + fetchAdvice(lakes: error.askedLakes)
        case .beforeArchive(_, _, let range, _):
            return stated + "; choose days from \(range.lowerBound) on"
        }
    }

    /// How to get the coming days of `lakes` into an archive: a command to run (it needs the
    /// network), then the plan from it.
    static func fetchAdvice(lakes: [String]) -> String {
        let lake = lakes.count == 1 ? "\"\(lakes[0])\"" : "NAME"
        return "To get the coming days (this needs the network): nextwave archive fetch --archive DIR "
            + "--lake \(lake) --from today --days 5, then add --archive DIR"
            + (lakes.count > 1 ? " (lakes: \(lakes.joined(separator: ", ")))" : "")
    }

    private static func sessions(_ error: SessionsJobError, stated: String) -> String {
        switch error {
        case .unsupportedDate: stated + "; choose days within them"
        case .reversedDates(let from, let to): "--from \(from) is after --to \(to)"
        default: stated
        }
    }

    /// What to do to rate with a newer table the run can see.
    static func words(for use: DefaultRatingTables.Use) -> String {
        switch use {
        case .leaveOutGiven: "leave out --ratings to rate with it"
        case .pass(let argument):
            "to rate with it, pass --ratings \(argument), or make it the current table with "
                + "`nextwave ratings publish \(argument) --to DIR`"
        }
    }

    /// After a fetch whose run's time ran out for `count` requests.
    static func outOfTime(_ count: Int) -> String {
        "\(counted(count, "request")) ran out of the run's time: " + moreRunTime
    }

    /// What to do when the run's time runs out before its requests.
    private static let moreRunTime = "give a longer --max-run-time, or fetch fewer days a run"
}
