import Foundation
import Testing
import _TestSupport

/// What every command shares: help that reads at 80 columns, --version, errors in words, and a
/// binary that runs from any folder once installed.
@Suite struct CLIConventionsTests {
    static let commands = [
        [], ["ratings"], ["grid"], ["wake"], ["calibrate"], ["sessions"], ["stations"], ["sun"], ["archive"],
        ["archive", "fetch"], ["archive", "import-gtfs"], ["archive", "status"], ["fleet"], ["fleet", "check"],
        ["fleet", "add"], ["fleet", "show"], ["fleet", "set"], ["fleet", "retire"], ["fleet", "speeds"], ["plan"],
        ["today"], ["ratings", "show"], ["ratings", "publish"], ["fleet", "rename"], ["feed"],
    ]

    @Test(arguments: commands)
    func helpFitsEightyColumnsAndHasExamples(_ command: [String]) async throws {
        let r = try await CLI.runOffPool(command + ["--help"], environment: ["COLUMNS": "80"])
        #expect(r.status == 0)
        for line in r.stdout.split(separator: "\n", omittingEmptySubsequences: false) {
            #expect(line.count <= 80, "\(command): \(line.count) columns: \(line)")
        }
        // Defaults read as one would type them, never as a Swift value ("RangeArgument(values: …)").
        #expect(r.stdout.firstMatch(of: /default: [A-Za-z]+\(/) == nil, "\(command): a default shown as a Swift value")
        // Every leaf command shows at least one example; placeholders are upper-case (<DIR>, <N>).
        if command != ["archive"] && command != ["fleet"] {
            #expect(r.stdout.contains("Example"), "\(command) has no example")
        }
        // A usage line continued on the next lines continues under its first option, after
        // "USAGE: nextwave <command> " (or the same of a second form "       nextwave <command> ").
        let usage =
            r.stdout.components(separatedBy: "USAGE: ").dropFirst().first?
            .components(separatedBy: "\n\n")[0].split(separator: "\n").map(String.init) ?? []
        let start = 7 + (["nextwave"] + command).joined(separator: " ").count + 1
        for (index, line) in usage.enumerated() where index > 0 && !line.hasPrefix("       nextwave") {
            let indent = line.prefix { $0 == " " }.count
            #expect(indent == start, "\(command): usage continued at column \(indent), not \(start): \(line)")
        }
        let usageAndOptions = r.stdout.components(separatedBy: "USAGE:").dropFirst().joined()
        let placeholders = usageAndOptions.matches(of: /<([^>]+)>/).map { String($0.1) }
        #expect(!usageAndOptions.contains("<OPTIONS>"), "\(command): <options>, as ArgumentParser writes it")
        for name in placeholders where name != "options" && name != "subcommand" {
            #expect(name == name.uppercased(), "\(command): placeholder <\(name)>")
        }
    }

    /// The description and examples are wrapped by hand within 80 columns, so that ArgumentParser
    /// never breaks one of their lines again: no word left alone on a line, no example command
    /// split where a copy would break it. Read at 80 columns, they are what a wide terminal shows.
    @Test(arguments: commands)
    func theDescriptionReadsAsWrittenAtEightyColumns(_ command: [String]) async throws {
        func description(columns: Int) async throws -> String {
            let r = try await CLI.runOffPool(command + ["--help"], environment: ["COLUMNS": String(columns)])
            #expect(r.status == 0)
            // After the overview (which ArgumentParser wraps as it must), before the usage.
            let head = r.stdout.components(separatedBy: "\nUSAGE:")[0]
            return head.components(separatedBy: "\n\n").dropFirst().joined(separator: "\n\n")
        }
        let narrow = try await description(columns: 80)
        #expect(narrow == (try await description(columns: 200)), "\(command): a line of the description is re-wrapped")
    }

    /// A width too narrow for ArgumentParser's layout (a small window, or a $COLUMNS of 0 or
    /// less) trapped in its wrapping; help and usage errors are laid out in 40 columns instead.
    @Test func helpInANarrowOrNonsenseWidthIsStillHelp() async throws {
        for columns in ["20", "0", "-3", "1"] {
            let help = try await CLI.runOffPool(["wake", "--help"], environment: ["COLUMNS": columns])
            #expect(help.status == 0, "COLUMNS=\(columns): \(help.stderr.prefix(300))")
            let words = help.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            #expect(words.contains("--speeds <RANGE> Ship speeds, km/h, or service"), "\(columns): \(help.stdout)")
            #expect(help.stdout.contains("  --ship <NAME>           A ship of the\n"), "laid out in 40 columns")
            let usage = try await CLI.runOffPool(["today"], environment: ["COLUMNS": columns])
            #expect(usage.status == 64 && usage.stderr.contains("Missing expected argument '--station"), "\(columns)")
        }
    }

    /// A mistyped command names the one meant (within two edits: a letter missing, extra,
    /// changed, or two swapped), at every level; a word close to none keeps ArgumentParser's
    /// message. Both are usage errors (64).
    @Test func aMistypedCommandNamesTheOneMeant() async throws {
        let cases: [([String], String)] = [
            (["ratingz"], "nextwave has no command 'ratingz'; did you mean 'ratings'? (nextwave --help lists them)"),
            (["sesions", "--from", "today"], "did you mean 'sessions'?"),
            (["Plan"], "did you mean 'plan'?"),
            (["ratinsg"], "did you mean 'ratings'?"),
            (["fleet", "shwo"], "nextwave fleet has no command 'shwo'; did you mean 'show'?"),
            (["archive", "fetc", "--archive", "x"], "(nextwave archive --help lists them)"),
            (["ratings", "pubish"], "nextwave ratings has no command 'pubish'; did you mean 'publish'?"),
        ]
        for (arguments, expected) in cases {
            let r = try await CLI.runOffPool(arguments)
            #expect(r.status == 64 && r.stderr.contains(expected), "\(arguments): \(r.stderr)")
        }
        // An option: ArgumentParser checked the options a command needs before it looked for
        // unknown ones, so `plan --staton wadi` said "choose --station NAME or --lake NAME".
        let options: [([String], String)] = [
            (
                ["plan", "--staton", "wadi"],
                "nextwave plan has no option '--staton'; did you mean '--station'? (nextwave plan --help lists them)"
            ),
            (["today", "--staton=wadi"], "has no option '--staton'; did you mean '--station'?"),
            (["sun", "--stat", "wadi"], "did you mean '--station'?"),
            (
                ["fleet", "set", "--lenght", "3", "X"],
                "nextwave fleet set has no option '--lenght'; did you mean '--length'?"
            ),
            (["archive", "fetch", "--archive", "/nonexistent", "--lak", "Zugersee"], "did you mean '--lake'?"),
            (["plan", "--station", "wadi", "--depth", "3"], "nextwave plan has no option '--depth' (nextwave plan"),
            // The root takes ArgumentParser's own options only (the check leaves it out below a command).
            (
                ["--vresion"],
                "nextwave has no option '--vresion'; did you mean '--version'? (nextwave --help lists them)"
            ),
        ]
        for (arguments, expected) in options {
            let r = try await CLI.runOffPool(arguments)
            #expect(r.status == 64 && r.stderr.contains(expected), "\(arguments): \(r.stderr)")
        }
        // A hidden option is an option (wake's scraping options): the refused value is what is said.
        let hidden = try await CLI.runOffPool(["wake", "--snapshot", "/nonexistent", "--speeds", "fast"])
        #expect(hidden.status == 64 && hidden.stderr.contains("--speeds fast:"), "\(hidden.stderr)")
        #expect(!hidden.stderr.contains("no option"), "\(hidden.stderr)")
        let far = try await CLI.runOffPool(["xyzzy"])
        #expect(far.status == 64 && far.stderr.contains("Unexpected argument 'xyzzy'"), "\(far.stderr)")
        // A word after an option is the option's value, not a command.
        let value = try await CLI.runOffPool(["stations", "--search", "wadi"])
        #expect(value.status == 0, "\(value.stderr)")
    }

    /// The root help lists the commands by what they are for, each once: twelve in one list read
    /// as a heap to a newcomer.
    @Test func theCommandsAreListedByWhatTheyAreFor() async throws {
        let help = try await CLI.runOffPool(["--help"], environment: ["COLUMNS": "80"]).stdout
        let groups = ["SHIP RATING SUBCOMMANDS:", "RIDER SUBCOMMANDS:", "SCHEDULE AND FEED SUBCOMMANDS:"]
        let starts = try groups.map { try #require(help.range(of: "\n" + $0 + "\n")).lowerBound }
        #expect(starts == starts.sorted())
        let listed = help.split(separator: "\n").compactMap {
            $0.firstMatch(of: /^ {2}([a-z][a-z-]*) {2}/).map { String($0.1) }
        }
        #expect(
            listed == [
                "ratings", "fleet", "wake", "grid", "calibrate", "plan", "today", "sessions", "stations", "sun",
                "archive", "feed", "site",
            ])
    }

    /// Every error starts alike, the command line's as the run's: ArgumentParser's "Error:" was
    /// the only capitalised one. Its usage lines follow unchanged.
    @Test func everyErrorStartsAlike() async throws {
        let missing = try await CLI.runOffPool(["today"])
        #expect(
            missing.stderr.hasPrefix("error: Missing expected argument '--station <STATION>'\n"), "\(missing.stderr)")
        #expect(missing.stderr.contains("\nUsage: nextwave today --station <STATION>"), "\(missing.stderr)")
        let refused = try await CLI.runOffPool(["wake", "--speeds", "fast"])
        #expect(refused.stderr.hasPrefix("error: --speeds fast: 'fast' is not a number"), "\(refused.stderr)")
        let run = try await CLI.runOffPool(["ratings", "show", "/nonexistent/table.json"])
        #expect(run.stderr.hasPrefix("error: "), "\(run.stderr)")
        #expect(![missing, refused, run].contains { $0.stderr.contains("Error:") })
    }

    @Test func versionIsPrinted() async throws {
        let r = try await CLI.runOffPool(["--version"])
        #expect(r.status == 0)
        #expect(r.stdout.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: ".").count == 3)
    }

    @Test func fileErrorsAreWordsThatNameTheFile() async throws {
        let missing = RepositoryPaths.temporaryDirectory().appendingPathComponent("no-fleet.json")
        let r = try await CLI.runOffPool([
            "ratings", "--fleet", missing.path, "--out", RepositoryPaths.temporaryDirectory().path,
        ])
        #expect(r.status == 66)
        #expect(r.stderr.contains(missing.path) && r.stderr.contains("no such file"), "\(r.stderr)")
        #expect(!r.stderr.contains("Domain") && !r.stderr.contains("Code="), "\(r.stderr)")

        // An output folder that cannot be created: a file stands where it should be.
        let blocker = RepositoryPaths.temporaryDirectory().appendingPathComponent("file")
        try Data("x".utf8).write(to: blocker)
        let r2 = try await CLI.runOffPool(["ratings", "--out", blocker.appendingPathComponent("reports").path])
        #expect(r2.status == 73)
        #expect(r2.stderr.contains(blocker.path), "\(r2.stderr)")
        #expect(!r2.stderr.contains("Domain") && !r2.stderr.contains("Code="), "\(r2.stderr)")
    }

    /// An error is said once, on lines of its own, with nothing after it (no empty line), and
    /// says where to look next: a ship the fleet does not know names the command that lists it,
    /// with the near names when there are any.
    @Test func anUnknownShipIsOneErrorWithWhereToLook() async throws {
        for (name, near) in [("Titanic", nil), ("Panta Rei", "did you mean \"MS Panta Rhei\"?")] {
            let r = try await CLI.runOffPool(["wake", "--ship", name, "--quiet"])
            #expect(r.status == 64)
            #expect(
                r.stderr.hasPrefix("error: no ship named \"\(name)\" in the fleet")
                    && r.stderr.hasSuffix(" (nextwave fleet show lists the fleet)\n"), "\(r.stderr)")
            #expect(r.stderr.split(separator: "\n", omittingEmptySubsequences: false).count == 2, "\(r.stderr)")
            if let near { #expect(r.stderr.contains(near), "\(r.stderr)") }
        }
        // The same for an error ArgumentParser reports (a missing option): no empty line after it.
        let usage = try await CLI.runOffPool(["today", "--date", "2026-09-22"])
        #expect(usage.status == 64 && !usage.stderr.contains("\n\n"), "\(usage.stderr)")
    }

    /// The README's statuses for inputs, each read from the kind the reader stated: an input
    /// that is not there is 66 whichever reader met it; one that is there but wrong, 65.
    @Test func aMissingInputIs66AndAMalformedOne65WhicheverReaderMeetsIt() async throws {
        let folder = RepositoryPaths.temporaryDirectory()
        let nowhere = folder.appendingPathComponent("nowhere").path
        let malformed = folder.appendingPathComponent("bad.json")
        try Data("{".utf8).write(to: malformed)
        let badCSV = folder.appendingPathComponent("bad.csv")
        try Data("no,header,here\n1,2,3\n".utf8).write(to: badCSV)
        let cases: [([String], Int32)] = [
            (["ratings", "show", nowhere + ".json"], 66),
            (["ratings", "show", malformed.path], 65),
            (["plan", "--station", "wadenswil", "--archive", nowhere], 66),
            (["archive", "import-gtfs", nowhere + ".zip", "--archive", folder.appendingPathComponent("a").path], 66),
            (["calibrate", "--observations", nowhere + ".csv", "--out", folder.appendingPathComponent("c").path], 66),
            (["calibrate", "--observations", badCSV.path, "--out", folder.appendingPathComponent("c").path], 65),
            (["wake", "--ship", "MS Panta Rhei", "--calibration", nowhere + ".json"], 66),
            (["wake", "--ship", "MS Panta Rhei", "--calibration", malformed.path], 65),
        ]
        for (arguments, status) in cases {
            let r = try await CLI.runOffPool(arguments)
            #expect(r.status == status, "\(arguments.joined(separator: " ")): \(r.status) \(r.stderr)")
        }
    }

    /// scripts/install puts the binary and its data under a prefix; it then works from a folder
    /// outside the repository with no environment pointing at the data.
    @Test func theInstalledBinaryRunsFromAnyFolder() async throws {
        let prefix = RepositoryPaths.temporaryDirectory("nextwave-prefix")
        let install = Process()
        install.executableURL = RepositoryPaths.root.appendingPathComponent("scripts/install")
        install.arguments = [prefix.path]
        var environment = ProcessInfo.processInfo.environment
        environment["NEXTWAVE_BIN"] = CLI.binary.path
        install.environment = environment
        install.standardOutput = FileHandle.nullDevice
        try install.run()
        install.waitUntilExit()
        #expect(install.terminationStatus == 0)
        let installed = prefix.appendingPathComponent("bin/nextwave")
        #expect(
            FileManager.default.fileExists(atPath: prefix.appendingPathComponent("share/nextwave/Data/fleet.json").path)
        )

        let elsewhere = RepositoryPaths.temporaryDirectory("nextwave-elsewhere")
        let ratings = try await CLI.runOffPool(
            ["ratings", "--no-progress"], in: elsewhere, executable: installed, environment: ["NEXTWAVE_DATA": nil])
        #expect(ratings.status == 0, "\(ratings.stderr)")
        #expect(
            FileManager.default.fileExists(atPath: elsewhere.appendingPathComponent("reports/ship-ratings.json").path))
        // A table in a folder of its own (--out) is a what-if: sessions keeps rating with the
        // current table, says which, and warns that a newer one lies beside it; with --ratings,
        // the report names the table and where it rated the ships.
        let whatIf = try await CLI.runOffPool(
            ["ratings", "--no-progress", "--speed", "25", "--out", "what-if", "--accept-regression"], in: elsewhere,
            executable: installed, environment: ["NEXTWAVE_DATA": nil])
        #expect(whatIf.status == 0, "\(whatIf.stderr)")
        #expect(whatIf.stderr.contains("a table of its own in what-if/"), "\(whatIf.stderr)")
        let sessions = try await CLI.runOffPool(
            ["sessions", "--no-progress"], in: elsewhere, executable: installed, environment: ["NEXTWAVE_DATA": nil])
        #expect(sessions.status == 0, "\(sessions.stderr)")
        #expect(
            sessions.stderr.contains("ratings: Zürichsee by Data/ratings/zsg.json (reviewed, generated "),
            "\(sessions.stderr)")
        // The other lakes' tables grouped, not eleven paths on one line.
        #expect(
            sessions.stderr.contains("more lakes by their operators' bundled tables in Data/ratings/"),
            "\(sessions.stderr)")
        let md = try String(contentsOf: elsewhere.appendingPathComponent("reports/sessions.md"), encoding: .utf8)
        #expect(md.contains("legacy model at 18 km/h over 10 m"), "\(md.prefix(400))")
        let named = try await CLI.runOffPool(
            ["sessions", "--no-progress", "--ratings", "what-if/ship-ratings.json"], in: elsewhere,
            executable: installed, environment: ["NEXTWAVE_DATA": nil])
        #expect(named.status == 0, "\(named.stderr)")
        let whatIfMD = try String(contentsOf: elsewhere.appendingPathComponent("reports/sessions.md"), encoding: .utf8)
        #expect(whatIfMD.contains("legacy model at 25 km/h over 10 m"), "\(whatIfMD.prefix(400))")
        // The first ratings run into the default reports folder made its table the installed
        // data's current one: a folder outside any checkout rates with it too.
        let empty = RepositoryPaths.temporaryDirectory("nextwave-empty")
        let fallback = try await CLI.runOffPool(
            ["sessions", "--no-progress", "--out", "out"], in: empty, executable: installed,
            environment: ["NEXTWAVE_DATA": nil])
        #expect(fallback.status == 0, "\(fallback.stderr)")
        #expect(fallback.stderr.contains("Data/ratings/zsg.json (reviewed"), "\(fallback.stderr)")
        #expect(ratings.stderr.contains("Data/ratings/zsg.json "), "\(ratings.stderr)")
    }

    /// As cron runs it: by name from PATH, in another folder, with nothing but PATH and HOME set
    /// (argv[0] is then "nextwave", which must not be resolved against the current folder). The
    /// same for the build folder on PATH.
    @Test func theInstalledBinaryRunsByNameWithAMinimalEnvironment() async throws {
        let prefix = RepositoryPaths.temporaryDirectory("nextwave-prefix")
        let install = Process()
        install.executableURL = RepositoryPaths.root.appendingPathComponent("scripts/install")
        install.arguments = [prefix.path]
        install.environment = ProcessInfo.processInfo.environment.merging(["NEXTWAVE_BIN": CLI.binary.path]) { $1 }
        install.standardOutput = FileHandle.nullDevice
        try install.run()
        install.waitUntilExit()
        #expect(install.terminationStatus == 0)
        let home = RepositoryPaths.temporaryDirectory("nextwave-home")
        for bin in [prefix.appendingPathComponent("bin"), CLI.binary.deletingLastPathComponent()] {
            let elsewhere = RepositoryPaths.temporaryDirectory("nextwave-cron")
            let r = try await CLI.runOffPool(
                [
                    "-i", "PATH=\(bin.path):/usr/bin:/bin", "HOME=\(home.path)", "OPENBLAS_NUM_THREADS=1", "nextwave",
                    "ratings", "--no-progress", "--out", "out",
                ],
                in: elsewhere, executable: URL(fileURLWithPath: "/usr/bin/env"))
            #expect(r.status == 0, "\(bin.path): \(r.stderr)")
            #expect(
                FileManager.default.fileExists(atPath: elsewhere.appendingPathComponent("out/ship-ratings.json").path))
        }
    }

    /// A binary whose installation lost its data is told to reinstall, not to take the step it
    /// just took; one with no installation at all is told how to point at the data.
    @Test func theDataErrorNamesWhereItLookedAndANewStep() async throws {
        let prefix = RepositoryPaths.temporaryDirectory("nextwave-broken")
        let bin = prefix.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        try await CLI.copyBinary(to: bin.appendingPathComponent("nextwave"))
        let elsewhere = RepositoryPaths.temporaryDirectory("nextwave-nodata")
        let bare = try await CLI.runOffPool(
            ["-i", "PATH=\(bin.path):/usr/bin:/bin", "nextwave", "ratings", "--no-progress"], in: elsewhere,
            executable: URL(fileURLWithPath: "/usr/bin/env"))
        #expect(bare.status == 66)
        #expect(bare.stderr.contains(prefix.appendingPathComponent("share/nextwave/Data").path), "\(bare.stderr)")
        #expect(bare.stderr.contains("--data DIR") && !bare.stderr.contains("install with scripts/install"))
        try FileManager.default.createDirectory(
            at: prefix.appendingPathComponent("share/nextwave"), withIntermediateDirectories: true)
        let broken = try await CLI.runOffPool(
            ["-i", "PATH=\(bin.path):/usr/bin:/bin", "nextwave", "ratings", "--no-progress"], in: elsewhere,
            executable: URL(fileURLWithPath: "/usr/bin/env"))
        #expect(broken.status == 66 && broken.stderr.contains("run scripts/install again"), "\(broken.stderr)")
    }
}

/// The harness reads a child's stdout and stderr at once (issue 23: it read stdout to its end
/// first, so a child writing more than a pipe holds to stderr before finishing stdout hung).
@Suite struct HarnessTests {
    @Test func aChildFillingStderrFirstDoesNotHang() async throws {
        // 1 MB to stderr, then 1 MB to stdout: far more than a pipe buffers.
        let script = "head -c 1000000 /dev/zero | tr '\\\\0' e >&2; head -c 1000000 /dev/zero | tr '\\\\0' o"
        let result = try await CLI.runOffPool(
            ["sh", "-c", script], executable: URL(fileURLWithPath: "/usr/bin/env"))
        #expect(result.stdout.count == 1_000_000 && result.stderr.count == 1_000_000)
    }

    /// A date option takes the words a rider says (in Europe/Zurich), and a day the calendar
    /// lacks is refused with why, not only "is invalid".
    @Test func aDateOptionTakesTodayAndTomorrowAndSaysWhyADayDoesNotExist() async throws {
        var zurich = Calendar(identifier: .gregorian)
        zurich.timeZone = TimeZone(identifier: "Europe/Zurich")!
        func day(_ offset: Int, from now: Date) -> String {
            let date = zurich.date(byAdding: .day, value: offset, to: now)!
            let parts = zurich.dateComponents([.year, .month, .day], from: date)
            return String(format: "%04d-%02d-%02d", parts.year!, parts.month!, parts.day!)
        }
        for (word, offset) in [("today", 0), ("tomorrow", 1), ("Yesterday", -1)] {
            let before = Date()
            let result = try await CLI.runOffPool(["sun", "--station", "wadenswil", "--date", word, "--json"])
            let after = Date()
            #expect(result.status == 0, "\(result.stderr)")
            // Either side of a midnight the run may have crossed.
            let expected = Set([day(offset, from: before), day(offset, from: after)])
            let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
            #expect(expected.contains { object?["date"] as? String == $0 }, "\(word): \(result.stdout)")
        }
        let refused = [
            (["plan", "--station", "wadenswil", "--from", "2026-02-30"], "2026-02 has 28 days"),
            (["sun", "--station", "wadenswil", "--date", "2028-02-30"], "2028-02 has 29 days"),
            (["sessions", "--to", "2026-13-01"], "there is no month 13"),
            (["today", "--station", "wadenswil", "--date", "27.11.2026"], "write the day as YYYY-MM-DD"),
        ]
        for (arguments, reason) in refused {
            let result = try await CLI.runOffPool(arguments)
            #expect(result.status == 64)
            #expect(result.stderr.contains("is invalid for") && result.stderr.contains(reason), "\(result.stderr)")
        }
    }
}
