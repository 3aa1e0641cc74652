import Foundation
import ShipRatingTable
import ShipRatings
import Testing
import WaveRating

/// `fleet set`'s rules as the library holds them: each rule refuses its request by name, and a
/// refused request changes nothing.
@Suite struct FleetEditTests {
    let file = Data(#"{"ships": [{"name": "Linth", "prefix": "MS"}]}"#.utf8)
    let club = "https://example.org/club"

    @Test func eachRuleRefusesItsRequestInWords() {
        let cases: [(FleetEdit, String)] = [
            (FleetEdit(ship: "Linth"), "give something to set: values, riderRating, removesRiderRating or aliases"),
            (
                FleetEdit(ship: "Linth", riderRating: 2, removesRiderRating: true),
                "give riderRating or removesRiderRating"
            ),
            (FleetEdit(ship: "Linth", riderRating: 4, source: club, reason: "r"), "riderRating takes 1, 2 or 3; got 4"),
            (
                FleetEdit(ship: "Linth", values: [(.lengthM, 50)], riderRating: 2, source: club, reason: "r"),
                "set values and the riders' rating in two commands: each has its own source"
            ),
            (
                FleetEdit(ship: "Linth", values: [(.lengthM, 50)], source: "  "),
                "source is required: say where the values are published"
            ),
            (
                FleetEdit(ship: "Linth", riderRating: 1, reason: "r"),
                "source is required: say where the riders' rating is published"
            ),
            (FleetEdit(ship: "Linth", aliases: ["Linthli"], source: club), "source goes with values or riderRating"),
            // The apps link to a source: it is a web address, not a title or a file on this machine.
            (
                FleetEdit(ship: "Linth", values: [(.lengthM, 50)], source: "ZSG annual report"),
                "source must be a web address the apps can link to (http or https, e.g. https://www.zsg.ch/…); "
                    + "got \"ZSG annual report\""
            ),
            (
                FleetEdit(ship: "Linth", riderRating: 3, source: "file:///home/me/club.txt", reason: "r"),
                "source must be a web address the apps can link to (http or https, e.g. https://www.zsg.ch/…); "
                    + "got \"file:///home/me/club.txt\""
            ),
            (
                FleetEdit(ship: "Linth", riderRating: 3, source: club),
                "reason is required with riderRating: who rated the ship, on what"
            ),
            (FleetEdit(ship: "Linth", values: [(.beamM, 8)], source: club, reason: " "), "reason is empty"),
            (FleetEdit(ship: "Linth", aliases: ["Linthli", ""]), "aliases is empty"),
        ]
        for (edit, message) in cases {
            #expect(edit.problem(naming: .fields) == message)
            #expect(throws: FleetEdit.Refused(message: message)) { try edit.applied(to: file, path: "fleet.json") }
        }
    }

    @Test func theFlagsAFrontEndGivesNameTheParts() {
        let flags = FleetEdit.Names(
            values: "values (--length, …)", riderRating: "--rider-rating", removesRiderRating: "--no-rider-rating",
            alias: "--alias", source: "--source", sourceArgument: "--source URL", reason: "--reason",
            reasonArgument: "--reason TEXT")
        #expect(
            FleetEdit(ship: "Linth", riderRating: 2, source: club).problem(naming: flags)
                == "--reason TEXT is required with --rider-rating: who rated the ship, on what")
        #expect(
            FleetEdit(ship: "Linth", values: [(.lengthM, 50)]).problem(naming: flags)
                == "--source URL is required: say where the values are published")
    }

    @Test func anAcceptedRequestIsAppliedInOnePassAndSaysWhatItDid() throws {
        let values = FleetEdit(
            ship: "MS Linth", values: [(.lengthM, 52.5), (.displacementT, 280)], aliases: ["Linthli"],
            source: club, reason: "a refit")
        #expect(values.problem(naming: .fields) == nil)
        let (data, done) = try values.applied(to: file, path: "fleet.json")
        #expect(done == ["lengthM, displacementT", "aliases Linthli"])
        let ship = try #require(try CuratedFleet.decode(data, path: "fleet.json").ships.first)
        #expect(ship.names.contains("Linthli"))
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains(#""value": 52.5"#) && text.contains(#""overridesPage": "a refit""#))

        let rated = try FleetEdit(ship: "Linth", riderRating: 2, source: club, reason: "the club's survey")
            .applied(to: data, path: "fleet.json")
        #expect(rated.done == ["the riders' rating (2)"])
        #expect(try CuratedFleet.decode(rated.data, path: "fleet.json").ships.first?.riderRating?.value == .two)
        let removed = try FleetEdit(ship: "Linth", removesRiderRating: true).applied(to: rated.data, path: "fleet.json")
        #expect(removed.done == ["no riders' rating"])
        #expect(try CuratedFleet.decode(removed.data, path: "fleet.json").ships.first?.riderRating == nil)
    }
}
