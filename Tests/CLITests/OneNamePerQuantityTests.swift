import Foundation
import Testing
import _TestSupport

/// One word per quantity on the command line (issue: a codebase a newcomer can carry on):
/// `--track-depth(s)` where the ship sails, `--rider-depth(s)` where the rider stands, in every
/// command; the old spellings still work and say what they are called now; a value out of range
/// is refused by the job and named by its flag.
@Suite struct OneNamePerQuantityTests {
    @Test func theOldSpellingsGiveTheSameAnswerWithANotice() async throws {
        let pairs: [([String], [String], String)] = [
            (
                ["wake", "--ship", "MS Panta Rhei", "--rider-depths", "1.5", "--distances", "50"],
                ["wake", "--ship", "MS Panta Rhei", "--depths", "1.5", "--distances", "50"],
                "--depths is now --rider-depths"
            ),
            (
                ["wake", "--ship", "MS Panta Rhei", "--rider-depth", "1.5", "--distances", "50"],
                ["wake", "--ship", "MS Panta Rhei", "--depth", "1.5", "--distances", "50"],
                "--depth is now --rider-depths"
            ),
            (
                ["grid", "--speeds", "18", "--track-depths", "4,10"],
                ["grid", "--speeds", "18", "--depths", "4,10"],
                "--depths is now --track-depths"
            ),
        ]
        for (current, old, notice) in pairs {
            let new = try await CLI.runOffPool(current + ["--no-progress"])
            let was = try await CLI.runOffPool(old + ["--no-progress"])
            #expect(new.status == 0 && was.status == 0, "\(new.stderr) \(was.stderr)")
            #expect(new.stdout == was.stdout && !new.stdout.isEmpty, "\(old)")
            #expect(was.stderr.contains(notice), "\(was.stderr)")
            #expect(!new.stderr.contains("is now"), "\(new.stderr)")
        }
    }

    @Test func theRatingsRiderDepthHasOneNameAndItsOldOne() async throws {
        let out = RepositoryPaths.temporaryDirectory("rider-depth")
        let new = try await CLI.runOffPool([
            "ratings", "--model", "wake", "--rider-depth", "2", "--dry-run", "--out", out.path, "--no-progress",
        ])
        let old = try await CLI.runOffPool([
            "ratings", "--model", "wake", "--depth", "2", "--dry-run", "--out", out.path, "--no-progress",
        ])
        #expect(new.status == 0 && old.status == 0, "\(new.stderr)\n\(old.stderr)")
        #expect(old.stderr.contains("--depth is now --rider-depth"))
        #expect(new.stdout == old.stdout)
    }

    @Test func bothSpellingsAtOnceAreAUsageError() async throws {
        let both = try await CLI.runOffPool([
            "wake", "--ship", "MS Panta Rhei", "--rider-depths", "2", "--depths", "3",
        ])
        #expect(both.status == 64 && both.stderr.contains("give --rider-depths or its old spelling --depths, not both"))
    }

    /// The job refuses the value; the command line names the flag that gave it (exit 64).
    @Test func aValueOutOfRangeIsNamedByItsFlag() async throws {
        let cases: [([String], String)] = [
            (
                ["wake", "--ship", "MS Panta Rhei", "--rider-depths", "0"],
                "--rider-depths must lie in 0.1…1000 m, got 0"
            ),
            (
                ["wake", "--ship", "MS Panta Rhei", "--track-depths", "2000"],
                "--track-depths must lie in 0.1…1000 m, got 2000"
            ),
            (["wake", "--ship", "MS Panta Rhei", "--distances", "0.5"], "--distances must lie in 1…10000 m, got 0.5"),
            (["grid", "--speeds", "0.5", "--track-depths", "10"], "--speeds must lie in 1…100 km/h, got 0.5"),
            (["ratings", "--dry-run", "--rider-depth", "0"], "--rider-depth must lie in 0.1…1000 m, got 0"),
            (["ratings", "--dry-run", "--speed", "200"], "--speed must lie in 1…100 km/h, got 200"),
        ]
        // The days a plan or a feed covers: the jobs' own check, named by the flag.
        let days: [([String], String)] = [
            (["plan", "--station", "wadenswil", "--days", "40"], "--days must lie in 1…31 days, got 40"),
            (["feed", "--days", "0", "--no-progress"], "--days must lie in 1…31 days, got 0"),
        ]
        for (arguments, message) in cases.map({ ($0 + ["--no-progress"], $1) }) + days {
            let result = try await CLI.runOffPool(arguments)
            #expect(result.status == 64, "\(arguments): \(result.status) \(result.stderr)")
            #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
        }
    }
}
