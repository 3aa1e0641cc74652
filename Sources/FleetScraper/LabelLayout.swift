package import Foundation
package import WebPages

/// Ship pages of any layout, read by their labels rather than by the site's markup: the
/// label/value pairs of table rows (`th`/`td`, `td`/`td`), definition lists, label and value
/// elements side by side or one above the other, list items and "Label: value" lines, kept
/// when the label is one of ``SpecVocabulary``'s. The ship's name is the page's main heading
/// (else its title, without the site's name). Navigation, headers, footers and forms are not
/// read (``PageText``), and prose is not a pair, so their numbers never become specs.
package enum LabelLayout: ShipPageReading {
    /// The name and specs of one ship page.
    /// - Throws: ``ScrapeError/layoutChanged(url:missing:)`` when the page has no name, or none
    ///   of length, beam and displacement: then this is not a ship page as expected (or the
    ///   site changed), and a table must not be built from it.
    /// Whether the page reads as a ship page by its labels: a name and a known dimension.
    package static func recognises(_ document: HTMLDocument) -> Bool {
        (try? shipPage(in: document, url: document.url)) != nil
    }

    package static func shipPage(in document: HTMLDocument, url: String) throws -> ShipPage {
        guard let name = title(of: document) else {
            throw ScrapeError.layoutChanged(url: url, missing: "a ship name (no h1 heading or title)")
        }
        let specs = pairs(in: PageText(document).lines)
        let fields = Set(specs.compactMap { SpecVocabulary.field(forLabel: $0.key) })
        guard !fields.isDisjoint(with: [.length, .beam, .displacement]) else {
            throw ScrapeError.layoutChanged(
                url: url,
                missing: "length, beam and displacement (no label such as Länge, Longueur, Breite, Verdrängung)")
        }
        return ShipPage(url: url, name: name, specs: specs)
    }

    /// The label/value pairs of known labels, in page order, each label once.
    static func pairs(in lines: [PageText.Line]) -> [ShipPage.Spec] {
        var specs: [ShipPage.Spec] = []
        var seen = Set<String>()
        func add(_ label: String, _ value: String) {
            let label = label.trimmingCharacters(in: CharacterSet(charactersIn: ": \u{a0}"))
            let value = value.trimmingCharacters(in: .whitespaces)
            guard !value.isEmpty, value.count <= 120, SpecVocabulary.field(forLabel: label) != nil,
                seen.insert(label.lowercased()).inserted
            else { return }
            specs.append(ShipPage.Spec(key: label, value: value))
        }
        for (index, line) in lines.enumerated() {
            let parts = line.parts
            if parts.count == 2, SpecVocabulary.field(forLabel: parts[0]) != nil {
                add(parts[0], parts[1])  // cells, dt/dd, label and value elements
            } else if let colon = line.text.firstIndex(of: ":"),
                SpecVocabulary.field(forLabel: String(line.text[..<colon])) != nil
            {
                add(String(line.text[..<colon]), String(line.text[line.text.index(after: colon)...]))
            } else if parts.count == 1, SpecVocabulary.field(forLabel: parts[0]) != nil, index + 1 < lines.count,
                lines[index + 1].text.contains(where: \.isNumber),
                SpecVocabulary.field(forLabel: lines[index + 1].parts[0]) == nil
            {
                add(parts[0], lines[index + 1].text)  // a label above its value
            }
        }
        return specs
    }

    /// The page's ship name: the first `h1` outside the page furniture, else the `title`
    /// before a separator (` | `, ` – `, ` - `).
    static func title(of document: HTMLDocument) -> String? {
        for heading in document.select("//h1") where !hasFurnitureAncestor(heading, in: document) {
            let text = PageText.plain(heading)
            if !text.isEmpty { return text }
        }
        guard let title = document.first("//title").map(PageText.plain), !title.isEmpty else { return nil }
        for separator in [" | ", " – ", " — ", " - "] where title.contains(separator) {
            return title.components(separatedBy: separator)[0].trimmingCharacters(in: .whitespaces)
        }
        return title
    }

    static func hasFurnitureAncestor(_ node: HTMLNode, in document: HTMLDocument) -> Bool {
        document.select("ancestor::*", in: node).contains(where: PageText.isFurniture)
    }

    /// Ship page links on an index page (a fleet overview, or the operator's deployment page,
    /// whose boat names link their pages): links on the same site whose text begins with a
    /// ship type (`MS`, `DS`, `EMS`, `Motorschiff`, `Bateau à moteur`, …) or whose path names
    /// one (`motorschiff-`, `dampfschiff-`, `/ms-`, `/ds-`), outside the page furniture, each
    /// once, in page order.
    /// - Throws: ``ScrapeError/noShipLinks(url:expected:)`` when there are none.
    package static func shipLinks(in document: HTMLDocument, indexURL: String, base: URL) throws -> (
        ships: [URL], offSite: [String]
    ) {
        // Links resolve against the index page itself, as a browser resolves them: a mirror's
        // root-relative links stay on the mirror.
        var links = ShipLinks(base: base, page: URL(string: indexURL))
        for anchor in document.select("//a[@href]") where !hasFurnitureAncestor(anchor, in: document) {
            let text = PageText.plain(anchor)
            links.add(anchor.attribute("href") ?? "") { _, resolved in
                let path = resolved.path.lowercased()
                let linked = ["motorschiff", "dampfschiff", "/ms-", "/ds-", "/ems-", "bateau", "motonave", "piroscafo"]
                    .contains { path.contains($0) }
                return ShipTitle.ships(in: text).prefix != nil || linked
            }
        }
        return try links.result(
            indexURL: indexURL, expected: "links whose text starts with MS, DS, EMS, … or whose path names a ship type")
    }
}
