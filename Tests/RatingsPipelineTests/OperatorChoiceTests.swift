import FleetScraper
import Foundation
import RatingsPipeline
import Testing
import _TestSupport

/// What the operator a ratings run is for decides, by the rules README states ("Other lakes'
/// fleets"): only ZSG's pages are scraped, so only its run writes the legacy CSV; publishing
/// another operator's table makes one package per lake it serves (a folder named by the lake,
/// ASCII, lower case), each with the bundled tables of the lake's other operators that exist,
/// never the home operator's. Operators from Data/operators.json; the ratings folder is made
/// here and holds only urh.json (URh shares Lake Constance with SBS).
@Suite struct OperatorChoiceTests {
    let catalogue: OperatorCatalogue
    let data: DataLayout
    let site = URL(fileURLWithPath: "/srv/site", isDirectory: true)

    init() throws {
        catalogue = try OperatorCatalogue.load(from: RepositoryPaths.layout)
        data = DataLayout(root: RepositoryPaths.temporaryDirectory("operator-data"))
        try FileManager.default.createDirectory(at: data.ratingTables, withIntermediateDirectories: true)
        try Data("{}".utf8).write(to: data.currentTable(operatorID: "urh"))
    }

    func served(_ id: String, publishing: Bool) throws -> RatingsJob.Input {
        var input = RatingsJob.Input(
            source: FleetSource(
                pages: .snapshot(directory: RepositoryPaths.snapshot, name: "s"), fleet: RepositoryPaths.fleet,
                fleetReference: "f"),
            out: RepositoryPaths.temporaryDirectory(), outName: "out", appRatings: RepositoryPaths.appRatings)
        input.publish = publishing ? site : nil
        input.serve(try catalogue.find(id), catalogue: catalogue, data: data)
        return input
    }

    @Test func onlyTheScrapedOperatorWritesTheLegacyCSVAndOnlyOthersPublishByLake() throws {
        let zsg = try served("zsg", publishing: true)
        #expect(zsg.legacyCSV && zsg.lakePackages.isEmpty)
        let sgv = try served("sgv", publishing: true)
        #expect(!sgv.legacyCSV)
        #expect(sgv.lakePackages.map(\.folder.path) == ["/srv/site/vierwaldstattersee"])
        #expect(sgv.lakePackages.map(\.others) == [[]])
        let sbs = try served("sbs", publishing: true)
        #expect(sbs.lakePackages.map(\.folder.path) == ["/srv/site/bodensee"])
        #expect(sbs.lakePackages.map { $0.others.map(\.lastPathComponent) } == [["urh.json"]])
        // BLS serves two lakes: a package each, in the lakes' order.
        let bls = try served("bls", publishing: true)
        #expect(bls.lakePackages.map(\.folder.lastPathComponent) == ["brienzersee", "thunersee"])
        // Without publishing, no packages.
        let quiet = try served("sbs", publishing: false)
        #expect(!quiet.legacyCSV && quiet.lakePackages.isEmpty)
    }
}
