import DataFolderLayout
import Foundation
import NextWaveSupport
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
