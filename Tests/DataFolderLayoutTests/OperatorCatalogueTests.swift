import DataFolderLayout
import Foundation
import Testing
import _TestSupport

/// The default operator and where each operator's reports go, read from the bundled
/// `Data/operators.json` (docs/guides/maintaining.md, "Other lakes": Lake Zurich's table is `reports/`, another
/// operator's `reports/<id>`).
@Suite struct OperatorCatalogueTests {
    @Test func lakeZurichIsTheDefaultAndTheOthersReportUnderTheirId() throws {
        let catalogue = try OperatorCatalogue.load(from: RepositoryPaths.layout)
        let home = catalogue.operators.filter(\.isHome)
        #expect(home.map(\.code) == ["ZSG"])
        #expect(home.first?.reportsFolder == "reports")
        let sgv = try catalogue.find("sgv")
        #expect(!sgv.isHome)
        #expect(sgv.reportsFolder == "reports/sgv")
        // Every other operator's folder is its own: no two operators share one.
        let folders = catalogue.operators.map(\.reportsFolder)
        #expect(Set(folders).count == folders.count)
        #expect(folders.filter { $0 == "reports" }.count == 1)
    }
}

/// Who publishes assignments is a closed set: `operators.json` naming another is refused when the
/// file is read, naming the file and the value, not later by the fetch that needs it.
@Suite struct AssignmentPublisherTests {
    @Test func theBundledOperatorsNameKnownPublishers() throws {
        let catalogue = try OperatorCatalogue.load(from: RepositoryPaths.layout)
        #expect(
            Dictionary(uniqueKeysWithValues: catalogue.operators.compactMap { o in o.assignments.map { (o.id, $0) } })
                == ["zsg": .zsgDeploymentPage, "sgv": .sgvAllocationPage, "cgn": .cgnDepartureBoard])
    }

    @Test func anUnknownPublisherMakesTheFileUnreadableByName() throws {
        let file = RepositoryPaths.temporaryDirectory("operators").appendingPathComponent("operators.json")
        try Data(
            #"{"operators": [{"id": "x", "code": "X", "name": "X", "fleet": "fleets/x.json", "assignments": "fax", "lakes": {}}]}"#
                .utf8
        ).write(to: file)
        #expect {
            try OperatorCatalogue.load(from: file)
        } throws: { error in
            "\(error)".contains(file.path)
                && "\(error)".contains(
                    "\"fax\" is none of zsg-deployment-page, sgv-allocation-page, cgn-departure-board")
        }
    }
}
