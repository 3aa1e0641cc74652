import Foundation
import Testing
import _TestSupport

@_spi(Benchmarks) @testable import ScheduleArchive

/// Stations by name or id, as people type them (issue: sessions for riders).
@Suite struct StationQueryTests {
    static let catalogue = try! StationCatalogue.load(from: RepositoryPaths.stations)

    /// A station list edited by hand with a comma left out names the line and column (it said
    /// `expected {"lakes": [...]}`, as for a file of another shape); the positions by hand: the
    /// `"` after line 2's four blanks.
    @Test func aStationListWithASyntaxErrorNamesWhere() throws {
        let file = RepositoryPaths.temporaryDirectory("stations").appendingPathComponent("stations.json")
        try Data("{\"lakes\": [{\"name\": \"Zürichsee\"\n    \"stations\": []}]}\n".utf8).write(to: file)
        #expect(throws: ArchiveError.malformed(path: file.path, reason: "invalid JSON at line 2, column 5")) {
            try StationCatalogue.load(from: file)
        }
        try Data("[1, 2]".utf8).write(to: file)
        #expect(throws: ArchiveError.malformed(path: file.path, reason: "expected {\"lakes\": [...]}")) {
            try StationCatalogue.load(from: file)
        }
    }

    @Test func namesAndIdsFindTheirStation() throws {
        let c = Self.catalogue
        #expect(try c.resolve("8503670").name == "Wädenswil (See)")
        #expect(try c.resolve("Wädenswil (See)").uic == 8_503_670)
        #expect(try c.resolve("wadenswil").uic == 8_503_670, "accents and case ignored; a unique prefix")
        #expect(try c.resolve("  STÄFA ").uic == 8_503_665)
        #expect(try c.resolve(all: ["wadenswil,stafa", "8503670"]).map(\.uic) == [8_503_670, 8_503_665])
    }

    @Test func anAmbiguousPrefixListsTheStationsItFits() {
        do {
            _ = try Self.catalogue.resolve("Zürich")
            Issue.record("Zürich is ambiguous")
        } catch let error as StationQueryError {
            guard case .ambiguous(_, let matches) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(matches.contains("Zürich Bürkliplatz (See) (8503651)") && matches.count > 1)
        } catch { Issue.record("\(error)") }
    }

    @Test func anUnknownNameSuggestsCloseOnesAndAnUnknownIdIsAnError() {
        #expect(throws: StationQueryError.unknown("Wadensvil", closest: ["Wädenswil (See)"])) {
            try Self.catalogue.resolve("Wadensvil")
        }
        #expect(throws: StationQueryError.unknown("1234567", closest: [])) { try Self.catalogue.resolve("1234567") }
        #expect(throws: StationQueryError.self) { try Self.catalogue.stations(ofLake: "Atlantis") }
    }

    /// "ae", "oe", "ue" for ä, ö, ü, as German is written without umlauts: every station of the
    /// list, its name so written, finds that station and no other, and so does every lake.
    @Test func umlautsWrittenOutFindTheStationAndTheLake() throws {
        let c = Self.catalogue
        func writtenOut(_ name: String) -> String {
            var text = name
            for (umlaut, pair) in [("ä", "ae"), ("ö", "oe"), ("ü", "ue"), ("Ä", "Ae"), ("Ö", "Oe"), ("Ü", "Ue")] {
                text = text.replacingOccurrences(of: umlaut, with: pair)
            }
            return text
        }
        var written = 0
        for station in c.stations where writtenOut(station.name) != station.name {
            written += 1
            #expect(try c.resolve(writtenOut(station.name)).uic == station.uic, "\(writtenOut(station.name))")
        }
        #expect(written >= 20, "the list has stations with umlauts (\(written))")
        #expect(try c.resolve("Waedenswil").uic == 8_503_670)
        #expect(try c.resolve("staefa").uic == 8_503_665)
        // Both ways of dropping the umlaut of Flüelen, where ü is followed by e.
        let fluelen = try c.resolve("Flüelen").uic
        #expect(try c.resolve("Fluelen").uic == fluelen && c.resolve("flueelen").uic == fluelen)
        for lake in c.lakes where writtenOut(lake) != lake {
            #expect(try c.stations(ofLake: writtenOut(lake)).allSatisfy { $0.lake == lake }, "\(writtenOut(lake))")
        }
        #expect(try c.stations(ofLake: "Zuerichsee").first?.lake == "Zürichsee")
    }

    /// An empty `--station` is refused, not read as "no stations"; a list's empty items are skipped.
    @Test func anEmptyQueryIsRefusedAndEmptyListItemsSkipped() throws {
        for query in ["", " ", ",", " , "] {
            #expect(throws: StationQueryError.self, "'\(query)'") { try Self.catalogue.resolve(all: [query]) }
        }
        #expect(try Self.catalogue.resolve(all: ["wadenswil,", ",stafa"]).map(\.uic) == [8_503_670, 8_503_665])
    }
}
