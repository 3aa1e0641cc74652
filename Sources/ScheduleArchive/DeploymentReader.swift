public import CivilTime
public import Foundation
import SafeFiles

/// Reads `deployments/<date>.json`: either `{"date", "routes": [{"shipName", "courseNumber"}]}`
/// or a whole ships-API response `{"dailyDeployments": [{"date", "routes"}], "lastUpdated"}`.
@_spi(Benchmarks) public enum DeploymentReader {
    struct Route: Decodable {
        struct Stop: Decodable {
            var name: String
            var time: String
            var uic: Int?
        }
        var shipName: String
        var courseNumber: String?
        var stops: [Stop]?
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
    package static func assignments(from data: Data, path: String) throws -> [ShipAssignment] {
        let file = try JSONFile.decode(
            File.self, from: data, path: path, what: "deployment file", makeError: ArchiveError.file)
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
                let stops = (route.stops ?? []).filter { ShipAssignment.seconds(ofTime: $0.time) != nil }.map {
                    ShipAssignment.Stop(
                        name: $0.name, time: $0.time, uic: $0.uic.flatMap { (1...99_999_999).contains($0) ? $0 : nil })
                }
                result.append(ShipAssignment(date: date, course: course, ship: route.shipName, stops: stops))
            }
        }
        return result
    }

    /// The `{"date", "routes"}` form the fetcher writes.
    @_spi(Benchmarks) public static func encode(date: LocalDate, assignments: [ShipAssignment]) throws -> Data {
        let object: [String: Any] = [
            "date": date.description,
            "routes": assignments.map { a -> [String: Any] in
                var route: [String: Any] = ["shipName": a.ship, "courseNumber": a.course]
                if !a.stops.isEmpty {
                    route["stops"] = a.stops.map { stop -> [String: Any] in
                        var entry: [String: Any] = ["name": stop.name, "time": stop.time]
                        if let uic = stop.uic { entry["uic"] = uic }
                        return entry
                    }
                }
                return route
            },
        ]
        return try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys])
    }
}
