import Foundation
import Testing
import _FuzzTargets
import _TestSupport

/// Every fuzz target over its seed corpus and every input that once crashed it
/// (`Fuzz/regressions/<target>/`): each must return. This runs without the sanitizers, on
/// every `scripts/test`; `scripts/fuzz` searches for new inputs.
@Suite struct FuzzRegressionTests {
    @Test(arguments: FuzzTargets.all.map(\.name))
    func theTargetSurvivesItsSeedsAndRegressions(_ name: String) throws {
        let target = try #require(FuzzTargets.named(name))
        let seeds = target.seeds(RepositoryPaths.root)
        #expect(!seeds.isEmpty, "\(name) has no seed inputs")
        for input in seeds + target.regressions(root: RepositoryPaths.root) { target.run(input.data) }
    }

    /// The probes of the hardening issue stay in the regression corpus, one per crash class.
    @Test func theHardeningProbesStayInTheCorpus() throws {
        let expected = [
            "spec-values": "hundreds-of-digits.txt", "legacy-page": "hundreds-of-digits.html",
            "stationboard": "int64-max-timestamp.json", "gtfs-calendar": "ten-thousand-years.txt",
            "snapshot-manifest": "parent-path.json", "fleet": "negative-length-entrance.json",
        ]
        for (name, file) in expected {
            let target = try #require(FuzzTargets.named(name))
            #expect(target.regressions(root: RepositoryPaths.root).contains { $0.name == file }, "\(name)/\(file)")
        }
        // A 10 000-year calendar is refused, not expanded into millions of days.
        let calendar = try #require(
            FuzzTargets.named("gtfs-calendar")!.regressions(root: RepositoryPaths.root).first {
                $0.name == "ten-thousand-years.txt"
            })
        let started = ContinuousClock.now
        FuzzTargets.named("gtfs-calendar")!.run(calendar.data)
        #expect(ContinuousClock.now - started < .seconds(10))
    }

    @Test func csvPiecesAgreeWithTheWhole() {
        // The differential check of the gtfs-csv target can fail: it compares parsed records.
        let text = Array("a,\"b\nc\",d\r\ne,f\n".utf8)
        #expect(FuzzTargets.records(text, split: nil) == [["a", "b\nc", "d"], ["e", "f"]])
        for cut in 0...text.count {
            #expect(FuzzTargets.records(text, split: cut) == FuzzTargets.records(text, split: nil))
        }
    }
}
