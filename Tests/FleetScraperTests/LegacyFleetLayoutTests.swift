@_spi(Benchmarks) import FleetScraper
import Foundation
import Testing
import WebPages
import _TestSupport

@Suite struct LegacyFleetLayoutTests {
    let root = URL(string: "https://www.zsg.ch")!

    @Test func snapshotPageYieldsNameAndTechnicalTableOnly() throws {
        let html = try Data(contentsOf: RepositoryPaths.snapshot.appendingPathComponent("ms-panta-rhei.html"))
        let page = try LegacyFleetLayout.shipPage(html: html, url: "https://www.zsg.ch/x/ms-panta-rhei")
        #expect(page.name == "Motorschiff Panta Rhei")
        #expect(page.specs.count == 10)  // not the "Ausstattung" table, not the th header row
        #expect(page["Verdrängung leer"] == "382 Tonnen")
        #expect(page["KW / PS"] == "2x442 / 2x600")
        #expect(page["Salon"] == nil)
    }

    @Test func indexLinksAreFilteredResolvedAndDeduplicated() throws {
        let html = """
            <html><body>
            <ul class="vlist level_2"><li><a href="de/other/ms-not-this-list">x</a></li></ul>
            <ul class="vlist level_3">
              <li><a href="de/schiff-mieten/ms-helvetia">Helvetia</a></li>
              <li><a href="/de/schiff-mieten/ms-helvetia/">Helvetia again, trailing slash</a></li>
              <li><a href="https://www.zsg.ch/de/schiff-mieten/ms-helvetia#top">and with a fragment</a></li>
              <li><a href="de/schiff-mieten/ds-stadt-zuerich">Stadt Zürich</a></li>
              <li><a href="de/schiff-mieten/anfrage">Anfrage</a></li>
              <li><a href="https://evil.example/ms-phish">elsewhere</a></li>
            </ul></body></html>
            """
        let links = try LegacyFleetLayout.shipLinks(
            indexHTML: Data(html.utf8), indexURL: "https://www.zsg.ch/i", base: root)
        #expect(
            links.ships.map(\.absoluteString) == [
                "https://www.zsg.ch/de/schiff-mieten/ms-helvetia",
                "https://www.zsg.ch/de/schiff-mieten/ds-stadt-zuerich",
            ])
        #expect(links.offSite == ["https://evil.example/ms-phish"])
    }

    @Test func indexWithoutShipLinksMeansTheLayoutChanged() {
        let html = #"<html><body><ul class="vlist level_3 new"><li><a href="/ms-x">x</a></li></ul></body></html>"#
        #expect(throws: ScrapeError.self) {
            try LegacyFleetLayout.shipLinks(
                indexHTML: Data(html.utf8), indexURL: "https://www.zsg.ch/i", base: root)
        }
        do {
            _ = try LegacyFleetLayout.shipLinks(
                indexHTML: Data(html.utf8), indexURL: "https://www.zsg.ch/i", base: root)
        } catch {
            #expect(String(describing: error).contains("https://www.zsg.ch/i"))
            #expect(String(describing: error).contains("layout"))
        }
    }

    @Test func pageWithoutTheTechnicalTableIsALayoutError() {
        let html = """
            <div class="ce_headline"><h1>Motorschiff Neu</h1></div>
            <section class="ce_accordion"><div class="toggler">Ausstattung</div>
            <div class="accordion"><table><tr><td>Länge</td><td>40 m</td></tr></table></div></section>
            """
        #expect(
            throws: ScrapeError.layoutChanged(url: "u", missing: "section.ce_accordion with 'Technische Informationen'")
        ) {
            try LegacyFleetLayout.shipPage(html: Data(html.utf8), url: "u")
        }
    }

    @Test func truncatedHTMLBeforeTheTableIsALayoutError() throws {
        let full = try String(
            contentsOf: RepositoryPaths.snapshot.appendingPathComponent("ms-linth.html"), encoding: .utf8)
        let cut = String(full.prefix(upTo: full.range(of: "<section")!.lowerBound))
        #expect(throws: ScrapeError.self) { try LegacyFleetLayout.shipPage(html: Data(cut.utf8), url: "u") }
        // Cut inside the table: libxml2 recovers the rows that arrived.
        let inTable = String(full.prefix(upTo: full.range(of: "<tr><td>Länge")!.lowerBound))
        let page = try LegacyFleetLayout.shipPage(html: Data(inTable.utf8), url: "u")
        #expect(page["Baujahr"] == "1952")
        #expect(page["Länge"] == nil)
    }

    @Test func emptyBodyIsUnparseable() {
        #expect(throws: WebFetchError.unparseableHTML(url: "u")) {
            try LegacyFleetLayout.shipPage(html: Data(), url: "u")
        }
    }
}
