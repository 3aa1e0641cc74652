import Foundation
package import ShipRatings
import TextFormats

/// The curated fleet file as text (what `nextwave fleet show` prints).
package enum FleetText {
    /// One row per ship: length, beam, displacement, draft, service and top speed (apart: the
    /// ratings use a service speed, never a top speed) and the sites its values come from.
    package static func summary(_ fleet: CuratedFleet) -> String {
        let rows = fleet.ships.map { ship -> [String] in
            func figure(_ value: CuratedFleet.Sourced<Double>?) -> String { value.map { plain($0.value) } ?? "–" }
            let hosts = Set(
                values(ship).compactMap { URL(string: $0.1.source)?.host.map(site) })
            return [
                ship.fullName, figure(ship.lengthM), figure(ship.beamM), figure(ship.displacementT),
                figure(ship.draftM), figure(ship.serviceSpeedKmh), figure(ship.topSpeedKmh),
                hosts.sorted().joined(separator: ", "),
            ]
        }
        return TextTable.render(
            header: ["Ship", "L (m)", "B (m)", "D (t)", "T (m)", "Service (km/h)", "Top (km/h)", "Sources"],
            rows: rows, rightAligned: [1, 2, 3, 4, 5, 6])
    }

    /// A source's host as people write it: without `www.` and without the root's trailing dot
    /// (`http://de.wikipedia.org./wiki/…` is de.wikipedia.org).
    static func site(_ host: String) -> String {
        let bare = host.hasSuffix(".") ? String(host.dropLast()) : host
        return bare.hasPrefix("www.") ? String(bare.dropFirst(4)) : bare
    }

    /// One row per value: ship, field, value, whether it overrides the page, and its source.
    package static func sources(_ fleet: CuratedFleet) -> String {
        let rows = fleet.ships.flatMap { ship in
            values(ship).map { field, value in
                [ship.fullName, field, plain(value.value), value.overridesPage == nil ? "" : "yes", value.source]
            }
        }
        return TextTable.render(header: ["Ship", "Field", "Value", "Overrides page", "Source"], rows: rows)
    }

    /// A ship's sourced figures, by fleet-file field.
    static func values(_ ship: CuratedFleet.Ship) -> [(String, CuratedFleet.Sourced<Double>)] {
        [
            ("lengthM", ship.lengthM), ("beamM", ship.beamM), ("displacementT", ship.displacementT),
            ("draftM", ship.draftM), ("blockCoefficient", ship.blockCoefficient),
            ("entranceLengthM", ship.entranceLengthM), ("serviceSpeedKmh", ship.serviceSpeedKmh),
            ("topSpeedKmh", ship.topSpeedKmh), ("powerKW", ship.powerKW),
        ].compactMap { name, value in value.map { (name, $0) } }
    }
}
