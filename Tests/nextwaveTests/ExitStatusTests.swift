import ArgumentParser
import FleetScraper
import Foundation
import JobContract
import SafeFiles
import ScheduleArchive
import SessionsPipeline
import ShipRatingTable
import Testing
import WebFetch
import WebPages

@testable import nextwave

/// The CLI reads each library error as a class of problem (docs/commands.md, exit status) and adds the
/// next step in its own terms; the libraries' messages name no option.
struct ExitStatusTests {
    @Test func eachClassOfProblemHasItsOwnStatus() {
        #expect(ExitStatus.of(ValidationError("x")) == .usage)
        #expect(ExitStatus.of(ArchiveError.malformed(path: "a", reason: "b")) == .dataError)
        #expect(ExitStatus.of(ArchiveError.unreadable(path: "a", reason: "no such file")) == .noInput)
        #expect(ExitStatus.of(WebFetchError.httpStatus(url: "u", status: 503, attempts: 3)) == .unavailable)
        #expect(
            ExitStatus.of(WebFetchError.tooSlow(url: "u", bytesPerSecond: 1000, seconds: 30, attempts: 2))
                == .unavailable)
        #expect(ExitStatus.of(ScrapeError.snapshotNotEmpty(path: "p", entries: 2)) == .cannotCreate)
        #expect(ExitStatus.of(RatingsError.regression(previous: "p", problems: ["x"])) == .failure)
        #expect(ExitStatus.of(CocoaError(.fileReadNoSuchFile)) == .noInput)
        #expect(ExitStatus.of(CocoaError(.fileWriteOutOfSpace)) == .cannotCreate)
        // A file problem is read by the side of the run it was on, not by its words alone.
        #expect(
            ExitStatus.of(FileProblem(path: "o", reason: "cannot write (permission denied)", side: .output))
                == .cannotCreate)
        #expect(ExitStatus.of(FileProblem(path: "d", reason: "cannot lock the folder (busy)", side: .lock)) == .failure)
        #expect(ExitStatus.of(FileProblem(path: "i", reason: "ships[0]: missing field name")) == .dataError)
        // The status comes from the kind the reader gave, never from the words: a file that is
        // not there, read for real, is a missing input whatever the message says ...
        let nowhere = URL(fileURLWithPath: "/nonexistent-\(UInt64.random(in: 1...UInt64.max))/fleet.json")
        #expect(throws: FileProblem.self) {
            do { _ = try BoundedFile.read(nowhere, what: "fleet file") } catch let problem as FileProblem {
                #expect(problem.kind == .missingInput && ExitStatus.of(problem) == .noInput)
                throw problem
            }
        }
        // ... and a message that reads like one is not, unless the reader said so.
        #expect(ExitStatus.of(FileProblem(path: "i", reason: "no such file (a field's value)")) == .dataError)
        #expect(ExitStatus.of(ArchiveError.unreadable(path: "a", reason: "refused", kind: .badData)) == .dataError)
        // A job's failure carries the kind of what it wraps.
        #expect(ExitStatus.of(JobFailure(ArchiveError.badResponse(url: "u", reason: "r"))) == .unavailable)
        #expect(ExitStatus.of(JobFailure(InvalidInput(field: "days", value: "0", accepted: "1…31"))) == .usage)
        // Every kind has a status; only the two kinds of an unfinished run share one.
        #expect(ProblemKind.allCases.map { ExitStatus.of($0).rawValue } == [64, 65, 66, 69, 73, 1, 75, 1])
        // sysexits.h values (75: EX_TEMPFAIL, another run holds the site), and no two classes share one.
        #expect(ExitStatus.allCases.map(\.rawValue) == [1, 64, 65, 66, 69, 73, 75, 77])
    }

    @Test func theLibrarySaysWhatTheCLISaysWhatNext() {
        let error = ArchiveError.gtfsNeedsWindow(file: "calendar.txt", line: 2, reason: "the service runs 4000 days")
        #expect(!error.description.contains("--"))
        #expect(
            ErrorPresenter.message(for: error)
                == "calendar.txt, line 2: the service runs 4000 days. Choose part of the feed with --from and --to.")
        let vanished = RatingsError.regression(
            previous: "ship-ratings.json", problems: ["MS Linth: lost"],
            vanished: [VanishedShipPage(url: "https://www.zsg.ch/de/linth", status: 404, ship: "MS Linth")])
        #expect(!vanished.description.contains("--") && !vanished.description.contains("nextwave"))
        let message = ErrorPresenter.message(for: vanished)
        #expect(
            message.contains(
                "https://www.zsg.ch/de/linth answered HTTP 404: if the ship left the fleet, "
                    + "`nextwave fleet retire \"MS Linth\" --since YYYY-MM-DD`")
                && message.hasSuffix("--accept-regression."), "\(message)")
    }

    /// No rating table: the library names the file and the fact; the CLI adds the command that
    /// makes one and the option that names another, for each place a run looks.
    @Test func aMissingRatingTableGetsTheCommandLinesNextStep() {
        typealias NoTable = DefaultRatingTables.NoTable
        let cases: [(NoTable, String)] = [
            (
                NoTable(path: "Data/ratings/zsg.json", scope: .dataFolder),
                "Data/ratings/zsg.json: no rating table in the data folder; run `nextwave ratings` first or pass "
                    + "--ratings"
            ),
            (
                NoTable(path: "/t/r.json", scope: .given),
                "/t/r.json: no rating table; run `nextwave ratings` first or pass another --ratings"
            ),
            (
                NoTable(path: "/d/ratings/zsg.json", scope: .lakeZurich(current: "Data/ratings/zsg.json")),
                "/d/ratings/zsg.json: no rating table for Lake Zurich; run `nextwave ratings` (it makes "
                    + "Data/ratings/zsg.json the current table) or pass --ratings"
            ),
        ]
        for (error, expected) in cases {
            #expect(!error.description.contains("--") && !error.description.contains("nextwave"))
            #expect(ErrorPresenter.message(for: JobFailure(error)) == expected)
            #expect(ExitStatus.of(error) == .noInput)
        }
    }

    /// The findings' remedies as the commands to type (the libraries name none).
    @Test func everyRemedyIsTheCommandToType() {
        let words = CommandLineRemedies()
        let cases: [(FleetRemedy, String)] = [
            (.retire(ship: "MS Linth"), "`nextwave fleet retire \"MS Linth\" --since YYYY-MM-DD`"),
            (.add(ship: "MS Tödi", differentShip: false), "`nextwave fleet add --name \"MS Tödi\" …`"),
            (.add(ship: "MS Tödi", differentShip: true), "`nextwave fleet add --name \"MS Tödi\" --different-ship …`"),
            (
                .setFigures(ship: "MS Forch", missing: []),
                "`nextwave fleet set \"MS Forch\" --length M --beam M --displacement T --source URL`"
            ),
            (
                .setFigures(ship: "MS Forch", missing: ["beam", "displacement"]),
                "`nextwave fleet set \"MS Forch\" --beam M --displacement T --source URL`"
            ),
            (
                .setRiderRating(ship: "MS Forch"),
                "`nextwave fleet set \"MS Forch\" --rider-rating N --source URL --reason TEXT`"
            ),
            (.rename(ship: "MS Linth", to: "MS Tödi"), "`nextwave fleet rename \"MS Linth\" \"MS Tödi\"`"),
            (.rename(ship: "MS Linth", to: nil), "`nextwave fleet rename \"MS Linth\" \"NEW NAME\"`"),
            (
                .alias(ship: "MS Helvetia", alias: "Helvetla"),
                "`nextwave fleet set \"MS Helvetia\" --alias \"Helvetla\"`"
            ),
            (.review(ship: "MS X"), "`nextwave ratings show --ship \"MS X\"`, `nextwave fleet show --sources`"),
            (.acceptRegression, "--accept-regression"),
            (.rateWith(table: "reports"), "--ratings reports"),
            (.rateWithModel(.wakeEnsemble), "`--model wake`"),
            (.rateWithModel(.legacy), "`--model legacy`"),
            (
                .measureSpeeds,
                "archive the courses they run (`nextwave archive fetch` daily), then run "
                    + "`nextwave fleet speeds --archive DIR --out Data/operating-speeds.json`"
            ),
            (.everySpot, "`nextwave wake --json` or `--out DIR`"),
        ]
        for (remedy, expected) in cases { #expect(words.words(for: remedy) == expected, "\(remedy)") }
        for (remedy, _) in cases {
            let plain = PlainRemedyWording().words(for: remedy)
            #expect(!plain.contains("--") && !plain.contains("nextwave"), "\(plain)")
        }
    }

    /// A snapshot without the page asked for, and a published table changed after publication:
    /// the library states the fact; the CLI says how to make it right.
    @Test func aSnapshotsMissingPageAndAChangedTableGetTheirCommands() {
        let missing = ScrapeError.pageNotInSnapshot(path: "snap", url: "https://www.zsg.ch/de/x")
        #expect(!missing.description.contains("--"))
        #expect(
            ErrorPresenter.message(for: missing)
                == "snapshot snap: no page for https://www.zsg.ch/de/x; the snapshot holds only what its run read: "
                + "take a new one with --save-snapshot")
        #expect(ExitStatus.of(missing) == .dataError)
        let changed = RatingsError.publishedTableChanged(
            path: "site/ratings/t.json", folder: "site/ratings", bytes: 10, sha256: String(repeating: "a", count: 64),
            expectedBytes: 12, expectedSHA256: String(repeating: "b", count: 64))
        #expect(!changed.description.contains("--") && !changed.description.contains("nextwave"))
        #expect(
            ErrorPresenter.message(for: JobFailure(changed))
                == "site/ratings/t.json: holds 10 bytes with SHA-256 aaaaaaaaaaaaaaaa…, but manifest.json names 12 "
                + "bytes with bbbbbbbbbbbbbbbb…: the published table was changed or damaged after publication; "
                + "publish the reviewed table again (`nextwave ratings publish TABLE --to site/ratings`)")
        #expect(ExitStatus.of(changed) == .dataError)
    }
}
