import FleetScraper
import Foundation
import Testing

@Suite struct SpecValueParserTests {
    @Test(arguments: [
        ("56.6 Meter", 56.6), ("56 Meter", 56.0), ("56,6 m", 56.6), ("1'000", 1000.0), ("1’000", 1000.0),
        ("382 t", 382.0), ("382 Tonnen", 382.0), ("113.5 Tonnen", 113.5), ("ca. 382 Tonnen", 382.0),
        ("3 Personen", 3.0), ("700", 700.0), ("38,19 t", 38.19), ("2x442", 884.0), ("2 × 442 kW", 884.0),
    ])
    func quantities(text: String, expected: Double) {
        #expect(SpecValueParser.quantity(text) == expected)
    }

    @Test func textWithoutNumbersIsNil() {
        #expect(SpecValueParser.quantity("unbekannt") == nil)
        #expect(SpecValueParser.quantity("") == nil)
    }

    @Test func powerPerEngineAndTotals() throws {
        let a = try #require(SpecValueParser.power("2x442 / 2x600"))
        #expect(a.kW == 884 && a.ps == 1200)
        let b = try #require(SpecValueParser.power("368 / 500"))
        #expect(b.kW == 368 && b.ps == 500)
        let c = try #require(SpecValueParser.power("2 × 442 kW / 600 PS"))
        #expect(c.kW == 884 && c.ps == 1200)
        let d = try #require(SpecValueParser.power("2x448 / 2x610"))
        #expect(d.kW == 896 && d.ps == 1220)
        let e = try #require(SpecValueParser.power("600 PS / 442 kW"))
        #expect(e.kW == 442 && e.ps == 600)
        #expect(SpecValueParser.power("Diesel") == nil)
    }

    @Test func yearsOfSisterShips() {
        #expect(SpecValueParser.years("1997 / 1998 / 1999") == [1997, 1998, 1999])
        #expect(SpecValueParser.years("2007") == [2007])
        #expect(SpecValueParser.years("3 Personen").isEmpty)
    }

    /// The legacy script's parser, transcribed literally (docs/SCIENCE.md §1): keep digits, '.' and
    /// ',', turn ',' into '.', `float()`; nil where `float()` raises.
    static func legacyNumber(_ text: String) -> Double? {
        let kept = text.filter { $0.isASCII && ($0.isNumber || $0 == "." || $0 == ",") }
        let normalised = kept.replacingOccurrences(of: ",", with: ".")
        guard !normalised.isEmpty, normalised.filter({ $0 == "." }).count <= 1, normalised != "." else { return nil }
        return Double(normalised.hasPrefix(".") ? "0" + normalised : normalised)
    }

    /// Where the legacy parser was right the port agrees with it; where it was wrong, not.
    @Test func agreesWithTheLegacyParserWhereItWasRightOnly() {
        for text in ["56.6 Meter", "56 Meter", "382 Tonnen", "113.5 Tonnen", "56,6 m", "1'000", "700", "3 Personen"] {
            #expect(SpecValueParser.quantity(text) == Self.legacyNumber(text), "\(text)")
        }
        #expect(Self.legacyNumber("ca. 382 Tonnen") == 0.382)
        #expect(SpecValueParser.quantity("ca. 382 Tonnen") == 382)
        #expect(Self.legacyNumber("2x442 / 2x600") == 24_422_600)
        #expect(SpecValueParser.power("2x442 / 2x600")! == (884, 1200))
    }
}
