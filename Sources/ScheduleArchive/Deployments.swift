import CivilTime
import Foundation
import NextWaveSupport

/// Which ship runs which course on a day (the operator's deployment data).
public struct ShipAssignment: Hashable, Sendable {
    public var date: LocalDate
    /// Normalised course number (``Course/normalized(_:)``).
    public var course: String
    /// Ship name, trimmed.
    public var ship: String

    public init(date: LocalDate, course: String, ship: String) {
        self.date = date
        self.course = Course.normalized(course)
        let padded = ship.first.map(\.isWhitespace) == true || ship.last.map(\.isWhitespace) == true
        self.ship = padded ? ship.trimmingCharacters(in: .whitespacesAndNewlines) : ship
    }
}

/// Reads `deployments/<date>.json`: either `{"date", "routes": [{"shipName", "courseNumber"}]}`
/// or a whole ships-API response `{"dailyDeployments": [{"date", "routes"}], "lastUpdated"}`.
public enum DeploymentReader {
    struct Route: Decodable {
        var shipName: String
        var courseNumber: String?
    }
    struct Day: Decodable {
        var date: String
        var routes: [Route]
    }
    /// Either shape, decoded in one pass.
    struct File: Decodable {
        var dailyDeployments: [Day]?
        var date: String?
        var routes: [Route]?
    }

    /// All assignments in a deployment file. Routes without a course (charter trips) are skipped.
    /// - Throws: ``ArchiveError/malformed(path:reason:)`` naming the field.
    public static func assignments(from data: Data, path: String) throws -> [ShipAssignment] {
        let file = try JSONFile.decode(
            File.self, from: data, path: path, what: "deployment file", makeError: ArchiveError.malformed)
        let days: [Day]
        if let daily = file.dailyDeployments {
            days = daily
        } else {
            guard let date = file.date else {
                throw ArchiveError.malformed(
                    path: path, reason: "not a deployment file: missing field date (or dailyDeployments)")
            }
            guard let routes = file.routes else {
                throw ArchiveError.malformed(path: path, reason: "not a deployment file: missing field routes")
            }
            days = [Day(date: date, routes: routes)]
        }
        var result: [ShipAssignment] = []
        for (index, day) in days.enumerated() {
            guard let date = LocalDate(iso: day.date) else {
                throw ArchiveError.malformed(
                    path: path, reason: "date \"\(day.date)\" (day \(index)) is not YYYY-MM-DD")
            }
            guard SupportedDates.contains(date) else {
                throw ArchiveError.malformed(
                    path: path, reason: "date \(date) (day \(index)) lies outside \(SupportedDates.text)")
            }
            for route in day.routes {
                guard let course = route.courseNumber, !course.trimmingCharacters(in: .whitespaces).isEmpty,
                    !route.shipName.trimmingCharacters(in: .whitespaces).isEmpty
                else { continue }
                result.append(ShipAssignment(date: date, course: course, ship: route.shipName))
            }
        }
        return result
    }

    /// The `{"date", "routes"}` form the fetcher writes.
    public static func encode(date: LocalDate, assignments: [ShipAssignment]) throws -> Data {
        let object: [String: Any] = [
            "date": date.description,
            "routes": assignments.map { ["shipName": $0.ship, "courseNumber": $0.course] },
        ]
        return try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys])
    }
}
