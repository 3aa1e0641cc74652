/// The operator's German spec keys that the wake model reads.
package enum SpecKey {
    package static let length = "Länge"
    package static let beam = "Breite"
    package static let displacement = "Verdrängung leer"
    package static let power = "KW / PS"
    package static let buildYear = "Baujahr"
    package static let capacity = "Personenkapazität"
}
