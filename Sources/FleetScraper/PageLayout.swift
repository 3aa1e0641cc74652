package import Foundation
import WebFetch

/// How ship pages are read.
public enum PageLayout: String, Sendable, CaseIterable {
    /// The legacy structure where a page has it (the operator's pages until 2025, kept exactly
    /// as `vesseldata.py` read them), else labels.
    case auto
    /// Only the legacy structure (``LegacyFleetLayout``).
    case legacy
    /// Labels, whatever the markup (``LabelLayout``).
    case labels

    /// One ship page in this layout.
    package func shipPage(html: Data, url: String) throws -> ShipPage {
        switch self {
        case .legacy: return try LegacyFleetLayout.shipPage(html: html, url: url)
        case .labels: return try LabelLayout.shipPage(html: html, url: url)
        case .auto:
            if LegacyFleetLayout.looksLegacy(html: html, url: url) {
                return try LegacyFleetLayout.shipPage(html: html, url: url)
            }
            return try LabelLayout.shipPage(html: html, url: url)
        }
    }

    /// The ship links of an index page in this layout (auto: the legacy list where present).
    package func shipLinks(indexHTML: Data, indexURL: String, base: URL) throws -> (ships: [URL], offSite: [String]) {
        switch self {
        case .legacy: return try LegacyFleetLayout.shipLinks(indexHTML: indexHTML, indexURL: indexURL, siteRoot: base)
        case .labels: return try LabelLayout.shipLinks(indexHTML: indexHTML, indexURL: indexURL, base: base)
        case .auto:
            if let legacy = try? LegacyFleetLayout.shipLinks(indexHTML: indexHTML, indexURL: indexURL, siteRoot: base) {
                return legacy
            }
            return try LabelLayout.shipLinks(indexHTML: indexHTML, indexURL: indexURL, base: base)
        }
    }
}
