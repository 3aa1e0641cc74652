import Foundation
import NextWaveSupport
import ShipRatingTable

/// The curated fleet file (`Data/fleet.json`): every unit of the fleet with a source for
/// every value, including ships the operator's pages do not describe.
public struct CuratedFleet: Codable, Sendable {
    public var description: String
    public var ships: [Ship]

    public init(description: String, ships: [Ship]) {
        self.description = description
        self.ships = ships
    }

    /// A value and where it was published.
    public struct Sourced<Value: Codable & Sendable & Equatable>: Codable, Sendable, Equatable {
        public var value: Value
        public var source: String
        /// When set, this value is used instead of the operator's page value, for this reason.
        /// Without it a curated value only fills a gap the page leaves.
        public var overridesPage: String?
    }

    public struct Ship: Codable, Sendable {
        /// Name without type prefix, e.g. "Panta Rhei".
        public var name: String
        /// Type prefix: "MS" motor ship, "DS" paddle steamer, "EMS" electric motor ship.
        public var prefix: String
        /// Other names the apps and the deployment page use.
        public var aliases: [String]
        public var buildYear: Sourced<Int>?
        public var lengthM: Sourced<Double>?
        public var beamM: Sourced<Double>?
        public var displacementT: Sourced<Double>?
        public var powerKW: Sourced<Double>?
        public var capacity: Sourced<Int>?
        /// Draft T, m (for the distance-aware wake models).
        public var draftM: Sourced<Double>?
        /// Block coefficient C_B.
        public var blockCoefficient: Sourced<Double>?
        /// Bow entrance length L_e, m.
        public var entranceLengthM: Sourced<Double>?
        /// Service (cruising) speed, km/h.
        public var serviceSpeedKmh: Sourced<Double>?
        /// Top speed, km/h.
        public var topSpeedKmh: Sourced<Double>?
        public var note: String?

        /// "MS Panta Rhei".
        public var fullName: String { "\(prefix) \(name)" }
    }

    /// Reads and validates a curated fleet file.
    /// - Throws: ``RatingsError/invalidFile(path:reason:)`` naming the ship and field at fault.
    public static func load(from url: URL) throws -> CuratedFleet {
        let fleet = try JSONFile.decode(
            CuratedFleet.self, at: url, what: "curated fleet file", makeError: RatingsError.invalidFile)
        for ship in fleet.ships {
            for (field, value) in [
                ("lengthM", ship.lengthM?.value), ("beamM", ship.beamM?.value),
                ("displacementT", ship.displacementT?.value), ("draftM", ship.draftM?.value),
                ("blockCoefficient", ship.blockCoefficient?.value), ("entranceLengthM", ship.entranceLengthM?.value),
                ("serviceSpeedKmh", ship.serviceSpeedKmh?.value), ("topSpeedKmh", ship.topSpeedKmh?.value),
            ] {
                if let value, !(value.isFinite && value > 0) {
                    throw RatingsError.invalidFile(
                        path: url.path, reason: "ship \(ship.name), field \(field): \(value) is not a positive number")
                }
            }
        }
        return fleet
    }
}
