@_spi(Benchmarks) import FleetScraper
import Foundation
import Testing
import WebPages
import _TestSupport

/// Ship pages of any layout, read by their labels (issue: the fleet changed). The pages are
/// written for these tests to resemble Swiss operator and encyclopaedia pages in German,
/// French, Italian and English, each with navigation, footers and prose that hold numbers.
@Suite struct LabelLayoutTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    func page(_ name: String, layout: PageLayout = .auto) throws -> ShipPage {
        let url = Self.folder.appendingPathComponent(name)
        return try layout.shipPage(html: Data(contentsOf: url), url: "https://example.ch/\(name)")
    }

    /// Every field's verbatim label and value, and the number read from the value.
    func check(
        _ page: ShipPage, name: String, _ expected: [SpecField: (label: String, value: String, number: Double)]
    ) {
        #expect(page.name == name)
        for (field, want) in expected {
            let spec = page.spec(field)
            #expect(
                spec?.key == want.label && spec?.value == want.value, "\(name) \(field): \(String(describing: spec))")
            #expect(spec.flatMap { SpecValueParser.quantity($0.value) } == want.number, "\(name) \(field)")
        }
    }

    @Test func operatorPageWithADefinitionList() throws {
        let p = try page("layouts/operator-definition-list.html")
        check(
            p, name: "Motorschiff Panta Rhei",
            [
                .length: ("Länge über alles", "56,60 m", 56.6), .beam: ("Breite", "10,70 m", 10.7),
                .draft: ("Tiefgang", "1,39 m", 1.39), .displacement: ("Verdrängung (leer)", "382 t", 382),
                .buildYear: ("Baujahr", "2007", 2007), .capacity: ("Passagiere", "700", 700),
                .power: ("Leistung", "2 × 442 kW", 884),
            ])
        // Navigation ("Länge: Rundfahrten 1–4 h"), the lead's numbers and the footer are not specs.
        #expect(p.specs.count == 7, "\(p.specs)")
        #expect(ShipTitle.ships(in: p.name).prefix == "MS")
    }

    @Test func encyclopediaInfoboxWithQualifiedLabels() throws {
        let p = try page("layouts/encyclopedia-infobox.html")
        check(
            p, name: "Stadt Zürich (Schiff, 1909)",
            [
                .length: ("Länge", "59,1 m (Lüa)", 59.1),
                .beam: ("Breite", "7,0 m (Rumpf), 13,5 m über Radkästen", 7.0),
                .draft: ("Tiefgang (max.)", "1,4 m", 1.4), .displacement: ("Verdrängung", "260 t", 260),
                .buildYear: ("Indienststellung", "1909", 1909), .speed: ("Höchstgeschwindigkeit", "27 km/h", 27),
            ])
        #expect(ShipTitle.ships(in: p.name).names == ["Stadt Zürich"])
        #expect(!p.specs.contains { $0.value.contains("62 m") }, "the navbox is not read")
    }

    @Test func frenchLabelsAboveTheirValues() throws {
        let p = try page("layouts/french-label-above-value.html")
        check(
            p, name: "Bateau à moteur Lausanne",
            [
                .length: ("Longueur", "61,0 m", 61), .beam: ("Largeur", "12,0 m", 12),
                .draft: ("Tirant d'eau", "1,6 m", 1.6), .displacement: ("Déplacement", "ca. 420 tonnes", 420),
                .capacity: ("Passagers", "700", 700), .speed: ("Vitesse", "26 km/h", 26),
            ])
        #expect(ShipTitle.ships(in: p.name) == ("MS", ["Lausanne"]))
    }

    @Test func italianLabelAndValueElements() throws {
        let p = try page("layouts/italian-inline-pairs.html")
        check(
            p, name: "Motonave Ceresio",
            [
                .length: ("Lunghezza", "33,5 m", 33.5), .beam: ("Larghezza", "6,1 m", 6.1),
                .displacement: ("Dislocamento", "85 t", 85), .capacity: ("Passeggeri", "250", 250),
                .buildYear: ("Anno di costruzione", "1931", 1931),
            ])
        #expect(p.spec(.length)?.value != "2 ore", "the side bar's 'Lunghezza: 2 ore' is not read")
        #expect(ShipTitle.ships(in: p.name).prefix == "MS")
    }

    @Test func labelColonValueLines() throws {
        let p = try page("layouts/text-lines.html")
        check(
            p, name: "MS Wädenswil",
            [
                .length: ("Länge ü.a.", "48,20 m", 48.2), .beam: ("Breite (Rumpf)", "9,40 m", 9.4),
                .displacement: ("Verdrängung leer", "ca. 222 t", 222), .capacity: ("Personenkapazität", "550", 550),
                .buildYear: ("Baujahr", "1976", 1976),
            ])
        #expect(p.specs.count == 5, "Telefon is not a spec: \(p.specs)")
    }

    @Test func englishTableRows() throws {
        let p = try page("layouts/table-th-td.html")
        check(
            p, name: "EMS Uetliberg",
            [
                .length: ("Length overall", "42.40 m", 42.4), .beam: ("Beam", "7.30 m", 7.3),
                .displacement: ("Displacement", "192 t", 192), .power: ("Power", "2 × 160 kW", 320),
                .capacity: ("Passengers", "450", 450),
            ])
        #expect(ShipTitle.ships(in: p.name).prefix == "EMS")
    }

    @Test(arguments: ["noise/news.html", "noise/contact.html"])
    func aPageWithoutShipFiguresFailsLoudly(_ name: String) throws {
        do {
            _ = try page(name)
            Issue.record("\(name) was read as a ship page")
        } catch let error as ScrapeError {
            guard case .layoutChanged(let url, let missing) = error else {
                Issue.record("got \(error)")
                return
            }
            #expect(url.hasSuffix(name) && missing.hasPrefix("length, beam and displacement"))
        }
    }

    @Test func theLegacyPagesStillReadExactlyAsBefore() throws {
        for file in try FileManager.default.contentsOfDirectory(atPath: RepositoryPaths.snapshot.path)
        where file.hasPrefix("ms-") || file.hasPrefix("ds-") {
            let html = try Data(contentsOf: RepositoryPaths.snapshot.appendingPathComponent(file))
            let auto = try PageLayout.auto.shipPage(html: html, url: file)
            #expect(auto == (try LegacyFleetLayout.shipPage(html: html, url: file)), "\(file)")
            // Read by labels instead, the physics figures are the same.
            let labels = try PageLayout.labels.shipPage(html: html, url: file)
            for field in [SpecField.length, .beam, .displacement] {
                #expect(labels.spec(field)?.value == auto.spec(field)?.value, "\(file) \(field)")
            }
        }
    }

    @Test func vocabularyMatchesQualifiedLabelsAndNothingElse() {
        let cases: [(String, SpecField?)] = [
            ("Länge", .length), ("Länge über alles:", .length), ("LONGUEUR", .length), ("Breite (Rumpf)", .beam),
            ("Verdrängung leer", .displacement), ("Gewicht", .displacement), ("Tirant d’eau", .draft),
            ("KW / PS", .power), ("Personenkapazität", .capacity), ("Bauwerft", nil), ("Besatzung", nil),
            ("Maschine", nil), ("Telefon", nil), ("Die Länge beträgt", nil), ("", nil),
        ]
        for (label, field) in cases { #expect(SpecVocabulary.field(forLabel: label) == field, "\(label)") }
    }

    @Test func titlesNameShipsAndTheirType() {
        #expect(
            ShipTitle.ships(in: "Motorschiffe Albis, Pfannenstiel & Uetliberg") == (
                "MS", ["Albis", "Pfannenstiel", "Uetliberg"]
            ))
        #expect(ShipTitle.ships(in: "Bateaux à vapeur Montreux et Vevey") == ("DS", ["Montreux", "Vevey"]))
        #expect(ShipTitle.ships(in: "Piroscafo Italia") == ("DS", ["Italia"]))
        #expect(ShipTitle.ships(in: "EM Uetliberg") == ("EMS", ["Uetliberg"]))
        #expect(ShipTitle.ships(in: "Stadt Zürich (Schiff, 1909)") == (nil, ["Stadt Zürich"]))
    }
}
