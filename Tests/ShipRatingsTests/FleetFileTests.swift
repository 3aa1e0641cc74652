import FleetScraper
import Foundation
import JSONText
import JobContract
import SafeFiles
import ShipRatingTable
import ShipRatings
import Testing
import _TestSupport

/// The curated fleet as a file people edit (issue: the fleet changed).
@Suite struct FleetFileTests {
    static let schema = RepositoryPaths.root.appendingPathComponent("schemas/fleet.schema.json")

    @Test func theBundledFileIsValidAndInCanonicalForm() throws {
        let data = try Data(contentsOf: RepositoryPaths.fleet)
        let (fleet, problems) = FleetFile.check(data)
        #expect(problems.isEmpty && fleet?.ships.count == 17)
        // fleet add rewrites the file in this form: an unchanged file must come out byte for byte.
        #expect(FleetFile.format(try JSONSerialization.jsonObject(with: data)) == String(decoding: data, as: UTF8.self))
        #expect(try JSONSchema(contentsOf: Self.schema).violations(ofJSON: data) == [])
    }

    @Test func everyProblemIsReportedAtOnce() throws {
        let text = #"""
            {"description": "x", "colour": 1, "ships": [
              {"name": "Helvetia", "prefix": "MS", "lenghtM": {"value": 56, "source": "s"},
               "beamM": {"value": 0.2, "source": "s"}, "displacementT": {"value": 302}},
              {"name": "Linth", "prefix": "XS", "aliases": ["Helvetia"], "capacity": {"value": 5.5, "source": "s"}},
              {"prefix": "DS", "draftM": {"value": "1.4", "source": "s", "why": "x"}}
            ]}
            """#
        let (fleet, problems) = FleetFile.check(Data(text.utf8))
        #expect(fleet == nil)
        let lines = problems.map(\.description)
        let expected = [
            "colour: unknown top-level field (expected description, ships)",
            "ships[0] (Helvetia), lenghtM: unknown field; did you mean lengthM?",
            "ships[0] (Helvetia), displacementT: source missing: every value names where it was published",
            "ships[0] (Helvetia), beamM: 0.2 is outside the plausible 1…80",
            "ships[1] (Linth), prefix: \"XS\" is not one of MS, DS, EMS",
            "ships[1] (Linth), capacity: value must be a whole number in 0…10000",
            "ships[2], name: missing",
            "ships[2], draftM: unknown key \"why\" (expected value, source, overridesPage)",
            "ships[2], draftM: value must be a number",
        ]
        for line in expected { #expect(lines.contains(line), "missing: \(line)\nall: \(lines)") }
        #expect(lines.contains { $0.contains("aliases: the name \"helvetia\" also belongs to ships[0] (Helvetia)") })
        // The schema catches the same file (an independent check of the format).
        let violations = try JSONSchema(contentsOf: Self.schema).violations(ofJSON: Data(text.utf8))
        #expect(violations.count >= 7, "\(violations)")
        // Loading names them all in one error.
        #expect(throws: RatingsError.self) { try CuratedFleet.decode(Data(text.utf8), path: "f.json") }
        do { _ = try CuratedFleet.decode(Data(text.utf8), path: "f.json") } catch {
            #expect("\(error)".contains("\(problems.count) problems:"))
        }
    }

    /// A comma left out while editing is placed by line and column, as an editor counts them
    /// (the reader says only "around character N", a byte offset): here the `"x"` after "MS Ä",
    /// at column 21 of line 4 by hand (4 blanks, `{"name": "MS Ä" ` is 16 characters).
    @Test func aSyntaxErrorIsPlacedByLineAndColumn() {
        let text = "{\n  \"description\": \"Zürich ü\",\n  \"ships\": [\n    {\"name\": \"MS Ä\" \"x\": 1}\n]}\n"
        let (fleet, problems) = FleetFile.check(Data(text.utf8))
        #expect(fleet == nil && problems.count == 1)
        #expect(problems.first?.reason.hasPrefix("not JSON (line 4, column 21: ") == true, "\(problems)")
    }

    @Test func aFleetWithoutShipsIsValid() throws {
        let fleet = try CuratedFleet.decode(Data(#"{"description": "pages only", "ships": []}"#.utf8), path: "f")
        #expect(fleet.ships.isEmpty)
        let resolved = ResolvedFleet(pages: [], fleet: fleet, fleetReference: "f")
        #expect(resolved.ships.isEmpty)
    }

    @Test func anEntryWithoutAliasesGetsTheAppsNames() throws {
        let fleet = try CuratedFleet.decode(
            Data(#"{"ships": [{"name": "Zürichsee", "prefix": "EMS"}]}"#.utf8), path: "f")
        // The type's other spellings, each also in ASCII; never the bare name of the lake.
        #expect(
            fleet.ships[0].names == [
                "E-MS Zuerichsee", "E-MS Zürichsee", "EM Zuerichsee", "EM Zürichsee", "EMS Zuerichsee",
                "MS Zuerichsee", "MS Zürichsee",
            ])
        let resolved = ResolvedFleet(pages: [], fleet: fleet, fleetReference: "f")
        #expect(resolved.ships[0].name == "EMS Zürichsee" && resolved.ships[0].aliases.contains("EM Zürichsee"))
        #expect(FleetFile.aliases(name: "Linth", prefix: "MS") == ["Linth", "M/S Linth", "Motorschiff Linth"])
    }

    /// A page names a curated ship however it is headed: type words and their abbreviations,
    /// guillemets and quotes, ASCII spellings fold away, and the table keeps the curated name. A
    /// page-only ship that looks like a curated one is held for review; a new one gets the full
    /// alias set.
    @Test func pageTitlesFindTheCuratedShip() throws {
        let fleet = try CuratedFleet.decode(
            Data(
                #"""
                {"ships": [{"name": "Linth", "prefix": "MS"}, {"name": "Uetliberg", "prefix": "EMS"},
                {"name": "Säntis", "prefix": "MS"}, {"name": "Stadt Zürich", "prefix": "DS"}]}
                """#.utf8), path: "f")
        let spec = [ShipPage.Spec(key: "Länge", value: "50 m")]
        for (title, curated) in [
            ("E-Motorschiff Uetliberg", "EMS Uetliberg"), ("Motorschiff «Linth»", "MS Linth"), ("MS Linth", "MS Linth"),
            ("M/S Linth", "MS Linth"), ("M.S. ‹Linth›", "MS Linth"), ("Motorschiff \"Saentis\"", "MS Säntis"),
            ("Dampfschiff Stadt Zuerich", "DS Stadt Zürich"), ("Raddampfer «Stadt Zürich»", "DS Stadt Zürich"),
        ] {
            let page = ShipPage(url: "https://x/\(title.count)", name: title, specs: spec)
            let resolved = ResolvedFleet(pages: [page], fleet: fleet, fleetReference: "f")
            #expect(resolved.ships.map(\.name).sorted() == fleet.ships.map(\.fullName).sorted(), "\(title)")
            let ship = try #require(resolved.ships.first { $0.name == curated })
            #expect(ship.length?.source == page.url, "\(title) is \(curated)")
            #expect(resolved.probableDuplicates.isEmpty, "\(title)")
        }
        let lookalike = ShipPage(url: "https://x/lint", name: "MS Lint", specs: spec)
        let held = ResolvedFleet(pages: [lookalike], fleet: fleet, fleetReference: "f")
        #expect(held.probableDuplicates.count == 1 && held.probableDuplicates[0].contains("probably MS Linth"))
        let new = ShipPage(url: "https://x/greif", name: "Motorschiff Greif", specs: spec)
        let added = ResolvedFleet(pages: [new], fleet: fleet, fleetReference: "f")
        #expect(added.probableDuplicates.isEmpty)
        #expect(added.ships.first { $0.name == "MS Greif" }?.aliases == ["Greif", "M/S Greif", "Motorschiff Greif"])
    }

    /// A page's draft and speed are used: the hull's draft and the service speed (a top speed
    /// only as such), with a conflict row where the curated file says otherwise.
    @Test func aPagesDraftAndSpeedAreUsed() throws {
        let fleet = try CuratedFleet.decode(
            Data(
                #"""
                {"ships": [{"name": "Linth", "prefix": "MS", "draftM": {"value": 1.5, "source": "https://c/d"}}]}
                """#.utf8), path: "f")
        let page = ShipPage(
            url: "https://x/linth", name: "Motorschiff Linth",
            specs: [
                .init(key: "Länge", value: "54 m"), .init(key: "Breite", value: "11.6 m"),
                .init(key: "Tiefgang", value: "1,8 m"), .init(key: "Reisegeschwindigkeit", value: "9 Knoten"),
            ])
        let ship = try #require(ResolvedFleet(pages: [page], fleet: fleet, fleetReference: "f").ships.first)
        #expect(ship.draft?.value == 1.8 && ship.draft?.source == "https://x/linth")
        #expect(ship.serviceSpeed.map { abs($0.value - 9 * 1.852) < 1e-12 } == true && ship.topSpeed == nil)
        let conflict = try #require(ship.conflicts.first { $0.field == "draftM" })
        #expect(conflict.pageValue == 1.8 && conflict.curatedValue == 1.5 && conflict.used == .page)
        let fast = ShipPage(
            url: "https://x/linth", name: "MS Linth",
            specs: [.init(key: "Länge", value: "54 m"), .init(key: "Höchstgeschwindigkeit", value: "25 km/h")])
        let top = try #require(ResolvedFleet(pages: [fast], fleet: fleet, fleetReference: "f").ships.first)
        #expect(top.topSpeed?.value == 25 && top.serviceSpeed == nil)
    }

    @Test func addingAShipAppendsOneValidEntryAndChangesNothingElse() throws {
        let original = try Data(contentsOf: RepositoryPaths.fleet)
        let entry = FleetFile.Entry(
            name: "Zürichsee", prefix: "MS", values: [(.lengthM, 55.8), (.beamM, 11.2), (.displacementT, 290)],
            source: "https://example.ch/ms-zuerichsee", overridesPage: nil)
        let added = try FleetFile.adding(entry, to: original, path: "fleet.json")
        let (fleet, problems) = FleetFile.check(added)
        #expect(problems.isEmpty)
        let ship = try #require(fleet?.ships.last)
        #expect(
            ship.fullName == "MS Zürichsee"
                && ship.aliases == [
                    "M/S Zuerichsee", "M/S Zürichsee", "MS Zuerichsee", "Motorschiff Zuerichsee",
                    "Motorschiff Zürichsee",
                ])
        #expect(ship.lengthM?.value == 55.8 && ship.displacementT?.source == "https://example.ch/ms-zuerichsee")
        // The old text is unchanged up to the end of the last entry: the diff is the addition.
        let oldText = String(decoding: original, as: UTF8.self)
        let newText = String(decoding: added, as: UTF8.self)
        let keep = oldText.range(of: "\n  ]\n}\n", options: .backwards)!.lowerBound
        #expect(newText.hasPrefix(String(oldText[..<keep]) + ",\n    {\n      \"name\": \"Zürichsee\""))
        // Twice is refused, naming the clash.
        #expect(throws: RatingsError.self) { try FleetFile.adding(entry, to: added, path: "fleet.json") }
        // So is an implausible value.
        var bad = entry
        bad.name = "Other"
        bad.values = [(.lengthM, 0.5)]
        #expect(throws: RatingsError.self) { try FleetFile.adding(bad, to: original, path: "fleet.json") }
    }

    /// A name one letter off a ship in the file is a typo until said otherwise: `fleet add --name
    /// "MS Helvetja"` added a second entry for MS Helvetia (ships[3] of the bundled file). A name
    /// as short as "Uri" is close to nothing, and a sister named alike is added when allowed.
    @Test func aNameSpelledLikeAShipInTheFileIsAskedAbout() throws {
        let original = try Data(contentsOf: RepositoryPaths.fleet)
        var typo = FleetFile.Entry(
            name: "Helvetja", prefix: "MS", values: [(.lengthM, 56)], source: "https://example.ch/helvetja")
        #expect(
            throws: RatingsError.similarShip(path: "fleet.json", ship: "MS Helvetja", existing: "MS Helvetia", index: 3)
        ) { try FleetFile.adding(typo, to: original, path: "fleet.json") }
        #expect(RatingsError.similarShip(path: "f", ship: "a", existing: "b", index: 0).kind == .usage)
        typo.allowsSimilarName = true
        #expect(
            try FleetFile.check(FleetFile.adding(typo, to: original, path: "fleet.json")).fleet?.ships.last?.name
                == "Helvetja")
        let second = try FleetFile.adding(
            .init(name: "Probe 1", prefix: "MS", values: [(.lengthM, 40)], source: "https://example.ch/p"),
            to: original,
            path: "fleet.json")
        let third = FleetFile.Entry(
            name: "Probe 2", prefix: "MS", values: [(.lengthM, 40)], source: "https://example.ch/p")
        #expect(try FleetFile.check(FleetFile.adding(third, to: second, path: "fleet.json")).problems.isEmpty)
        let short = FleetFile.Entry(
            name: "Uri", prefix: "DS", values: [(.lengthM, 62)], source: "https://example.ch/uri")
        #expect(try FleetFile.check(FleetFile.adding(short, to: original, path: "fleet.json")).problems.isEmpty)
    }
}

/// The README's complete example entry is a valid entry.
@Suite struct FleetReadmeExampleTests {
    @Test func theExampleEntryIsValid() throws {
        let readme = try RepositoryPaths.userDocumentsText()
        let section = try #require(readme.range(of: "## Editing the fleet"))
        let start = try #require(readme.range(of: "```json\n", range: section.upperBound..<readme.endIndex))
        let end = try #require(readme.range(of: "\n```", range: start.upperBound..<readme.endIndex))
        let entry = readme[start.upperBound..<end.lowerBound]
        let (fleet, problems) = FleetFile.check(Data("{\"ships\": [\(entry)]}".utf8))
        #expect(problems.isEmpty, "\(problems)")
        #expect(
            fleet?.ships.first?.fullName == "EMS Uetliberg" && fleet?.ships.first?.displacementT?.overridesPage != nil)
    }
}
