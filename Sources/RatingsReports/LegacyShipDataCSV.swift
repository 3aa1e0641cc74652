import FleetScraper
import Foundation
import NextWaveSupport
import ShipRatingTable
import ShipRatings
import WakePhysics

/// `schiffsdaten.csv` exactly as `vesseldata.py` wrote it.
///
/// Columns: `Schiffname, URL`, the ten operator spec keys, the ten wave columns, then any
/// other table keys found on any page, sorted by code point. Spec cells are the page text;
/// wave cells: H `%.2f`; λ, T, c, Kelvin `%.1f`; E, P, F `%.0f`; Fr_L, Fr_h `%.3f`; rating an
/// integer; all empty when the page lacks length, beam or displacement.
public enum LegacyShipDataCSV {
    public static let specColumns = [
        "Baujahr", "Bauwerft", "Verdrängung leer", "Maschine", "Antrieb", "KW / PS", "Länge", "Breite",
        "Besatzung", "Personenkapazität",
    ]
    public static let waveColumns = [
        "Maximale Wellenhöhe (m)", "Wellenlänge (m)", "Wellenperiode (s)", "Wellengeschwindigkeit (m/s)",
        "Wellenenergie (J/m²)", "Wellenleistung (W/m)", "Aufprallkraft (N/m²)", "Froude-Längenzahl",
        "Froude-Tiefenzahl", "Kelvin-Winkel (Grad)", "Wellenbewertung",
    ]

    public static func render(_ ships: [ScrapedShipFigures]) -> String {
        let known = Set(specColumns)
        let extra = Set(ships.flatMap { $0.page.specs.map(\.key) }).subtracting(known)
            .sorted { $0.unicodeScalars.map(\.value).lexicographicallyPrecedes($1.unicodeScalars.map(\.value)) }
        let header = ["Schiffname", "URL"] + specColumns + waveColumns + extra
        let rows = ships.map { ship -> [String] in
            let specs = (specColumns).map { ship.page[$0] ?? "" }
            let waves: [String]
            if let f = ship.figures {
                waves = [
                    fixed(f.waveHeightM, 2), fixed(f.wavelengthM, 1), fixed(f.periodS, 1), fixed(f.celerityMPerS, 1),
                    fixed(f.energyJPerM2, 0), fixed(f.powerWPerM, 0), fixed(f.forceNPerM2, 0), fixed(f.froudeLength, 3),
                    fixed(f.froudeDepth, 3), fixed(f.kelvinAngleDeg, 1), String(f.rating),
                ]
            } else {
                waves = Array(repeating: "", count: waveColumns.count)
            }
            return [ship.page.name, ship.page.url] + specs + waves + extra.map { ship.page[$0] ?? "" }
        }
        return CSVFormat.document(header: header, rows: rows)
    }
}
