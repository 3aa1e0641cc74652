public import Foundation
import JSONText
import SafeFiles

/// `operating-speeds.json`: the cruising speed each ship shows on the courses it ran, as an
/// archive of schedules and ship assignments gives them. Written by `nextwave fleet speeds`
/// (the schedule side), read by the ratings (the ratings side): the format both share.
///
/// Per ship, from its legs (consecutive departures of one course, the straight distance between
/// the piers and the scheduled time between them): the fit t = t₀ + d / v over the legs, v its
/// cruising speed and t₀ the time each leg loses to leaving, stopping and berthing
/// (docs/SCIENCE.md §7).
public struct CourseSpeedTable: Codable, Sendable, Equatable {
    /// The version this toolkit writes.
    public static let currentSchemaVersion = 1

    public var schemaVersion: Int
    /// The archive the legs came from, as the user named it (never a machine path).
    public var archive: String
    /// The dates the legs span (YYYY-MM-DD).
    public var from: String
    public var to: String
    /// The estimator in words.
    public var estimator: String
    public var ships: [Ship]

    public struct Ship: Codable, Sendable, Equatable {
        /// The ship as the assignments name it ("MS Panta Rhei").
        public var name: String
        /// v, km/h.
        public var cruisingSpeedKmh: Double
        /// The standard error of v, km/h.
        public var standardErrorKmh: Double
        /// t₀, s.
        public var lostTimePerLegS: Double
        /// The residual standard deviation of the fit, s.
        public var residualS: Double
        public var legs: Int
        public var days: Int

        public init(
            name: String, cruisingSpeedKmh: Double, standardErrorKmh: Double, lostTimePerLegS: Double,
            residualS: Double, legs: Int, days: Int
        ) {
            self.name = name
            self.cruisingSpeedKmh = cruisingSpeedKmh
            self.standardErrorKmh = standardErrorKmh
            self.lostTimePerLegS = lostTimePerLegS
            self.residualS = residualS
            self.legs = legs
            self.days = days
        }
    }

    public init(archive: String, from: String, to: String, estimator: String, ships: [Ship]) {
        schemaVersion = Self.currentSchemaVersion
        self.archive = archive
        self.from = from
        self.to = to
        self.estimator = estimator
        self.ships = ships
    }

    /// Pretty-printed JSON with sorted keys, newline-terminated.
    public func jsonData() throws -> Data { try StableJSON.encode(self) }

    /// Reads a table, bounded, naming the file and the place of any problem.
    public static func load(from url: URL) throws -> CourseSpeedTable {
        let table = try JSONFile.decode(
            CourseSpeedTable.self, at: url, what: "operating speeds file", limit: BoundedFile.tableLimit,
            makeError: RatingsError.invalidFile(_:))
        guard table.schemaVersion == currentSchemaVersion else {
            throw RatingsError.invalidFile(
                path: url.path, reason: "schemaVersion \(table.schemaVersion), expected \(currentSchemaVersion)")
        }
        for (index, ship) in table.ships.enumerated() {
            let values = [ship.cruisingSpeedKmh, ship.standardErrorKmh, ship.lostTimePerLegS, ship.residualS]
            guard values.allSatisfy(\.isFinite), (1...100).contains(ship.cruisingSpeedKmh), ship.standardErrorKmh >= 0,
                ship.legs > 0
            else {
                throw RatingsError.invalidFile(
                    path: url.path,
                    reason: "ships[\(index)] (\(ship.name)): speed must lie in 1…100 km/h with a finite spread")
            }
        }
        return table
    }
}
