import Foundation
import TextFormats

/// Spec labels as Swiss operator and encyclopaedia pages write them (docs/SCIENCE.md §8), in German,
/// French, Italian and English, and the field each names.
///
/// A label matches a term when, folded (case and diacritics ignored) and without a bracketed
/// qualifier or a trailing colon, it is the term or the term followed by a space and anything
/// else: `Länge über alles`, `Verdrängung leer`, `Breite (Rumpf)`, `Longueur:` all match. The
/// longest term wins. Labels of other things (`Bauwerft`, `Besatzung`, `Maschine`) match none.
package enum SpecVocabulary {
    package static let terms: [SpecField: [String]] = [
        .length: [
            "länge", "länge über alles", "longueur", "longueur hors tout", "lunghezza", "length", "length overall",
            "loa",
        ],
        .beam: ["breite", "largeur", "larghezza", "beam", "breadth", "width"],
        .displacement: [
            "verdrängung", "wasserverdrängung", "gewicht", "déplacement", "dislocamento", "displacement", "weight",
        ],
        .draft: ["tiefgang", "tirant d'eau", "tirant d’eau", "pescaggio", "draft", "draught"],
        .buildYear: [
            "baujahr", "in betrieb seit", "inbetriebnahme", "indienststellung", "année de construction",
            "mise en service",
            "anno di costruzione", "year built", "built in",
        ],
        .power: [
            "leistung", "motorleistung", "maschinenleistung", "antriebsleistung", "kw / ps", "kw/ps", "puissance",
            "potenza", "power", "engine power",
        ],
        .capacity: [
            "passagiere", "personen", "personenkapazität", "passagierkapazität", "passagers", "passeggeri",
            "passengers", "capacity",
        ],
        .speed: [
            "geschwindigkeit", "höchstgeschwindigkeit", "reisegeschwindigkeit", "vitesse", "velocità", "speed",
            "top speed", "service speed",
        ],
    ]

    /// (folded term, field), longest first.
    static let folded: [(term: String, field: SpecField)] = terms.flatMap { field, words in
        words.map { (TextKey.fold($0), field) }
    }.sorted { $0.term.count > $1.term.count }

    /// The field a label names, or nil.
    package static func field(forLabel label: String) -> SpecField? {
        let key = normalizedLabel(label)
        guard !key.isEmpty, key.count <= 60 else { return nil }
        return folded.first { key == $0.term || key.hasPrefix($0.term + " ") }?.field
    }

    /// A label folded, without a bracketed qualifier and trailing `:` or `.`.
    package static func normalizedLabel(_ label: String) -> String {
        var text = label
        while let open = text.firstIndex(where: { $0 == "(" || $0 == "[" }),
            let close = text[open...].firstIndex(where: { $0 == ")" || $0 == "]" })
        {
            text.removeSubrange(open...close)
        }
        let key = TextKey.fold(text)
        return String(key.reversed().drop { $0 == ":" || $0 == "." || $0 == " " }.reversed())
    }
}

extension ShipPage {
    /// The first spec whose label names `field` (verbatim label and value).
    package func spec(_ field: SpecField) -> Spec? {
        specs.first { SpecVocabulary.field(forLabel: $0.key) == field }
    }
}
