import Foundation
import NextWaveSupport
import ScheduleArchive
import SessionsPipeline
import Testing
import _TestSupport

/// Which tables `sessions`, `plan` and `today` score with when no table is given, on a data
/// folder made for the test: the operators of Data/operators.json, and operator tables only for
/// SGV (Vierwaldstättersee) and for SBS and URh (both Bodensee, in that order in the catalogue).
/// Expected by the rule as README states it: Lake Zurich scores with the app's own ratings (its
/// operator ZSG is the app's home and brings no second table); another lake with its operators'
/// tables, the first the main one; a lake without one with the app's ratings.
@Suite struct DefaultRatingTablesTests {
    let data: URL
    let operators: OperatorCatalogue

    init() throws {
        data = RepositoryPaths.temporaryDirectory("default-tables")
        let ratings = data.appendingPathComponent("ratings")
        try FileManager.default.createDirectory(at: ratings, withIntermediateDirectories: true)
        for id in ["sgv", "sbs", "urh"] {
            try Data("{}".utf8).write(to: ratings.appendingPathComponent("\(id).json"))
        }
        operators = try OperatorCatalogue.load(from: RepositoryPaths.data.appendingPathComponent("operators.json"))
    }

    func choice(_ lakes: [String]) -> (main: String, more: [String], origin: DefaultRatingTables.Origin) {
        let chosen = DefaultRatingTables.choose(lakes: lakes, data: data, catalogue: operators)
        return (chosen.main.name, chosen.more.map(\.name), chosen.origin)
    }

    @Test func eachLakeScoresWithItsOperatorsTablesAndLakeZurichWithTheApps() {
        let zurich = choice(["Zürichsee"])
        #expect(zurich.main == "Data/app-ratings.json" && zurich.more.isEmpty && zurich.origin == .app)
        let lucerne = choice(["Vierwaldstättersee"])
        #expect(lucerne.main == "Data/ratings/sgv.json" && lucerne.more.isEmpty && lucerne.origin == .lakeOperator)
        let constance = choice(["Bodensee"])
        #expect(
            constance.main == "Data/ratings/sbs.json" && constance.more == ["Data/ratings/urh.json"]
                && constance.origin == .lakeOperator)
        #expect(
            DefaultRatingTables.choose(lakes: ["Bodensee"], data: data, catalogue: operators).moreOperators == ["urh"])
        // BLS has no table in this folder; Lago Maggiore has no operator in the catalogue.
        for lake in ["Thunersee", "Lago Maggiore"] {
            let none = choice([lake])
            #expect(none.main == "Data/app-ratings.json" && none.more.isEmpty && none.origin == .app, "\(lake)")
        }
        // Lake Zurich among others: the app's ratings lead, the others' tables follow.
        let both = choice(["Vierwaldstättersee", "Zürichsee"])
        #expect(both.main == "Data/app-ratings.json" && both.more == ["Data/ratings/sgv.json"] && both.origin == .app)
    }

    @Test func aGivenTableIsTheOnlyOneAndAMissingOneIsAMissingInput() throws {
        let stations = try StationCatalogue.load(from: RepositoryPaths.stations)
        let given = data.appendingPathComponent("ratings/sgv.json").path
        let chosen = try DefaultRatingTables.choose(
            given: given, stations: nil, catalogue: stations, data: data, operators: operators)
        #expect(chosen.main.name == given && chosen.more.isEmpty && chosen.origin == .given)
        let missing = data.appendingPathComponent("nowhere.json").path
        #expect {
            try DefaultRatingTables.choose(
                given: missing, stations: nil, catalogue: stations, data: data, operators: operators)
        } throws: { error in
            (error as? FileProblem)?.path == missing && (error as? FileProblem)?.kind == .missingInput
        }
    }
}
