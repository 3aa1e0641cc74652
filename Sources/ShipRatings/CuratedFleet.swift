public import Foundation
import LegacyWakeModel
import SafeFiles
import ShipRatingTable
package import WaveRating

/// The curated fleet file (`Data/fleet.json`): every unit of the fleet with a source for
/// every value, including ships the operator's pages do not describe.
public struct CuratedFleet: Codable, Sendable {
    public var description: String
    public var ships: [Ship]

    public init(description: String, ships: [Ship]) {
        self.description = description
        self.ships = ships
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        description = try c.decodeIfPresent(String.self, forKey: .description) ?? ""
        ships = try c.decode([Ship].self, forKey: .ships)
    }

    /// A value and where it was published.
    package struct Sourced<Value: Codable & Sendable & Equatable>: Codable, Sendable, Equatable {
        package var value: Value
        package var source: String
        /// When set, this value is used instead of the operator's page value, for this reason.
        /// Without it a curated value only fills a gap the page leaves.
        package var overridesPage: String?
    }

    /// The riders' rating of a ship (`riderRating`: `{"value", "source", "reason"}`): the table's
    /// published rating wherever it is given; the models' ratings stay beside it.
    package struct RiderRatingEntry: Codable, Sendable, Equatable {
        /// 1–3.
        package var value: Rating
        /// Where the riders' rating is published (the app's code at a commit, a club's page).
        package var source: String
        /// Why it is the riders' rating.
        package var reason: String

        package init(value: Rating, source: String, reason: String) {
            self.value = value
            self.source = source
            self.reason = reason
        }
    }

    /// When and why a ship left the fleet.
    package struct Retirement: Codable, Sendable, Equatable {
        /// YYYY-MM-DD.
        package var since: String
        package var reason: String?
        package var source: String?

        package init(since: String, reason: String? = nil, source: String? = nil) {
            self.since = since
            self.reason = reason
            self.source = source
        }
    }

    public struct Ship: Codable, Sendable {
        /// Name without type prefix, e.g. "Panta Rhei".
        package var name: String
        /// Type prefix: "MS" motor ship, "DS" paddle steamer, "EMS" electric motor ship.
        package var prefix: String
        /// Other names the apps and the deployment page use, as the file gives them; nil when
        /// the entry gives none (``names`` then generates them).
        package var aliases: [String]?

        /// The entry's aliases, or the generated ones (``FleetFile/aliases(name:prefix:)``) for
        /// an entry that gives none, so that a hand-added ship still matches the apps' names.
        package var names: [String] { aliases ?? FleetFile.aliases(name: name, prefix: prefix) }
        package var buildYear: Sourced<Int>?
        package var lengthM: Sourced<Double>?
        package var beamM: Sourced<Double>?
        package var displacementT: Sourced<Double>?
        package var powerKW: Sourced<Double>?
        package var capacity: Sourced<Int>?
        /// Draft T, m (for the distance-aware wake models).
        package var draftM: Sourced<Double>?
        /// Block coefficient C_B.
        package var blockCoefficient: Sourced<Double>?
        /// Bow entrance length L_e, m.
        package var entranceLengthM: Sourced<Double>?
        /// Service (cruising) speed, km/h.
        package var serviceSpeedKmh: Sourced<Double>?
        /// Top speed, km/h.
        package var topSpeedKmh: Sourced<Double>?
        /// The riders' rating, when they have rated the ship.
        package var riderRating: RiderRatingEntry?
        package var note: String?
        /// Set when the ship has left the fleet: it stays in the file (history) and leaves the
        /// rating table.
        package var retired: Retirement?

        /// "MS Panta Rhei".
        package var fullName: String { "\(prefix) \(name)" }

        /// The sources the entry's values cite (page addresses among them).
        package var sources: Set<String> {
            let numbers = [
                lengthM, beamM, displacementT, powerKW, draftM, blockCoefficient, entranceLengthM, serviceSpeedKmh,
                topSpeedKmh,
            ]
            return Set(numbers.compactMap { $0?.source } + [buildYear?.source, capacity?.source].compactMap { $0 })
        }
    }

    /// The full names of the ships marked retired: they may leave a table without holding it.
    /// The ships marked retired, by full name, with the day they left.
    package var retired: [(name: String, since: String)] {
        ships.compactMap { ship in ship.retired.map { (ship.fullName, $0.since) } }
    }

    /// Reads and validates a curated fleet file.
    /// - Throws: ``RatingsError/invalidFile(path:reason:)`` naming the ship and field at fault.
    @_spi(Benchmarks) public static func load(from url: URL) throws -> CuratedFleet {
        let data: Data
        do { data = try BoundedFile.read(url, limit: BoundedFile.tableLimit, what: "curated fleet file") } catch let
            problem as FileProblem
        {
            throw RatingsError.invalidFile(problem)
        }
        return try decode(data, path: url.path)
    }

    /// A curated fleet from bytes that came from `path` (for messages), validated as ``load(from:)``.
    /// - Throws: ``RatingsError/invalidFile(path:reason:)`` listing every problem
    ///   (``FleetFile/check(_:)``).
    package static func decode(_ data: Data, path: String) throws -> CuratedFleet {
        let (fleet, problems) = FleetFile.check(data)
        guard let fleet, problems.isEmpty else { throw FleetFile.invalid(path, problems) }
        return fleet
    }
}
