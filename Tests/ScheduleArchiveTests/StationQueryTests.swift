import Foundation
import Testing
import _TestSupport

@_spi(Benchmarks) @testable import ScheduleArchive

/// Stations by name or id, as people type them (issue: sessions for riders).
@Suite struct StationQueryTests {
    static let catalogue = try! StationCatalogue.load(from: RepositoryPaths.stations)

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
}
