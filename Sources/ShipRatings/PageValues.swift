public import FleetScraper
public import LegacyWakeModel
import TextFormats
import WakeKernelSupport

/// The physics inputs of one scraped page (length, beam, displacement, found by their labels in
/// any language, ``FleetScraper/SpecVocabulary``), parsed with ``SpecValueParser``; anything
/// unreadable becomes a warning naming ship, field and text.
public struct PageValues: Sendable {
    public var page: ShipPage
    /// Length, m.
    public var length: Double?
    /// Beam, m.
    public var beam: Double?
    /// Displacement, t.
    public var displacement: Double?
    /// Installed power, kW (all engines).
    public var powerKW: Double?
    /// Draft, m.
    public var draft: Double?
    /// A speed the page states, km/h, and whether its label makes it the top speed
    /// ("Höchstgeschwindigkeit", "max", "top") rather than the service speed.
    public var speedKmh: Double?
    public var speedIsTop = false

    /// All three inputs when the page has them, else nil.
    public var hull: Hull? {
        guard let length, let beam, let displacement, length > 0, beam > 0, displacement >= 0 else { return nil }
        return Hull(lengthM: length, beamM: beam, displacementT: displacement)
    }

    public init(page: ShipPage, warnings: inout [String]) {
        self.page = page
        func number(_ field: SpecField, required: Bool, plausible: ClosedRange<Double>? = nil, unit: String = "")
            -> Double?
        {
            guard let spec = page.spec(field), !spec.value.isEmpty else {
                if required {
                    warnings.append(
                        "\(page.name) (\(page.url)): no \(field.words) on the page; the curated file must give it")
                }
                return nil
            }
            let (key, text) = (spec.key, spec.value)
            guard let value = SpecValueParser.quantity(text), value > 0 else {
                warnings.append("\(page.name) (\(page.url)): field '\(key)': cannot read a number from '\(text)'")
                return nil
            }
            if let plausible, !PlausibleValues.accepts(value, in: plausible) {
                warnings.append(
                    "\(page.name) (\(page.url)): field '\(key)': '\(Self.excerpt(text))' gives \(plain(value)) \(unit), "
                        + "outside the plausible \(plain(plausible.lowerBound))…\(plain(plausible.upperBound)) \(unit); not used"
                )
                return nil
            }
            return value
        }
        length = number(.length, required: true, plausible: PlausibleValues.lengthM, unit: "m")
        beam = number(.beam, required: true, plausible: PlausibleValues.beamM, unit: "m")
        displacement = number(.displacement, required: true, plausible: PlausibleValues.displacementT, unit: "t")
        _ = number(.capacity, required: false)
        draft = number(.draft, required: false, plausible: PlausibleValues.draftM, unit: "m")
        if let spec = page.spec(.speed), !spec.value.isEmpty {
            let label = spec.key.lowercased()
            let text = spec.value.lowercased()
            let knots = text.contains("kn") || text.contains("knoten") || text.contains("nœud") || text.contains("nodi")
            if let value = SpecValueParser.quantity(spec.value).map({ knots ? $0 * 1.852 : $0 }),
                PlausibleValues.accepts(value, in: PlausibleValues.speedKmh)
            {
                speedKmh = value
                speedIsTop = ["höchst", "hoechst", "max", "top", "maximale", "massima"].contains { label.contains($0) }
            } else {
                warnings.append(
                    "\(page.name) (\(page.url)): field '\(spec.key)': cannot read a plausible speed from '\(Self.excerpt(spec.value))'"
                )
            }
        }
        if let power = page.spec(.power), !power.value.isEmpty {
            if let parsed = SpecValueParser.power(power.value) {
                powerKW = parsed.kW ?? parsed.ps.map { $0 * 0.73549875 }
            } else {
                warnings.append(
                    "\(page.name) (\(page.url)): field '\(power.key)': cannot read power from '\(power.value)'")
            }
        }
        if let year = page.spec(.buildYear), !year.value.isEmpty, SpecValueParser.years(year.value).isEmpty {
            warnings.append("\(page.name) (\(page.url)): field '\(year.key)': cannot read a year from '\(year.value)'")
        }
    }
}

extension PageValues {
    /// A page text for a message: at most 60 characters.
    static func excerpt(_ text: String) -> String { text.count <= 60 ? text : String(text.prefix(57)) + "…" }
}
