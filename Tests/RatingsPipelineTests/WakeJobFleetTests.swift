import Foundation
import RatingsPipeline
import RatingsReports
import ShipRatingTable
import Testing
import _TestSupport

/// A wake run over a whole fleet computes every ship it can and says which it could not and why;
/// a ship named on purpose that cannot be computed is an error.
@Suite struct WakeJobFleetTests {
    /// A fleet file of ships given as (name, length, beam, displacement, service speed), no pages.
    func fleet(_ ships: [(String, Double?, Double?, Double?, Double?)]) throws -> FleetSource {
        func value(_ v: Double?) -> String? { v.map { "{\"value\": \($0), \"source\": \"https://example.ch/s\"}" } }
        let entries = ships.map { name, length, beam, displacement, speed in
            let fields = [
                ("lengthM", value(length)), ("beamM", value(beam)), ("displacementT", value(displacement)),
                ("serviceSpeedKmh", value(speed)),
            ].compactMap { key, text in text.map { "\"\(key)\": \($0)" } }
            return "{\"name\": \"\(name)\", \"prefix\": \"MS\"" + fields.map { ", " + $0 }.joined() + "}"
        }
        let file = RepositoryPaths.temporaryDirectory("wake-fleet").appendingPathComponent("fleet.json")
        try Data("{\"ships\": [\(entries.joined(separator: ", "))]}".utf8).write(to: file)
        return FleetSource(pages: .none(operatorName: "test"), fleet: file, fleetReference: "fleet.json")
    }

    func job(_ source: FleetSource, names: [String] = [], service: Bool) -> WakeJob {
        var input = WakeJob.Input(
            ships: .fleet(names: names, source: source), speedsKmh: service ? [] : [18], trackDepthsM: [10],
            riderDepthsM: [3], distancesM: [50])
        if service { input.operatingSpeeds = .init(courseSpeeds: nil, reference: "none") }
        return WakeJob(input)
    }

    /// More spots than a summary ranks (8 in the text, 20 in `wake.md`): the summary says where
    /// every one is in the caller's words; a library client's name no option.
    @Test func theSummariesPointToEverySpotInTheCallersWords() async throws {
        let source = try fleet([("Eins", 40, 7, 120, nil), ("Zwei", 30, 6, 80, nil)])
        let table = try await WakeJob(
            .init(
                ships: .fleet(names: [], source: source), speedsKmh: [14, 16, 18], trackDepthsM: [10, 20],
                riderDepthsM: [3], distancesM: [30, 50, 80, 120])
        ).run()
        #expect(WakeRanking.spotCount(table) == 3 * 2 * 1 * 4)
        let everySpot = "the whole wake table (`WakeJob`'s result, or its CSV)"
        let text = WakeText.render(table, wording: PlainRemedyWording())
        #expect(text.contains("  … and 16 more spots: \(everySpot) for every one\n"))
        let folder = RepositoryPaths.temporaryDirectory("wake-every-spot")
        try WakeJob.write(table, csv: nil, folder: folder)
        let markdown = try String(contentsOf: folder.appendingPathComponent(WakeJob.outputs.markdown), encoding: .utf8)
        #expect(markdown.contains("\n4 more spots: \(everySpot) ranks every one.\n"))
        let flag = try Regex(#"(^|[\s`(\[])--[a-z]"#)
        #expect(!text.contains(flag) && !markdown.contains(flag))
    }

    @Test func shipsWithoutDimensionsAreLeftOutAndNamed() async throws {
        let source = try fleet([
            ("Eins", 40, 7, 120, nil), ("Zwei", 30, nil, nil, nil), ("Drei", nil, 6, nil, nil),
            ("Vier", 35, 6, nil, nil),
        ])
        let table = try await job(source, service: false).run()
        #expect(table.names == ["MS Eins"])
        #expect(
            table.leftOut == [
                .init(name: "MS Zwei", reason: "no published beam, displacement"),
                .init(name: "MS Drei", reason: "no published length, displacement"),
                .init(name: "MS Vier", reason: "no published displacement"),
            ])
        #expect(
            LeftOutShip.grouped(table.leftOut + [.init(name: "MS Fünf", reason: "no published displacement")])
                == "MS Zwei (no published beam, displacement); MS Drei (no published length, displacement); "
                + "MS Vier, MS Fünf (no published displacement)")
        // A ship named twice, by its name and its full name, is computed once (it was ranked
        // against itself).
        #expect(try await job(source, names: ["Eins", "MS Eins", "eins"], service: false).run().names == ["MS Eins"])
        // Named, the same ship is an error (bad data of the fleet), not a silent omission.
        await expectJobFailure(WakeJobError.noDimensions(ship: "MS Vier", missing: ["displacement"]), kind: .badData) {
            _ = try await job(source, names: ["Vier"], service: false).run()
        }
    }

    @Test func aFleetWithNoShipToComputeIsRefusedWithWhy() async throws {
        let source = try fleet([("Eins", 17, 3, nil, nil)])
        await expectJobFailure(WakeJobError.noShipComputable("MS Eins (no published displacement)"), kind: .badData) {
            _ = try await job(source, service: false).run()
        }
    }

    /// At operating speeds, a ship with no evidence of one is left out of a whole-fleet run (and
    /// named); the ships with one are computed at it. Named, or when no ship has one, it is an
    /// error that groups the ships by reason.
    @Test func shipsWithoutAnOperatingSpeedAreLeftOutOfTheWholeFleet() async throws {
        let source = try fleet([("Eins", 40, 7, 120, 20), ("Zwei", 42, 7, 130, nil), ("Drei", 41, 7, 125, nil)])
        let table = try await job(source, service: true).run()
        #expect(table.names == ["MS Eins"] && table.ensemble.speedsKmh == [20])
        #expect(table.leftOut.map(\.name) == ["MS Zwei", "MS Drei"])
        #expect(table.leftOut.allSatisfy { $0.reason.hasPrefix("no operating speed: no published service speed") })
        let reason = "no published service speed, no archived courses, no sister with one, and no power to estimate one"
        await expectJobFailure(WakeJobError.noOperatingSpeed(["MS Zwei, MS Drei (\(reason))"]), kind: .usage) {
            _ = try await job(source, names: ["Zwei", "Drei"], service: true).run()
        }
        let none = try fleet([("Zwei", 42, 7, 130, nil), ("Drei", 41, 7, 125, nil)])
        await expectJobFailure(WakeJobError.noOperatingSpeed(["MS Zwei, MS Drei (\(reason))"]), kind: .usage) {
            _ = try await job(none, service: true).run()
        }
    }
}
