import Foundation
import RatingsPipeline
import Testing
import _TestSupport

/// A table as a person names it on the command line (`--ratings`, `--previous`): the path of the
/// file a run reads, for each of the three things a path may name.
@Suite struct TableFileTests {
    @Test func aPathNamesTheTableOfTheFolderItNames() throws {
        let root = RepositoryPaths.temporaryDirectory("table-file")
        let bytes = try Data(contentsOf: RepositoryPaths.layout.currentTable(operatorID: "zsg"))
        // A file, and a path where nothing is: as given (reading them is the caller's step).
        let file = root.appendingPathComponent("mine.json")
        try bytes.write(to: file)
        #expect(try TableFile.path(named: file.path) == file.path)
        #expect(try TableFile.path(named: root.path + "/nowhere.json") == root.path + "/nowhere.json")
        // The folder `nextwave ratings` wrote: its ship-ratings.json.
        let out = root.appendingPathComponent("reports")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        try bytes.write(to: out.appendingPathComponent("ship-ratings.json"))
        #expect(try TableFile.path(named: out.path) == out.path + "/ship-ratings.json")
        // A publishing folder: the hashed file its manifest names.
        let site = root.appendingPathComponent("site/ratings")
        _ = try TablePublisher.publish(tableData: bytes, to: site)
        #expect(try TableFile.path(named: site.path) == site.path + "/" + TablePublisher.fileName(for: bytes))
        // A folder without a table is refused, naming it.
        let empty = root.appendingPathComponent("empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        #expect(throws: FileProblem.self) { try TableFile.path(named: empty.path) }
    }
}
