import Foundation
import Testing
import _TestSupport

/// `Data/observations/` holds measured rows with a citation, and the illustrative example says on
/// every row that it is not measured (Data/observations/README.md).
@Suite struct ObservationsHonestyTests {
    static let folder = RepositoryPaths.data.appendingPathComponent("observations")
    static let illustrative = "ILLUSTRATIVE, not measured"

    /// Whether a source cites a measurement: a URL or a DOI.
    static func cites(_ source: String) -> Bool {
        source.contains("https://") || source.contains("http://") || source.lowercased().contains("doi:")
            || source.contains("doi.org/")
    }

    @Test func everyRowSaysWhereItWasMeasuredOrThatItWasNot() throws {
        let files = try FileManager.default.contentsOfDirectory(at: Self.folder, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "csv" }
        #expect(!files.isEmpty)
        for file in files {
            let rows = CSVText.parse(try String(contentsOf: file, encoding: .utf8))
            let column = try #require(
                rows.first?.firstIndex(of: "source"), "\(file.lastPathComponent): a source column")
            for (index, row) in rows.dropFirst().enumerated() where row.count > 1 {
                let source = row.count > column ? row[column].trimmingCharacters(in: .whitespaces) : ""
                let line = index + 2
                #expect(
                    source.hasPrefix(Self.illustrative) || Self.cites(source),
                    "\(file.lastPathComponent) line \(line): source \"\(source)\" is neither a citation nor marked illustrative"
                )
                if file.lastPathComponent == "example.csv" {
                    #expect(source.hasPrefix(Self.illustrative), "example.csv line \(line) must stay labelled")
                }
            }
        }
    }

    /// The rule can fail: a row without a source, or with a bare word, is caught.
    @Test func theRuleCatchesAnUncitedRow() {
        #expect(!Self.cites("") && !Self.cites("measured at the pier") && !"measured".hasPrefix(Self.illustrative))
        #expect(Self.cites("https://example.org/thesis.pdf, table 4") && Self.cites("doi:10.1061/xyz"))
    }
}
