import CivilTime
import Foundation
import Testing
import _TestSupport

@_spi(Benchmarks) @testable import ScheduleArchive

/// The operator's deployment page, in both layouts its two descriptions give (docs/SCIENCE.md §8).
@Suite struct DeploymentPageTests {
    static let day = LocalDate(iso: "2026-09-22")!

    static let shipBlocks = """
        <html><body><div class="ships">
          <div class="ship"><div class="legend"><span class="title">MS Panta Rhei Kurs</span></div>
            <div class="disposition"><div class="cruise"><span>Kurs</span><span>109</span></div></div>
            <div class="disposition"><div class="cruise"><span>Kurs</span><span>0110</span></div></div>
          </div>
          <div class="ship"><div class="legend"><span class="title">
              DS  Stadt Zürich
            </span></div>
            <div class="disposition"><div class="cruise"><span>Kurs</span><span>107</span></div></div>
            <div class="disposition"><div class="cruise"><span>Charter</span><span></span></div></div>
          </div>
        </div></body></html>
        """

    static let flatSpans = DeploymentPageFixture.flatSpans

    @Test func readsShipBlocksWithLegendTitles() throws {
        let a = try DeploymentPage.assignments(html: Data(Self.shipBlocks.utf8), url: "u", date: Self.day)
        #expect(a.map(\.ship) == ["MS Panta Rhei", "MS Panta Rhei", "DS Stadt Zürich"])
        #expect(a.map(\.course) == ["109", "110", "107"])
    }

    @Test func readsFlatTitleAndDispositionSpans() throws {
        let a = try DeploymentPage.assignments(html: Data(Self.flatSpans.utf8), url: "u", date: Self.day)
        #expect(a.map(\.ship) == ["MS Forch", "MS Forch", "MS Linth"])
        #expect(a.map(\.course) == ["2533", "2535", "106"])
        #expect(a.allSatisfy { $0.date == Self.day })
    }

    @Test func aPageWithoutShipsIsAnErrorNotAnEmptyDay() {
        let error = #expect(throws: ArchiveError.self) {
            try DeploymentPage.assignments(
                html: Data("<html><body><p>Wartungsarbeiten</p></body></html>".utf8),
                url: "https://e.example/schiffeinsatz",
                date: Self.day)
        }
        #expect(error?.description.hasPrefix("https://e.example/schiffeinsatz: no ship with a course found") == true)
    }

    @Test func theDayURLCarriesLocalNoonInMilliseconds() {
        let url = DeploymentPage.url(root: URL(string: "https://einsatzderschiffe.zsg.ch")!, date: Self.day)
        // 2026-09-22T12:00:00+02:00 = 10:00Z = 1790071200 s.
        #expect(url.absoluteString == "https://einsatzderschiffe.zsg.ch/schiffeinsatz?timestamp=1790071200000")
    }

    @Test func readsTheStopsOfACourse() throws {
        let a = try DeploymentPage.assignments(html: Data(Self.flatSpans.utf8), url: "u", date: Self.day)
        #expect(
            a.first { $0.course == "2533" }?.stops == [
                .init(name: "Wädenswil", time: "14:31"), .init(name: "Stäfa", time: "14:44"),
            ])
        #expect(a.first { $0.course == "2535" }?.stops == [])
    }
}
