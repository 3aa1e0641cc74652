import CSVText
import FleetScraper
import Foundation
import LegacyWakeModel
import ShipRatingTable
public import ShipRatings
import TextFormats
import WaveRating

/// `schiffsdaten.csv` exactly as `vesseldata.py` wrote it.
///
/// Columns: `Schiffname, URL`, the ten operator spec keys, the ten wave columns, then any
/// other table keys found on any page, sorted by code point. Spec cells are the page text;
/// wave cells: H `%.2f`; λ, T, c, Kelvin `%.1f`; E, P, F `%.0f`; Fr_L, Fr_h `%.3f`; rating an
/// integer; all empty when the page lacks length, beam or displacement.
@_spi(Benchmarks) public enum LegacyShipDataCSV {
    package static let specColumns = [
        "Baujahr", "Bauwerft", "Verdrängung leer", "Maschine", "Antrieb", "KW / PS", "Länge", "Breite",
        "Besatzung", "Personenkapazität",
    ]
    package static let waveColumns = [
        "Maximale Wellenhöhe (m)", "Wellenlänge (m)", "Wellenperiode (s)", "Wellengeschwindigkeit (m/s)",
        "Wellenenergie (J/m²)", "Wellenleistung (W/m)", "Aufprallkraft (N/m²)", "Froude-Längenzahl",
        "Froude-Tiefenzahl", "Kelvin-Winkel (Grad)", "Wellenbewertung",
    ]

    /// The legacy column each spec field fills, whatever the page calls it ("Länge ü.a." is
    /// `Länge`, "Longueur" too).
    static let fieldColumns: [SpecField: String] = [
        .buildYear: "Baujahr", .displacement: "Verdrängung leer", .power: "KW / PS", .length: "Länge", .beam: "Breite",
        .capacity: "Personenkapazität",
    ]

    /// Labels of the legacy columns no spec field covers, folded.
    static let otherColumns: [String: [String]] = [
        "Bauwerft": ["bauwerft", "werft", "shipyard", "chantier naval", "chantier", "cantiere"],
        "Maschine": ["maschine", "maschinen", "motor", "motoren", "engine", "moteur", "motore"],
        "Antrieb": ["antrieb", "propulsion", "propulsione"],
        "Besatzung": ["besatzung", "crew", "équipage", "equipaggio"],
    ]

    /// The legacy column a page label belongs to, nil for none (an extra column).
    static func column(forLabel label: String) -> String? {
        if specColumns.contains(label) { return label }
        if let field = SpecVocabulary.field(forLabel: label) { return fieldColumns[field] }
        let key = SpecVocabulary.normalizedLabel(label)
        return otherColumns.first { _, terms in
            terms.contains { key == TextKey.fold($0) || key.hasPrefix(TextKey.fold($0) + " ") }
        }?.key
    }

    @_spi(Benchmarks) public static func render(_ ships: [ScrapedShipFigures]) -> String {
        // Each page's specs by column: a legacy label fills its own column; another label fills
        // the column its meaning maps to when that is still empty; anything else is an extra
        // column under its own label (so the legacy pages come out exactly as before).
        let byColumn: [[String: String]] = ships.map { ship in
            var cells: [String: String] = [:]
            for spec in ship.page.specs where specColumns.contains(spec.key) && cells[spec.key] == nil {
                cells[spec.key] = spec.value
            }
            for spec in ship.page.specs where !specColumns.contains(spec.key) {
                if let column = column(forLabel: spec.key), cells[column] == nil {
                    cells[column] = spec.value
                } else if cells[spec.key] == nil {
                    cells[spec.key] = spec.value
                }
            }
            return cells
        }
        let known = Set(specColumns)
        let extra = Set(byColumn.flatMap(\.keys)).subtracting(known)
            .sorted { $0.unicodeScalars.map(\.value).lexicographicallyPrecedes($1.unicodeScalars.map(\.value)) }
        let header = ["Schiffname", "URL"] + specColumns + waveColumns + extra
        let rows = zip(ships, byColumn).map { ship, cells -> [String] in
            let specs = specColumns.map { cells[$0] ?? "" }
            let waves: [String]
            if let f = ship.figures {
                waves = [
                    fixed(f.waveHeightM, 2), fixed(f.wavelengthM, 1), fixed(f.periodS, 1), fixed(f.celerityMPerS, 1),
                    fixed(f.energyJPerM2, 0), fixed(f.powerWPerM, 0), fixed(f.forceNPerM2, 0), fixed(f.froudeLength, 3),
                    fixed(f.froudeDepth, 3), fixed(f.kelvinAngleDeg, 1), String(f.rating.rawValue),
                ]
            } else {
                waves = Array(repeating: "", count: waveColumns.count)
            }
            return [ship.page.name, ship.page.url] + specs + waves + extra.map { cells[$0] ?? "" }
        }
        return CSVFormat.document(header: header, rows: rows)
    }
}
