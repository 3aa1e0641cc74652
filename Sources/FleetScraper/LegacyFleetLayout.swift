package import Foundation
package import WebPages

/// The operator's fleet pages in the layout `vesseldata.py` read (ZSG website, until 2025).
///
/// - Index: ship links are `a[href]` inside `ul` whose class is exactly `vlist level_3`, kept
///   when the href contains `ms-` or `ds-`, resolved against the site root.
/// - Ship page: the name is the `h1` inside `div.ce_headline`; the specs are the rows with
///   exactly two `td` in the tables of the `div.accordion` of the `section.ce_accordion` whose
///   `div.toggler` mentions "Technische Informationen". Other accordions are ignored.
@_spi(Benchmarks) public enum LegacyFleetLayout: ShipPageReading {
    /// The fleet index's path on the operator's site.
    @_spi(Benchmarks) public static let indexPath = "/de/gruppen-firmen/eventlocation-mieten/schiff-mieten"
    /// The operator's site.
    package static let defaultSiteRoot = URL(string: "https://www.zsg.ch")!
    static let technicalToggler = "Technische Informationen"

    /// Ship page URLs on the index, in page order, each once (see ``SiteURL/canonical(_:)``).
    /// Links to other hosts are returned in `offSite`, not followed.
    /// - Throws: ``ScrapeError/noShipLinks(url:expected:)`` when there are none.
    package static func shipLinks(in document: HTMLDocument, indexURL: String, base siteRoot: URL) throws
        -> (ships: [URL], offSite: [String])
    {
        var links = ShipLinks(base: siteRoot)
        for anchor in document.select("//ul[@class='vlist level_3']//a[@href]") {
            links.add(anchor.attribute("href") ?? "") { href, _ in href.contains("ms-") || href.contains("ds-") }
        }
        return try links.result(indexURL: indexURL, expected: "a[href] with 'ms-' or 'ds-' inside ul.vlist.level_3")
    }

    /// Whether a page has the legacy structure (the headline and the technical accordion).
    package static func recognises(_ document: HTMLDocument) -> Bool {
        guard document.first("//div[\(XPath.hasClass("ce_headline"))]//h1") != nil else { return false }
        return document.select("//section[\(XPath.hasClass("ce_accordion"))]//div[\(XPath.hasClass("toggler"))]")
            .contains { $0.text.contains(technicalToggler) }
    }

    /// The name and technical table of one ship page.
    /// - Throws: ``ScrapeError/layoutChanged(url:missing:)`` without the headline or the table.
    package static func shipPage(in document: HTMLDocument, url: String) throws -> ShipPage {
        guard let heading = document.first("//div[\(XPath.hasClass("ce_headline"))]//h1"),
            !heading.trimmedText.isEmpty
        else { throw ScrapeError.layoutChanged(url: url, missing: "ship name (h1 in div.ce_headline)") }
        let sections = document.select("//section[\(XPath.hasClass("ce_accordion"))]")
        let technical = sections.first { section in
            document.select(".//div[\(XPath.hasClass("toggler"))]", in: section)
                .contains { $0.text.contains(technicalToggler) }
        }
        guard let technical else {
            throw ScrapeError.layoutChanged(
                url: url, missing: "section.ce_accordion with '\(technicalToggler)'")
        }
        var specs: [ShipPage.Spec] = []
        for row in document.select(".//div[\(XPath.hasClass("accordion"))]//table//tr", in: technical) {
            let cells = document.select("./td", in: row)
            guard cells.count == 2 else { continue }
            let key = cells[0].trimmedText
            guard !key.isEmpty else { continue }
            specs.append(ShipPage.Spec(key: key, value: cells[1].trimmedText))
        }
        guard !specs.isEmpty else {
            throw ScrapeError.layoutChanged(url: url, missing: "rows of the technical table")
        }
        return ShipPage(url: url, name: heading.trimmedText, specs: specs)
    }
}
