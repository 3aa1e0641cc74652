import Foundation
import Testing
import _TestSupport

/// Every numeric range a command accepts, swept at its bounds, just inside and outside them and
/// on a log scale between (issue: hardening, round 2: depths the validation accepted trapped in
/// a Double → Int conversion). A value is either computed (exit 0), refused in words (exit 1 or
/// 64 with a message), or — never — a trap (a signal).
@Suite struct NumericRangeSweepTests {
    /// Depths from the lower bound to the upper, dense where the models change regime.
    static let depths = [
        0.1, 0.1000001, 0.11, 0.15, 0.2, 0.3, 0.5, 0.7, 1, 1.39, 1.4, 2, 3, 5, 10, 30, 100, 300, 999.9999, 1000,
    ]
    static let distances = [1, 1.0001, 2, 5, 10, 50, 100, 500, 1000, 5000, 9999.99, 10000]
    /// The smallest and a very large plausible hull, and one ordinary ferry, each with the
    /// shallowest swept track depth it does not run aground in (drafts 0.17, 26 and 1.09 m).
    /// Distances start just outside the hull (half its beam; a distance inside it is refused).
    static let hulls: [(hull: [String], shallowest: Double, nearest: Double)] = [
        (["--length", "5", "--beam", "1", "--displacement", "0.5"], 0.2, 1),
        (["--length", "400", "--beam", "80", "--displacement", "500000"], 30, 40.0001),
        (["--length", "56", "--beam", "10.6", "--displacement", "389"], 1.39, 5.3001),
    ]

    static func list(_ values: [Double]) -> String { values.map { "\($0)" }.joined(separator: ",") }

    /// Runs one invocation and checks that it ended in one of the three honest ways.
    func expectNoTrap(_ arguments: [String], computed: Bool? = nil) async throws {
        let result = try await CLI.runOffPool(arguments)
        let line = arguments.joined(separator: " ")
        #expect(
            [0, 1, 64].contains(result.status), "trap or crash (status \(result.status)): \(line)\n\(result.stderr)")
        if result.status != 0 { #expect(!result.stderr.isEmpty, "refused without a word: \(line)") }
        if let computed { #expect((result.status == 0) == computed, "\(line)\n\(result.stderr)") }
    }

    @Test(arguments: 0..<hulls.count)
    func wakeOverEveryAxis(hullIndex: Int) async throws {
        let (hull, shallowest, nearest) = Self.hulls[hullIndex]
        let tracks = Self.depths.filter { $0 >= shallowest }
        let csv = RepositoryPaths.temporaryDirectory("sweep").appendingPathComponent("wake.csv").path
        // Speed axis in full; the other axes at their bounds.
        try await expectNoTrap(
            ["wake"] + hull + [
                "--speeds", "1:100:0.5", "--track-depth", "\(shallowest),1000",
                "--depths", "0.1,3,1000", "--distances", "\(nearest),50,10000", "--csv", csv, "--no-progress",
            ], computed: true)
        // Both depth axes in full.
        try await expectNoTrap(
            ["wake"] + hull + [
                "--speeds", "1,18,100", "--track-depth", Self.list(tracks), "--depths", Self.list(Self.depths),
                "--distances", "\(nearest),10000", "--csv", csv, "--no-progress",
            ], computed: true)
        // Distances in full, with the speed range's odd ends.
        try await expectNoTrap(
            ["wake"] + hull + [
                "--speeds", "1,1.0000001,99.99999,100", "--track-depth", "\(shallowest),1000", "--depths", "0.1,1000",
                "--distances", Self.list(Self.distances.filter { $0 >= nearest }), "--csv", csv, "--no-progress",
            ], computed: true)
        // A distance inside the hull: refused by name.
        if nearest > 1 {
            try await expectNoTrap(
                ["wake"] + hull + ["--distances", "1,50", "--csv", csv, "--no-progress"], computed: false)
        }
        // A track shallower than the draft: refused by name.
        try await expectNoTrap(
            ["wake"] + hull + ["--track-depth", "0.1", "--csv", csv, "--no-progress"], computed: false)
    }

    @Test func gridRatingsAndTheFleetsShipsAtTheBounds() async throws {
        let folder = RepositoryPaths.temporaryDirectory("sweep")
        // The grid refuses track depths a ship would run aground in, by name; above the deepest
        // draft it computes every cell.
        try await expectNoTrap(
            [
                "grid", "--speeds", "1:100:0.5", "--track-depths", Self.list(Self.depths.filter { $0 >= 1.4 }),
                "--out", folder.appendingPathComponent("grid.csv").path, "--no-progress",
            ], computed: true)
        try await expectNoTrap(
            [
                "grid", "--speeds", "1,100", "--track-depths", "0.1,0.5", "--out",
                folder.appendingPathComponent("g.csv").path,
            ],
            computed: false)
        for (speed, track, depth, distance) in [
            ("1", "0.1", "0.1", "1"), ("100", "1000", "1000", "10000"), ("100", "0.1", "1000", "1"),
            ("1", "1000", "0.1", "10000"), ("18", "1.4", "0.1000001", "1.0001"),
            ("service", "999.9999", "0.11", "9999.99"),
        ] {
            try await expectNoTrap([
                "ratings", "--speed", speed, "--track-depth", track, "--depth", depth, "--distance", distance,
                "--dry-run", "--out", folder.appendingPathComponent("r").path, "--no-progress",
            ])
            try await expectNoTrap([
                "ratings", "--model", "wake", "--speed", speed, "--track-depth", track, "--depth", depth,
                "--distance", distance, "--dry-run", "--out", folder.appendingPathComponent("r").path, "--no-progress",
            ])
        }
    }

    @Test func justOutsideEveryRangeIsRefusedInWords() async throws {
        let out = RepositoryPaths.temporaryDirectory("sweep").path
        let refused: [[String]] = [
            ["ratings", "--speed", "0.9999999", "--dry-run", "--out", out],
            ["ratings", "--speed", "100.0000001", "--dry-run", "--out", out],
            ["ratings", "--depth", "0.0999999", "--dry-run", "--out", out],
            ["ratings", "--depth", "1e-300", "--dry-run", "--out", out],
            ["ratings", "--track-depth", "1000.0001", "--dry-run", "--out", out],
            ["ratings", "--distance", "0.9999", "--dry-run", "--out", out],
            ["ratings", "--speed", "nan", "--dry-run", "--out", out],
            ["ratings", "--depth", "inf", "--dry-run", "--out", out],
            ["wake", "--ship", "MS Panta Rhei", "--depths", "1e-300"],
            ["wake", "--ship", "MS Panta Rhei", "--speeds", "1e-300"],
            ["wake", "--ship", "MS Panta Rhei", "--distances", "1e300"],
            ["grid", "--speeds", "1e-300", "--track-depths", "10"],
            ["grid", "--speeds", "10", "--track-depths", "0.0005"],
            ["sun", "--lat", "90.0001", "--lon", "8", "--anywhere"],
            ["sun", "--lat", "47", "--lon", "-180.5", "--anywhere"],
            ["plan", "--days", "0"], ["plan", "--days", "100000000000000000000"],
            ["sessions", "--top", "0"], ["sessions", "--top", "101"],
            ["ratings", "--timeout", "0.5", "--dry-run", "--out", out],
            ["ratings", "--attempts", "11", "--dry-run", "--out", out],
            ["ratings", "--low-speed-time", "0", "--dry-run", "--out", out],
            ["ratings", "--low-speed-limit", "-1", "--dry-run", "--out", out],
            ["ratings", "--max-run-time", "1e300", "--dry-run", "--out", out],
        ]
        for arguments in refused {
            let result = try await CLI.runOffPool(arguments)
            #expect(result.status == 64, "\(arguments.joined(separator: " ")): \(result.status) \(result.stderr)")
            #expect(result.stderr.contains("must") || result.stderr.hasPrefix("error: "), "\(result.stderr)")
        }
    }

    /// A range the grammar cannot read is refused with the option, the text and the reason
    /// (before: ArgumentParser's "The value '200:20:20' is invalid", with no why).
    @Test func aMalformedRangeSaysWhatIsWrongWithIt() async throws {
        let cases: [([String], String)] = [
            (
                ["wake", "--ship", "MS Panta Rhei", "--distances", "200:20:20"],
                "--distances 200:20:20: the stop 20 lies below the start 200; a range runs upwards, e.g. 20:200:STEP"
            ),
            (
                ["grid", "--speeds", "10:30", "--track-depths", "3"],
                "--speeds 10:30: a range has three parts, this one 2; write start:stop:step"
            ),
            (["grid", "--speeds", "18", "--depths", "1:10:0"], "--depths 1:10:0: the step 0 is not above 0"),
            (["wake", "--speeds", "14,x"], "--speeds 14,x: 'x' is not a number"),
            (
                ["wake", "--speeds", "fast"],
                "--speeds fast: 'fast' is not a number; write start:stop:step (e.g. 20:200:20), one value, a comma "
                    + "list, or service (each ship at its operating speed)"
            ),
            (["wake", "--rider-depths", "0:1000:0.001"], "--rider-depths 0:1000:0.001: more than 100000 values"),
        ]
        for (arguments, message) in cases {
            let result = try await CLI.runOffPool(arguments)
            #expect(result.status == 64, "\(arguments.joined(separator: " ")): \(result.status)")
            #expect(result.stderr.contains("error: " + message), "\(result.stderr)")
        }
    }

    @Test func theOtherCommandsAtTheirBounds() async throws {
        let out = RepositoryPaths.temporaryDirectory("sweep").path
        for arguments in [
            ["sun", "--lat", "-90", "--lon", "-180", "--anywhere", "--date", "2026-06-21"],
            ["sun", "--lat", "90", "--lon", "180", "--anywhere", "--date", "2026-12-21"],
            ["sun", "--lat", "0", "--lon", "0", "--anywhere", "--date", "2026-03-20"],
            ["sessions", "--top", "1", "--out", out], ["sessions", "--top", "100", "--out", out],
            ["plan", "--days", "1", "--from", "2026-09-22", "--station", "Wädenswil"],
            ["plan", "--days", "31", "--from", "2026-09-22", "--station", "Wädenswil"],
            [
                "ratings", "--timeout", "1", "--attempts", "10", "--max-request-time", "3600", "--max-run-time",
                "86400",
                "--low-speed-limit", "1000000000", "--low-speed-time", "1", "--delay", "0", "--dry-run", "--out", out,
            ],
        ] {
            try await expectNoTrap(arguments, computed: true)
        }
    }

    /// A negative number after an option is its value, as in any other tool (before, ArgumentParser
    /// took "-33.87" for an option and said "Missing value for '--lat'"; only `--lat=-33.87` ran).
    /// Sydney, 21 June 2026: sunrise 07:00 and sunset 16:54 AEST (UTC+10), so 23:00 CEST on the
    /// 20th and 08:54 CEST (NOAA's solar calculator, ±1 min); New York: sunset 20:31 EDT
    /// (UTC−4), 02:31 CEST on the 22nd.
    @Test func aNegativeNumberAfterAnOptionIsItsValue() async throws {
        func minutes(_ text: Substring) -> Int { Int(text.prefix(2))! * 60 + Int(text.dropFirst(3).prefix(2))! }
        func time(_ label: String, in output: String) -> (minutes: Int, day: String)? {
            guard let line = output.split(separator: "\n").first(where: { $0.contains(label) }),
                let match = line.firstMatch(of: /(\d\d:\d\d)( \((\d{4}-\d\d-\d\d)\))?$/)
            else { return nil }
            return (minutes(match.1), match.3.map(String.init) ?? "")
        }
        let sydney = try await CLI.runOffPool([
            "sun", "--lat", "-33.87", "--lon", "151.21", "--anywhere", "--date", "2026-06-21", "--quiet",
        ])
        #expect(sydney.status == 0, "\(sydney.stderr)")
        #expect(sydney.stdout.hasPrefix("2026-06-21, 33.87 S, 151.21 E (local time, Europe/Zurich)\n"))
        let rise = try #require(time("sunrise", in: sydney.stdout))
        #expect(abs(rise.minutes - 23 * 60) <= 1 && rise.day == "2026-06-20", "\(sydney.stdout)")
        let set = try #require(time("sunset", in: sydney.stdout))
        #expect(abs(set.minutes - (8 * 60 + 54)) <= 1 && set.day.isEmpty, "\(sydney.stdout)")
        let joined = try await CLI.runOffPool([
            "sun", "--lat=-33.87", "--lon", "151.21", "--anywhere", "--date", "2026-06-21", "--quiet",
        ])
        #expect(joined.stdout == sydney.stdout)
        let newYork = try await CLI.runOffPool([
            "sun", "--lat", "40.71", "--lon", "-74.01", "--anywhere", "--date", "2026-06-21", "--quiet",
        ])
        #expect(newYork.stdout.hasPrefix("2026-06-21, 40.71 N, 74.01 W"), "\(newYork.stdout) \(newYork.stderr)")
        let newYorkSet = try #require(time("sunset", in: newYork.stdout))
        #expect(abs(newYorkSet.minutes - (2 * 60 + 31)) <= 1 && newYorkSet.day == "2026-06-22", "\(newYork.stdout)")
        // Out of range, the option's own rule answers, not "Missing value".
        for (arguments, message) in [
            (["plan", "--station", "wadenswil", "--days", "-1"], "--days must lie in 1…31 days, got -1"),
            (["sessions", "--top", "-1"], "--top must lie in 1…100, got -1"),
            (["wake", "--speeds", "-5"], "--speeds must lie in 1…100 km/h, got -5"),
            (["sun", "--lat", "-91", "--lon", "8", "--anywhere"], "--lat must lie in −90…90"),
        ] {
            let result = try await CLI.runOffPool(arguments + ["--quiet"])
            #expect(result.status == 64 && result.stderr.hasPrefix("error: " + message), "\(result.stderr)")
        }
        // After a flag, or after --, a negative number is no option's value.
        let afterFlag = try await CLI.runOffPool(["sun", "--station", "wadenswil", "--json", "-5", "--quiet"])
        #expect(afterFlag.status == 64 && afterFlag.stderr.contains("'-5'"), "\(afterFlag.stderr)")
    }

    @Test func shipsAtThePlausibleBoundsAndTheArchiveOptions() async throws {
        let folder = RepositoryPaths.temporaryDirectory("sweep")
        let fleet = folder.appendingPathComponent("fleet.json")
        try FileManager.default.copyItem(at: RepositoryPaths.data.appendingPathComponent("fleet.json"), to: fleet)
        // The smallest and largest values `fleet add` accepts (PlausibleValues), and one just outside.
        for (name, values, accepted) in [
            ("MS Tiny", ["5", "1", "0.5", "0.1", "1", "1"], true),
            ("MS Huge", ["400", "80", "600000", "30", "100", "100"], true),
            ("MS Outside", ["4.999", "1", "0.5", "0.1", "1", "1"], false),
        ] {
            let result = try await CLI.runOffPool([
                "fleet", "add", "--name", name, "--length", values[0], "--beam", values[1], "--displacement", values[2],
                "--draft", values[3], "--service-speed", values[4], "--top-speed", values[5], "--source",
                "https://example.org/sweep", fleet.path,
            ])
            #expect((result.status == 0) == accepted, "\(name): \(result.stderr)")
            #expect([0, 1, 64, 65].contains(result.status))
        }
        for model in ["legacy", "wake"] {
            for speed in ["1", "100", "service"] {
                try await expectNoTrap([
                    "ratings", "--fleet", fleet.path, "--model", model, "--speed", speed, "--dry-run", "--out",
                    folder.appendingPathComponent("r").path, "--no-progress",
                ])
            }
        }
        for ship in ["MS Tiny", "MS Huge"] {
            try await expectNoTrap(
                [
                    "wake", "--fleet", fleet.path, "--ship", ship, "--speeds", "1,18,100", "--track-depth", "31,1000",
                    "--depths", "0.1,1000", "--distances", ship == "MS Huge" ? "40.0001,10000" : "1,10000", "--json",
                ], computed: true)
        }
        try await expectNoTrap(
            ["grid", "--fleet", fleet.path, "--speeds", "1,100", "--track-depths", "31,1000"], computed: true)
        // The archive's options at their bounds, against a local API.
        let board = try Data(
            contentsOf: RepositoryPaths.archive.appendingPathComponent("stationboards/2026-09-22/8503670.json"))
        let server = try LocalHTTPServer { _, _ in .init(headers: [("Content-Type", "application/json")], body: board) }
        defer { server.stop() }
        for (days, limit) in [("1", "1"), ("31", "420")] {
            try await expectNoTrap([
                "archive", "fetch", "--archive", folder.appendingPathComponent("a\(days)").path, "--station", "8503670",
                "--from", "2026-09-01", "--days", days, "--limit", limit, "--api-url", server.baseURL.absoluteString,
                "--no-deployments", "--delay", "0", "--no-progress",
            ])
        }
        for (days, limit) in [("0", "1"), ("32", "1"), ("1", "0"), ("1", "421")] {
            let result = try await CLI.runOffPool([
                "archive", "fetch", "--archive", folder.path, "--station", "8503670", "--days", days, "--limit", limit,
                "--api-url", server.baseURL.absoluteString, "--no-deployments",
            ])
            #expect(result.status == 64, "--days \(days) --limit \(limit): \(result.stderr)")
        }
    }
}
