import Foundation
import Testing
import _TestSupport

/// The table the app can adopt (issue 27): the riders' ratings kept, one data folder said aloud,
/// the reviewed bytes published, new ships and renames told apart — through the built binary,
/// installed as a maintainer installs it.
@Suite(.serialized) struct AdoptableTableTests {
    func json(_ url: URL) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as! [String: Any]
    }

    func ships(_ table: URL) throws -> [String: [String: Any]] {
        let list = try json(table)["ships"] as! [[String: Any]]
        return Dictionary(uniqueKeysWithValues: list.map { ($0["name"] as! String, $0) })
    }

    /// Runs a program (git, a shell) and returns its result.
    func run(_ arguments: [String], in directory: URL, environment: [String: String?] = [:]) async throws
        -> CLI.Result
    {
        try await CLI.runOffPool(
            arguments, in: directory, executable: URL(fileURLWithPath: "/usr/bin/env"), environment: environment)
    }

    /// A clone as a maintainer has one: the package manifest, the data and the schemas, committed.
    func makeClone() async throws -> URL {
        let clone = RepositoryPaths.temporaryDirectory("clone")
        // Committed files only: the archive's store (`schedule.sqlite` and its `-wal`/`-shm`,
        // ignored by git) is a cache that other tests open and close while this one copies.
        let fm = FileManager.default
        let root = RepositoryPaths.root
        for item in ["Package.swift", "Data", "schemas"] {
            let source = root.appendingPathComponent(item)
            var isFolder: ObjCBool = false
            _ = fm.fileExists(atPath: source.path, isDirectory: &isFolder)
            guard isFolder.boolValue else {
                try fm.copyItem(at: source, to: clone.appendingPathComponent(item))
                continue
            }
            for case let file as String in fm.enumerator(atPath: source.path) ?? .init()
            where !(file as NSString).lastPathComponent.hasPrefix("schedule.sqlite") {
                let from = source.appendingPathComponent(file)
                let to = clone.appendingPathComponent(item).appendingPathComponent(file)
                _ = fm.fileExists(atPath: from.path, isDirectory: &isFolder)
                if isFolder.boolValue {
                    try fm.createDirectory(at: to, withIntermediateDirectories: true)
                } else {
                    try fm.createDirectory(at: to.deletingLastPathComponent(), withIntermediateDirectories: true)
                    try fm.copyItem(at: from, to: to)
                }
            }
        }
        for git in [
            ["init", "-q"], ["add", "-A"],
            ["-c", "user.name=t", "-c", "user.email=t@example.org", "commit", "-qm", "clone"],
        ] {
            let r = try await run(["git"] + git, in: clone)
            #expect(r.status == 0, "\(git): \(r.stderr)")
        }
        return clone
    }

    /// Installs the built binary and the data under a fresh prefix, as `scripts/install` does.
    func install(_ prefix: URL, _ extra: [String] = []) async throws -> CLI.Result {
        try await run(
            [RepositoryPaths.root.appendingPathComponent("scripts/install").path] + extra + [prefix.path],
            in: RepositoryPaths.root, environment: ["NEXTWAVE_BIN": CLI.binary.path])
    }

    /// The "Done when" of issue 27, as the maintainer does it: installed, run by name inside a
    /// clone. The default table rates every ship the app names exactly as the app does, by the
    /// riders; an edit lands in the clone's Data/fleet.json (git sees it) and the next dry run
    /// names it; what is published is byte for byte what was reviewed.
    @Test func theInstalledToolInACloneRatesAsTheAppEditsTheCloneAndPublishesTheReviewedBytes() async throws {
        let prefix = RepositoryPaths.temporaryDirectory("prefix")
        let installed = try await install(prefix)
        #expect(installed.status == 0, "\(installed.stderr)")
        let clone = try await makeClone()
        let byName: [String: String?] = [
            "PATH": "\(prefix.path)/bin:/usr/bin:/bin", "NEXTWAVE_DATA": nil, "OPENBLAS_NUM_THREADS": "1",
        ]
        func nextwave(_ arguments: [String]) async throws -> CLI.Result {
            try await run(["nextwave"] + arguments, in: clone, environment: byName)
        }

        let rated = try await nextwave(["ratings", "--no-progress"])
        #expect(rated.status == 0, "\(rated.stderr)")
        let dataLine = "data: \(clone.standardizedFileURL.path)/Data (the checkout this folder is in)"
        #expect(rated.stderr.hasPrefix(dataLine), "\(rated.stderr)")
        let table = try ships(clone.appendingPathComponent("reports/ship-ratings.json"))
        let app = try json(clone.appendingPathComponent("Data/app-ratings.json"))["ships"] as! [[String: Any]]
        #expect(app.count == 17)
        for ship in app {
            let name = ship["name"] as! String
            let ours = try #require(table[name], "\(name) is in the table")
            #expect(ours["rating"] as? Int == ship["rating"] as? Int, "\(name)")
            #expect(ours["ratingBasis"] as? String == "riders", "\(name)")
        }
        #expect(table["MS Forch"]?["rating"] as? Int == 1 && table["MS Zimmerberg"]?["rating"] as? Int == 1)

        let installedFleet = try Data(contentsOf: prefix.appendingPathComponent("share/nextwave/Data/fleet.json"))
        let set = try await nextwave([
            "fleet", "set", "MS Helvetia", "--displacement", "331", "--source", "https://example.org/helvetia",
            "--reason", "a refit",
        ])
        #expect(set.status == 0, "\(set.stderr)")
        let status = try await run(["git", "status", "--porcelain"], in: clone)
        #expect(status.stdout.contains("Data/fleet.json"), "git sees the edit: \(status.stdout)")
        #expect(
            try Data(contentsOf: prefix.appendingPathComponent("share/nextwave/Data/fleet.json")) == installedFleet,
            "the installed copy is untouched")
        let dry = try await nextwave(["ratings", "--dry-run", "--no-progress"])
        #expect(dry.status == 0 && dry.stdout.contains("MS Helvetia: displacementT 302 → 331"), "\(dry.stdout)")

        let published = try await nextwave(["ratings", "publish", "reports/ship-ratings.json", "--to", "site"])
        #expect(published.status == 0, "\(published.stderr)")
        let manifest = try json(clone.appendingPathComponent("site/manifest.json"))
        #expect(
            try Data(contentsOf: clone.appendingPathComponent("site/\(manifest["current"] as! String)"))
                == Data(contentsOf: clone.appendingPathComponent("reports/ship-ratings.json")))
        // --quiet hides the data line; a folder outside any checkout uses the installed copy.
        let quiet = try await nextwave(["stations", "--search", "wad", "--quiet"])
        #expect(quiet.status == 0 && !quiet.stderr.contains("data:"), "\(quiet.stderr)")
        let elsewhere = try await run(
            ["nextwave", "fleet", "check"], in: RepositoryPaths.temporaryDirectory("elsewhere"), environment: byName)
        #expect(
            elsewhere.stderr.contains("share/nextwave/Data (installed beside the binary)"), "\(elsewhere.stderr)")
    }

    /// scripts/install never discards an edit made to the installed data: it stops, shows the
    /// difference and changes nothing, unless told to discard.
    @Test func installKeepsEditsMadeToTheInstalledData() async throws {
        let prefix = RepositoryPaths.temporaryDirectory("prefix")
        #expect(try await install(prefix).status == 0)
        let installedFleet = prefix.appendingPathComponent("share/nextwave/Data/fleet.json")
        // The installed binary, outside any checkout, edits the installed copy.
        let edit = try await CLI.runOffPool(
            ["fleet", "set", "MS Linth", "--displacement", "281", "--source", "https://example.org/linth"],
            in: RepositoryPaths.temporaryDirectory("elsewhere"),
            executable: prefix.appendingPathComponent("bin/nextwave"), environment: ["NEXTWAVE_DATA": nil])
        #expect(edit.status == 0, "\(edit.stderr)")
        let edited = try Data(contentsOf: installedFleet)
        #expect(String(decoding: edited, as: UTF8.self).contains("281"))
        let again = try await install(prefix)
        #expect(again.status == 1, "\(again.stdout)")
        #expect(again.stderr.contains("Data/fleet.json") && again.stderr.contains("--discard-data-edits"))
        #expect(again.stderr.contains("-        \"value\": 281"), "the difference is shown: \(again.stderr)")
        #expect(try Data(contentsOf: installedFleet) == edited, "the edit is kept")
        let discarded = try await install(prefix, ["--discard-data-edits"])
        #expect(discarded.status == 0, "\(discarded.stderr)")
        #expect(try Data(contentsOf: installedFleet) == Data(contentsOf: RepositoryPaths.fleet))
        #expect(try await install(prefix).status == 0, "an untouched installation is replaced without a word")
    }

    /// A legacy-layout site whose ships the fleet file does not know: a first run writes its
    /// table (every ship new, rated from its page) and the legacy script's CSV byte for byte.
    @Test func aLegacySiteOfShipsTheFleetFileDoesNotKnowWritesItsTableOnTheFirstRun() async throws {
        let server = try LocalHTTPServer(handler: SnapshotServer.handler())
        defer { server.stop() }
        let fleet = RepositoryPaths.temporaryDirectory().appendingPathComponent("fleet.json")
        try Data(
            #"""
            {"ships": [
              {"name": "Rigi", "prefix": "MS", "lengthM": {"value": 50, "source": "https://example.org/rigi"}},
              {"name": "Zürichsee", "prefix": "MS", "lengthM": {"value": 55.8, "source": "https://example.org/z"}}
            ]}
            """#.utf8
        ).write(to: fleet)
        let out = RepositoryPaths.temporaryDirectory()
        let r = try await CLI.runOffPool([
            "ratings", "--base-url", server.baseURL.absoluteString, "--source-base", "https://www.zsg.ch", "--out",
            out.path, "--fleet", fleet.path, "--no-progress",
        ])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(!r.stderr.contains("probably"), "no page ship is taken for Rigi or Zürichsee: \(r.stderr)")
        #expect(r.stderr.contains("MS Panta Rhei is new (not in the curated fleet file)"), "\(r.stderr)")
        // The command names the fleet file the run used (without it, it would edit Data/fleet.json).
        #expect(r.stderr.contains("`nextwave fleet add --name \"MS Panta Rhei\" … \(fleet.path)`"), "\(r.stderr)")
        #expect(
            try Data(contentsOf: out.appendingPathComponent("schiffsdaten.csv"))
                == Data(contentsOf: RepositoryPaths.legacyCSV))
        let table = try ships(out.appendingPathComponent("ship-ratings.json"))
        #expect(
            table["MS Panta Rhei"]?["rating"] as? Int == 3
                && table["MS Panta Rhei"]?["ratingBasis"] as? String == "energy and force")
    }

    /// A page the fleet file cites for a ship now names another: held as a probable rename, with
    /// the command; after `fleet rename` the run writes, and the entry keeps its sources and its
    /// riders' rating under the new name, the old name an alias.
    @Test func aRenamedShipIsHeldWithTheRenameCommandAndKeepsItsEntry() async throws {
        let linth = try String(
            contentsOf: RepositoryPaths.snapshot.appendingPathComponent("ms-linth.html"), encoding: .utf8)
        let renamed = linth.replacingOccurrences(
            of: "<h1>Motorschiff Linth</h1>", with: "<h1>Motorschiff Glärnisch</h1>")
        #expect(renamed != linth)
        let server = try LocalHTTPServer(
            handler: SnapshotServer.handler { path, _ in path.hasSuffix("/ms-linth") ? .html(renamed) : nil })
        defer { server.stop() }
        let fleet = RepositoryPaths.temporaryDirectory().appendingPathComponent("fleet.json")
        try FileManager.default.copyItem(at: RepositoryPaths.fleet, to: fleet)
        let out = RepositoryPaths.temporaryDirectory()
        let args = [
            "ratings", "--base-url", server.baseURL.absoluteString, "--source-base", "https://www.zsg.ch", "--delay",
            "0", "--out", out.path, "--fleet", fleet.path, "--no-progress",
        ]
        let held = try await CLI.runOffPool(args)
        #expect(held.status == 1, "\(held.stderr)")
        #expect(
            held.stderr.contains("a page the fleet file cites for MS Linth, now names 'Glärnisch'")
                && held.stderr.contains("`nextwave fleet rename \"MS Linth\" \"MS Glärnisch\" \(fleet.path)`"),
            "\(held.stderr)")
        // Its own name again is refused and changes nothing (it rewrote the file, dropped the bare
        // name from the aliases and said "renamed MS Linth to MS Linth").
        let before = try Data(contentsOf: fleet)
        let same = try await CLI.runOffPool(["fleet", "rename", "linth", "MS Linth", fleet.path])
        #expect(
            same.status == 64 && same.stderr.contains("MS Linth (ships[4]) is already called that"), "\(same.stderr)")
        #expect(try Data(contentsOf: fleet) == before)
        let rename = try await CLI.runOffPool(["fleet", "rename", "linth", "MS Glärnisch", fleet.path])
        #expect(rename.status == 0, "\(rename.stderr)")
        #expect(rename.stderr.hasPrefix("renamed MS Linth to MS Glärnisch in "), "\(rename.stderr)")
        // A new spelling is a rename, and the message names the entry as the file now does.
        let copy = RepositoryPaths.temporaryDirectory("respell").appendingPathComponent("fleet.json")
        try before.write(to: copy)
        let respelt = try await CLI.runOffPool(["fleet", "rename", "Wädenswil", "Waedenswil", copy.path])
        #expect(respelt.stderr.hasPrefix("renamed MS Wädenswil to MS Waedenswil in "), "\(respelt.stderr)")
        let written = try await CLI.runOffPool(args)
        #expect(written.status == 0, "\(written.stderr)")
        let table = try ships(out.appendingPathComponent("ship-ratings.json"))
        let ship = try #require(table["MS Glärnisch"])
        #expect((ship["aliases"] as! [String]).contains("MS Linth") && table["MS Linth"] == nil)
        #expect(ship["rating"] as? Int == 2 && ship["ratingBasis"] as? String == "riders")
        #expect(((ship["source"] as? [String: Any])?["lengthM"] as? String)?.hasSuffix("/ms-linth") == true)
    }

    /// The README's crontab line, as cron runs it: `env -i` with cron's PATH and HOME, the binary
    /// installed in ~/.local, the fetch served from 127.0.0.1 (the only variables added).
    @Test func theReadmesCrontabLineRunsUnderCronsEnvironment() async throws {
        let readme = try RepositoryPaths.userDocumentsText()
        let start = try #require(readme.range(of: "<!-- crontab line -->\n```sh\n"))
        let end = try #require(readme.range(of: "\n```", range: start.upperBound..<readme.endIndex))
        let entry = try #require(
            readme[start.upperBound..<end.lowerBound].split(separator: "\n").first { !$0.hasPrefix("#") })
        // The five time fields, then the command cron hands to /bin/sh.
        let command = entry.split(separator: " ", maxSplits: 5)[5]
        let home = RepositoryPaths.temporaryDirectory("home")
        #expect(try await install(home.appendingPathComponent(".local")).status == 0)
        let days = ServedDays()
        let server = try LocalHTTPServer { path, _ in days.answer(path) }
        defer { server.stop() }
        let r = try await run(
            [
                "-i", "HOME=\(home.path)", "PATH=/usr/bin:/bin", "LOGNAME=cron", "SHELL=/bin/sh",
                "NEXTWAVE_API_URL=\(server.baseURL.absoluteString)",
                "NEXTWAVE_DEPLOYMENT_URL=\(server.baseURL.absoluteString)", "/bin/sh", "-c", String(command),
            ], in: home)
        let log = (try? String(contentsOf: home.appendingPathComponent("nextwave-fetch.log"), encoding: .utf8)) ?? ""
        #expect(r.status == 0, "\(r.stderr)\n\(log)")
        #expect(log.contains(/\d+ files? written/), "\(log)")
        let boards = home.appendingPathComponent("nextwave-archive/stationboards")
        #expect((try? FileManager.default.contentsOfDirectory(atPath: boards.path))?.isEmpty == false, "\(log)")
    }
}

/// A transport API and a deployment page answering every day with one departure at noon.
final class ServedDays: Sendable {
    func answer(_ path: String) -> LocalHTTPServer.Response {
        if path.hasPrefix("/v1/stationboard") {
            let query = URLComponents(string: path)?.queryItems ?? []
            let id = query.first { $0.name == "id" }?.value ?? "0"
            let date = query.first { $0.name == "date" }?.value ?? "2026-01-01"
            let parts = date.split(separator: "-").compactMap { Int($0) }
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = TimeZone(identifier: "Europe/Zurich")!
            guard parts.count == 3,
                let noon = calendar.date(from: DateComponents(year: parts[0], month: parts[1], day: parts[2], hour: 12))
            else { return .status(400) }
            let offset = calendar.timeZone.secondsFromGMT(for: noon) / 36
            let zone = String(format: "+%04d", offset)
            return .json(
                #"{"station": {"id": "\#(id)", "name": "X"}, "stationboard": [{"stop": {"station": {"id": "\#(id)"}, "#
                    + #""departure": "\#(date)T12:00:00\#(zone)", "departureTimestamp": \#(Int(noon.timeIntervalSince1970))}, "#
                    + #""name": "000101", "category": "BAT", "number": "101", "to": "Zürich Bürkliplatz"}]}"#)
        }
        return .html(DeploymentPageFixture.flatSpans)
    }
}
