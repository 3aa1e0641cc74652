import DataFolderLayout
import Foundation
import Testing
import _TestSupport

/// The layout against the repository's own `Data/`: every file it names is there, every entry
/// there is one it names (or a folder the fleet files and references live in), and outputs cite
/// files as `Data/<path>`.
@Suite struct DataLayoutTests {
    let layout = RepositoryPaths.layout

    @Test func everyFileTheLayoutNamesIsInTheRepositorysDataFolder() throws {
        let files = [
            layout.fleet, layout.operators, layout.stations, layout.schedulePeriods, layout.appRatings,
            layout.currentTable(operatorID: "zsg"), layout.currentPages, layout.ratingSchema,
            layout.archive().appendingPathComponent("stationboards"),
            layout.snapshot().appendingPathComponent("manifest.json"),
        ]
        for file in files {
            #expect(FileManager.default.fileExists(atPath: file.path), "\(file.path)")
        }
        // Each operator's fleet file, as the catalogue names it, is in the folder.
        for chosen in try OperatorCatalogue.load(from: layout).operators {
            let fleet = chosen.fleetFile(in: layout)
            #expect(FileManager.default.fileExists(atPath: fleet.url.path), "\(chosen.id)")
            #expect(fleet.reference == "Data/" + chosen.fleet)
        }
    }

    @Test func everyEntryOfTheDataFolderIsOneTheLayoutKnows() throws {
        let named: Set<String> = [
            DataLayout.Name.fleet, DataLayout.Name.operators, DataLayout.Name.stations, DataLayout.Name.schedulePeriods,
            DataLayout.Name.appRatings, DataLayout.Name.courseSpeeds, DataLayout.Name.ratingTables,
            DataLayout.Name.archives, DataLayout.Name.snapshots,
            String(DataLayout.Name.currentPages.prefix { $0 != "/" }),
            // Named by operators.json (fleets/), by the calibration guide (observations/) and by
            // the legacy checks (reference/): each is read through the file naming it.
            "fleets", "observations", "reference",
        ]
        let entries = try FileManager.default.contentsOfDirectory(atPath: layout.root.path)
            .filter { !$0.hasPrefix(".") && !$0.hasSuffix(".md") }
        #expect(Set(entries).subtracting(named).isEmpty, "unknown entries: \(Set(entries).subtracting(named))")
    }

    @Test func outputsCiteDataFilesByTheirPlaceInTheFolderAndOthersByName() {
        let root = URL(fileURLWithPath: "/srv/next wave/Data", isDirectory: true)
        let data = DataLayout(root: root)
        #expect(data.reference(for: data.currentTable(operatorID: "sgv")) == "Data/ratings/sgv.json")
        #expect(data.reference(for: data.fleet) == "Data/fleet.json")
        #expect(data.reference(for: URL(fileURLWithPath: "/home/rider/my-fleet.json")) == "my-fleet.json")
        // A folder whose name merely starts like the data folder's is not inside it.
        #expect(data.reference(for: URL(fileURLWithPath: "/srv/next wave/Data2/fleet.json")) == "fleet.json")
        #expect(data.ratingSchema.path == "/srv/next wave/schemas/ship-ratings.schema.json")
        #expect(data.archive("x").path == "/srv/next wave/Data/archive/x")
        // A path as the README writes it is the file of whichever folder the run uses.
        #expect(
            data.file(cited: "Data/observations/example.csv")?.path == "/srv/next wave/Data/observations/example.csv")
        #expect(data.file(cited: "observations/example.csv") == nil)
        #expect(data.file(cited: "MyData/fleet.json") == nil)
    }

    @Test func reportsGoToTheHomeFolderOrOneFolderPerOperator() {
        #expect(ReportsLayout.folder(operatorID: "zsg", isHome: true) == "reports")
        #expect(ReportsLayout.folder(operatorID: "sgv", isHome: false) == "reports/sgv")
        #expect(ReportsLayout.table(in: "reports/sgv") == "reports/sgv/ship-ratings.json")
    }
}
