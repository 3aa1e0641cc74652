import Foundation
import Testing
import _TestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// A published table is used only as published: its bytes match its manifest, what it says is
/// checked and not only its types, a manifest names no file outside its folder, a publication
/// is all lakes or none, and a damaged table is repaired.
///
/// Through the built binary, as a user runs it. Each case failed before its fix (the hardening
/// rounds 3 and 4 in docs/RELIABILITY.md).
@Suite struct PublishedTableIntegrityTests: HostileProbe {
    /// A published table edited after publication (one rating changed, valid JSON, same size):
    /// `ratings show`, `plan --ratings`, `feed --ratings` and `ratings --previous` refuse it,
    /// naming both digests (they used it, and `feed` republished it).
    @Test func aTamperedPublishedTableIsRefusedByEveryReader() async throws {
        let data = try RepositoryPaths.copyOfData()
        let folder = RepositoryPaths.temporaryDirectory("tampered")
        let published = folder.appendingPathComponent("pub")
        let environment = ["NEXTWAVE_DATA": data.path]
        let publish = try await CLI.runOffPool(
            [
                "ratings", "publish", data.appendingPathComponent("ratings/zsg.json").path, "--to", published.path,
                "--quiet",
            ],
            environment: environment)
        #expect(publish.status == 0, "\(publish.stderr)")
        let table = try #require(
            try FileManager.default.contentsOfDirectory(atPath: published.path).first { $0.hasPrefix("ship-ratings.") })
        let url = published.appendingPathComponent(table)
        let text = try String(contentsOf: url, encoding: .utf8)
        let range = try #require(text.range(of: "\"rating\" : 1"))
        try text.replacingCharacters(in: range, with: "\"rating\" : 3").write(
            to: url, atomically: true, encoding: .utf8)
        for command in [
            ["ratings", "show", published.path],
            ["plan", "--station", "wadenswil", "--from", "2026-09-22", "--days", "1", "--ratings", published.path],
            [
                "feed", "--from", "2026-09-22", "--days", "1", "--ratings", published.path, "--out",
                folder.appendingPathComponent("site").path,
            ],
            ["ratings", "--previous", published.path, "--dry-run", "--out", folder.appendingPathComponent("o").path],
        ] {
            let r = try await CLI.runOffPool(command + ["--quiet"], environment: environment)
            #expect(r.status != 0, "\(command): \(r.stdout.prefix(300))")
            #expect(r.stderr.contains("changed or damaged after publication"), "\(command): \(r.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("site/index.json").path))
    }

    /// `ratings publish` refuses a table edited into nonsense, naming each problem: a negative
    /// length, an empty and a 10 kB name, a control character, a ship listed twice, and
    /// `generatedAt: "yesterday"`.
    @Test func publishChecksWhatATableSaysNotOnlyItsTypes() async throws {
        let data = try RepositoryPaths.copyOfData()
        var table =
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: data.appendingPathComponent("ratings/zsg.json"))) as! [String: Any]
        var ships = table["ships"] as! [[String: Any]]
        ships[0]["lengthM"] = -5.0
        ships[1]["name"] = ""
        ships[2]["name"] = String(repeating: "X", count: 10_000)
        ships[3]["name"] = "MS Bell\u{7}"
        ships[4]["name"] = ships[5]["name"]
        table["ships"] = ships
        table["generatedAt"] = "yesterday"
        let file = RepositoryPaths.temporaryDirectory("nonsense").appendingPathComponent("table.json")
        try JSONSerialization.data(withJSONObject: table).write(to: file)
        let target = file.deletingLastPathComponent().appendingPathComponent("site")
        let r = try await CLI.runOffPool(
            ["ratings", "publish", file.path, "--to", target.path, "--quiet"], environment: ["NEXTWAVE_DATA": data.path]
        )
        #expect(r.status == 65, "\(r.status): \(r.stderr)")
        for words in [
            "lengthM -5.0 is outside 5…400", "ships[1]: the name is empty", "has 10000 characters",
            "U+0007", "the same ship as ships[4]", "generatedAt \"yesterday\" is not an ISO 8601 time",
        ] {
            #expect(r.stderr.contains(words), "\(words): \(r.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: target.appendingPathComponent("manifest.json").path))
    }

    @Test func aManifestNamingAFileOutsideItsFolderIsRefused() async throws {
        let folder = RepositoryPaths.temporaryDirectory("manifest")
        let site = folder.appendingPathComponent("site")
        try FileManager.default.createDirectory(at: site, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: CLIFixtures.ratingTable,
            to: folder.appendingPathComponent("outside.json"))
        let manifest =
            #"{"manifestVersion":1,"current":"../outside.json","sha256":"0","bytes":1,"#
            + #""generatedAt":"2026-01-01T00:00:00Z","schemaVersion":4,"ships":17}"#
        try Data(manifest.utf8).write(to: site.appendingPathComponent("manifest.json"))
        let shown = try await runBounded(within: 60, ["ratings", "show", site.path])
        #expect(shown.status == 65, "\(shown.status): \(shown.stderr)")
        #expect(shown.stderr.contains("may name only a file in its own folder"), "\(shown.stderr)")
        let published = try await runBounded(
            within: 60,
            [
                "ratings", "publish", "--data", try RepositoryPaths.copyOfData().path, CLIFixtures.ratingTable.path,
                "--to",
                site.path,
            ])
        #expect(published.status == 65, "\(published.status): \(published.stderr)")
        #expect(published.stderr.contains("may name only a file in its own folder"), "\(published.stderr)")
        // A manifest of another shape names the field it lacks, not JSONDecoder's dump of it.
        try Data(#"{"current":"x.json"}"#.utf8).write(to: site.appendingPathComponent("manifest.json"))
        let other = try await runBounded(within: 60, ["ratings", "show", site.path])
        #expect(other.status == 65, "\(other.status): \(other.stderr)")
        #expect(
            other.stderr.contains("manifest.json: not a publishing manifest: missing field manifestVersion")
                && !other.stderr.contains("CodingKeys"), "\(other.stderr)")
    }

    @Test func aMultiLakePublishIsAllLakesOrNone() async throws {
        let folder = RepositoryPaths.temporaryDirectory("bls")
        let site = folder.appendingPathComponent("site")
        try FileManager.default.createDirectory(at: site, withIntermediateDirectories: true)
        // Brienzersee's folder is blocked by a file of that name.
        try Data("not a folder".utf8).write(to: site.appendingPathComponent("brienzersee"))
        let result = try await runBounded(
            within: 60,
            [
                "ratings", "--operator", "bls", "--data", try RepositoryPaths.copyOfData().path, "--publish", site.path,
                "--out", folder.appendingPathComponent("out").path,
                "--quiet",
            ])
        #expect(result.status == 73, "\(result.status): \(result.stderr)")
        #expect(result.stderr.contains("brienzersee"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: site.appendingPathComponent("thunersee/manifest.json").path))
    }

    @Test func aDamagedPublishedTableIsRepaired() async throws {
        let (_, site, out, table) = try await publishedOnce("site")
        let good = try Data(contentsOf: table)
        try good.prefix(100).write(to: table)
        let second = try await runBounded(
            within: 60,
            [
                "ratings", "--data", try RepositoryPaths.copyOfData().path, "--publish", site.path, "--out", out.path,
                "--quiet",
            ])
        #expect(second.status == 0, "\(second.status): \(second.stderr)")
        #expect(try Data(contentsOf: table) == good)
        #expect(!second.stdout.contains("nothing published"), "\(second.stdout)")
    }
}
