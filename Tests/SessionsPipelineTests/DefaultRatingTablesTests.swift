import Foundation
import SafeFiles
import ScheduleArchive
import SessionsPipeline
import ShipRatingTable
import Testing
import _TestSupport

/// Which tables `sessions`, `plan`, `today` and `feed` rate with when no table is given, on a
/// data folder made for the test: the operators of Data/operators.json, and current tables only
/// for ZSG (Lake Zurich), SGV (Vierwaldstättersee) and SBS and URh (both Bodensee, in that order
/// in the catalogue). Expected by the rule as the README states it: each lake by its operators'
/// current tables, the first the main one; a lake with none is unrated, Lake Zurich's table then
/// the main one for its format; the summary names each table and how it came to be.
@Suite struct DefaultRatingTablesTests {
    let data: DataLayout
    let operators: OperatorCatalogue

    /// A minimal table generated at `stamp`, rating one ship `ship`.
    static func table(_ stamp: String, ship: String = "MS Test") -> Data {
        Data(
            #"""
            {"schemaVersion": 4, "generatedAt": "\#(stamp)", "model": {"name": "vesseldata-legacy",
             "thresholds": {"energyJPerM2": [150, 250], "forceNPerM2": [45000, 55000]}},
             "ships": [{"name": "\#(ship)", "aliases": [], "rating": 2, "source": {}}]}
            """#.utf8)
    }

    init() throws {
        data = DataLayout(root: RepositoryPaths.temporaryDirectory("default-tables"))
        let ratings = data.ratingTables
        try FileManager.default.createDirectory(at: ratings, withIntermediateDirectories: true)
        for id in ["zsg", "sgv", "sbs", "urh"] {
            try Self.table("2026-11-27T00:00:00Z", ship: "MS \(id)").write(
                to: ratings.appendingPathComponent("\(id).json"))
        }
        operators = try OperatorCatalogue.load(from: RepositoryPaths.layout)
    }

    func choice(_ lakes: [String]) throws -> DefaultRatingTables.Choice {
        try DefaultRatingTables.choose(lakes: lakes, data: data, catalogue: operators)
    }

    @Test func eachLakeRatesWithItsOperatorsCurrentTables() throws {
        let zurich = try choice(["Zürichsee"])
        #expect(zurich.main.name == "Data/ratings/zsg.json" && zurich.more.isEmpty && zurich.origin == .current)
        #expect(zurich.summary == "ratings: Zürichsee by Data/ratings/zsg.json (bundled, generated 2026-11-27)")
        let lucerne = try choice(["Vierwaldstättersee"])
        #expect(lucerne.main.name == "Data/ratings/sgv.json" && lucerne.more.isEmpty)
        let constance = try choice(["Bodensee"])
        #expect(
            constance.main.name == "Data/ratings/sbs.json" && constance.more.map(\.name) == ["Data/ratings/urh.json"])
        #expect(constance.moreOperators == ["urh"])
        // BLS has no table in this folder; Lago Maggiore has no operator in the catalogue: unrated,
        // and Lake Zurich's table is the main one for its format.
        for lake in ["Thunersee", "Lago Maggiore"] {
            let none = try choice([lake])
            #expect(none.main.name == "Data/ratings/zsg.json" && none.more.isEmpty, "\(lake)")
            #expect(none.summary == "ratings: \(lake): no operator's table, unrated", "\(lake)")
        }
        // Lake Zurich among others: in the order given.
        let both = try choice(["Zürichsee", "Vierwaldstättersee"])
        #expect(both.main.name == "Data/ratings/zsg.json" && both.more.map(\.name) == ["Data/ratings/sgv.json"])
        #expect(
            both.summary
                == "ratings: Zürichsee by Data/ratings/zsg.json (bundled, generated 2026-11-27); Vierwaldstättersee "
                + "by their operators' bundled tables in Data/ratings/")
    }

    @Test func aReviewedOrPublishedTableIsNamedSoAndATableReplacedByHandIsBundledAgain() throws {
        let current = CurrentRatingTables(data: data)
        let reviewed = Self.table("2026-12-01T10:00:00Z", ship: "MS zsg")
        #expect(try current.record(reviewed, for: "zsg", origin: .reviewed))
        #expect(try choice(["Zürichsee"]).summary.hasSuffix("Data/ratings/zsg.json (reviewed, generated 2026-12-01)"))
        // Publishing the same bytes moves the record on; reviewing them again does not move it back.
        #expect(try current.record(reviewed, for: "zsg", origin: .published))
        #expect(try !current.record(reviewed, for: "zsg", origin: .reviewed))
        #expect(try current.origin(of: "zsg") == .published)
        #expect(try current.operatorHolding(reviewed) == "zsg")
        try Self.table("2026-12-02T00:00:00Z", ship: "MS zsg").write(to: current.file(for: "zsg"))
        #expect(try current.origin(of: "zsg") == nil)
        #expect(try current.operatorHolding(reviewed) == nil)
        // Another lake's reviewed table is named, not grouped with the bundled ones.
        #expect(try current.record(Self.table("2026-12-03T00:00:00Z", ship: "MS sgv"), for: "sgv", origin: .reviewed))
        #expect(
            try choice(["Vierwaldstättersee"]).summary
                == "ratings: Vierwaldstättersee by Data/ratings/sgv.json (reviewed, generated 2026-12-03)")
    }

    @Test func aGivenTableIsTheOnlyOneAndANewerCurrentTableIsSaid() throws {
        let stations = try StationCatalogue.load(from: RepositoryPaths.stations)
        let old = data.root.appendingPathComponent("old.json")
        try Self.table("2026-01-01T00:00:00Z", ship: "MS zsg").write(to: old)
        let zurich = stations.stations.filter { $0.lake == "Zürichsee" }
        let chosen = try DefaultRatingTables.choose(
            given: old.path, stations: zurich, catalogue: stations, data: data, operators: operators)
        #expect(chosen.main.name == old.path && chosen.more.isEmpty && chosen.origin == .given)
        #expect(chosen.summary == "ratings: the table given, \(old.path) (generated 2026-01-01)")
        #expect(
            chosen.newer == [
                DefaultRatingTables.NewerTable(
                    name: "Data/ratings/zsg.json", generatedAt: "2026-11-27T00:00:00Z", used: old.path,
                    usedGeneratedAt: "2026-01-01T00:00:00Z", use: .leaveOutGiven)
            ])
        #expect(
            chosen.newer.map(\.description) == [
                "Data/ratings/zsg.json (generated 2026-11-27T00:00) is newer than \(old.path) (generated "
                    + "2026-01-01T00:00), which this run rates with"
            ])
        // A table of other ships, however new, is no warning: it is another operator's.
        let lucerne = stations.stations.filter { $0.lake == "Vierwaldstättersee" }
        #expect(
            try DefaultRatingTables.choose(
                given: old.path, stations: lucerne, catalogue: stations, data: data, operators: operators
            ).newer.isEmpty)
        let missing = data.root.appendingPathComponent("nowhere.json").path
        #expect {
            try DefaultRatingTables.choose(
                given: missing, stations: nil, catalogue: stations, data: data, operators: operators)
        } throws: { error in
            (error as? DefaultRatingTables.NoTable) == DefaultRatingTables.NoTable(path: missing, scope: .given)
                && (error as? DefaultRatingTables.NoTable)?.kind == .missingInput
                && "\(error)" == "\(missing): no rating table"
        }
    }

    @Test func aNewerTableBesideTheRunIsSaidWithWhatToDo() throws {
        let stations = try StationCatalogue.load(from: RepositoryPaths.stations)
        let reviewed = data.root.appendingPathComponent("ship-ratings.json")
        try Self.table("2026-12-05T08:00:00Z", ship: "MS zsg").write(to: reviewed)
        let chosen = try DefaultRatingTables.choose(
            given: nil, stations: stations.stations.filter { $0.lake == "Zürichsee" }, catalogue: stations, data: data,
            operators: operators, visible: [.passable(reviewed, as: "reports/ship-ratings.json")])
        #expect(
            chosen.newer.map(\.description) == [
                "reports/ship-ratings.json (generated 2026-12-05T08:00) is newer than Data/ratings/zsg.json "
                    + "(generated 2026-11-27T00:00), which this run rates with"
            ])
        #expect(chosen.newer.map(\.use) == [.pass(argument: "reports/ship-ratings.json")])
    }
}
