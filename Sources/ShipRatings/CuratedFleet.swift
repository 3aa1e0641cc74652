import Foundation
import NextWaveSupport
import ShipRatingTable
import WakePhysics

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
        let data: Data
        do { data = try BoundedFile.read(url, what: "curated fleet file") } catch let problem as FileProblem {
            throw RatingsError.invalidFile(path: problem.path, reason: problem.reason)
        }
        return try decode(data, path: url.path)
    }

    /// A curated fleet from bytes that came from `path` (for messages), validated as ``load(from:)``.
    public static func decode(_ data: Data, path: String) throws -> CuratedFleet {
        let url = URL(fileURLWithPath: path)
        let fleet = try JSONFile.decode(
            CuratedFleet.self, from: data, path: path, what: "curated fleet file", makeError: RatingsError.invalidFile)
        for ship in fleet.ships {
            let ranges: [(String, Double?, ClosedRange<Double>, String)] = [
                ("lengthM", ship.lengthM?.value, PlausibleValues.lengthM, "m"),
                ("beamM", ship.beamM?.value, PlausibleValues.beamM, "m"),
                ("displacementT", ship.displacementT?.value, PlausibleValues.displacementT, "t"),
                ("draftM", ship.draftM?.value, PlausibleValues.draftM, "m"),
                ("blockCoefficient", ship.blockCoefficient?.value, 0.05...1, ""),
                ("entranceLengthM", ship.entranceLengthM?.value, 0.1...max(0.1, ship.lengthM?.value ?? 400), "m"),
                ("serviceSpeedKmh", ship.serviceSpeedKmh?.value, PlausibleValues.speedKmh, "km/h"),
                ("topSpeedKmh", ship.topSpeedKmh?.value, PlausibleValues.speedKmh, "km/h"),
            ]
            for (field, value, range, unit) in ranges {
                if let value, !PlausibleValues.accepts(value, in: range) {
                    throw RatingsError.invalidFile(
                        path: url.path,
                        reason: "ship \(ship.name), field \(field): \(value) is outside the plausible "
                            + "\(plain(range.lowerBound))…\(plain(range.upperBound))\(unit.isEmpty ? "" : " \(unit)")")
                }
            }
        }
        return fleet
    }
}
