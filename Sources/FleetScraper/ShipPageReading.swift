package import Foundation
package import WebPages

/// A way of reading an operator's pages, over a document parsed once: a ship page's name and
/// specs, and the ship links of a fleet index. ``PageLayout`` chooses among them.
package protocol ShipPageReading {
    /// Whether a page has this layout's structure (what `auto` asks).
    static func recognises(_ document: HTMLDocument) -> Bool
    /// The name and specs of one ship page.
    /// - Throws: ``ScrapeError/layoutChanged(url:missing:)`` when the page is not one.
    static func shipPage(in document: HTMLDocument, url: String) throws -> ShipPage
    /// The ship page URLs of a fleet index, in page order, each once; links to other sites in
    /// `offSite`.
    /// - Throws: ``ScrapeError/noShipLinks(url:expected:)`` when there are none.
    static func shipLinks(in document: HTMLDocument, indexURL: String, base: URL) throws
        -> (ships: [URL], offSite: [String])
}

extension ShipPageReading {
    /// Parses `html` and reads it as a ship page.
    package static func shipPage(html: Data, url: String) throws -> ShipPage {
        try shipPage(in: HTMLDocument(data: html, url: url), url: url)
    }

    /// Parses `indexHTML` and reads its ship links.
    package static func shipLinks(indexHTML: Data, indexURL: String, base: URL) throws
        -> (ships: [URL], offSite: [String])
    {
        try shipLinks(in: HTMLDocument(data: indexHTML, url: indexURL), indexURL: indexURL, base: base)
    }
}
