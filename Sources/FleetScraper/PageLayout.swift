package import Foundation
import WebPages

/// How ship pages are read.
public enum PageLayout: String, Sendable, CaseIterable {
    /// The legacy structure where a page has it (the operator's pages until 2025, kept exactly
    /// as `vesseldata.py` read them), else labels.
    case auto
    /// Only the legacy structure (``LegacyFleetLayout``).
    case legacy
    /// Labels, whatever the markup (``LabelLayout``).
    case labels

    /// One ship page in this layout, parsed once (auto looks for the legacy structure in the
    /// same document it then reads).
    package func shipPage(html: Data, url: String) throws -> ShipPage {
        let document = try HTMLDocument(data: html, url: url)
        return try reader(for: document).shipPage(in: document, url: url)
    }

    /// The ship links of an index page in this layout (auto: the legacy list where present),
    /// parsed once.
    /// The most vessel pages one run reads from an index: a fleet has dozens; a page of 20,000
    /// links once made a run fetch them all and write a 22 MB table no reader accepts.
    package static let maximumShipPages = 500

    package func shipLinks(indexHTML: Data, indexURL: String, base: URL) throws -> (ships: [URL], offSite: [String]) {
        let links = try allShipLinks(indexHTML: indexHTML, indexURL: indexURL, base: base)
        guard links.ships.count <= Self.maximumShipPages else {
            throw ScrapeError.tooManyShipLinks(url: indexURL, count: links.ships.count, limit: Self.maximumShipPages)
        }
        return links
    }

    private func allShipLinks(indexHTML: Data, indexURL: String, base: URL) throws -> (
        ships: [URL], offSite: [String]
    ) {
        let document = try HTMLDocument(data: indexHTML, url: indexURL)
        switch self {
        case .legacy: return try LegacyFleetLayout.shipLinks(in: document, indexURL: indexURL, base: base)
        case .labels: return try LabelLayout.shipLinks(in: document, indexURL: indexURL, base: base)
        case .auto:
            if let legacy = try? LegacyFleetLayout.shipLinks(in: document, indexURL: indexURL, base: base) {
                return legacy
            }
            return try LabelLayout.shipLinks(in: document, indexURL: indexURL, base: base)
        }
    }

    /// The reader of a ship page in this layout.
    func reader(for document: HTMLDocument) -> any ShipPageReading.Type {
        switch self {
        case .legacy: LegacyFleetLayout.self
        case .labels: LabelLayout.self
        case .auto: LegacyFleetLayout.recognises(document) ? LegacyFleetLayout.self : LabelLayout.self
        }
    }
}
