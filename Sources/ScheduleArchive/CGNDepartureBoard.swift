package import CivilTime
package import Foundation
import JSONText
package import JobContract

/// Reads which boat sails which course on Lake Geneva from CGN's pier departure board
/// (`qr.cgn.ch`, the app behind the QR codes at its piers), as chamberneezy/boats'
/// `scrape-cgn.mjs` describes its requests (a public scraper; CGN documents no API):
/// - `GET api/qr/availableLocations` → `[{"code": …}, …]`, every pier;
/// - `GET api/qr/nextDepartures/<code>?datetime=<YYYY-MM-DDTHH:MM:SS, local, no offset>` →
///   `{"departures": [{"vehicle": {"name": "VILLE-DE-GENEVE"}, "stops": [{"serviceNumber",
///   "departureTime", "arrivalTime", "name"}, …]}, …]}`, the pier's next ten departures.
/// A departure's day is the date of its first timed stop; its course is the stops'
/// `serviceNumber` (the timetable's course, "000902" = "902"); its boat is `vehicle.name`,
/// which CGN writes upper-case without accents (names are compared folded). A departure
/// without a service number is a charter and is skipped. The service answers bursts with
/// HTTP 429 and no `Retry-After`: requests go one at a time, a second apart, and a 429 backs
/// off (2, 4, 8 s).
package enum CGNDepartureBoard {
    package static let root = URL(string: "https://qr.cgn.ch/")!

    package static func locationsURL(root: URL) -> URL { root.appendingPathComponent("api/qr/availableLocations") }

    /// The board of `pier` from the first second of `date`.
    package static func departuresURL(root: URL, pier: String, date: LocalDate) -> URL {
        var parts = URLComponents(
            url: root.appendingPathComponent("api/qr/nextDepartures").appendingPathComponent(pier),
            resolvingAgainstBaseURL: false)!
        parts.queryItems = [URLQueryItem(name: "datetime", value: "\(date)T00:00:01")]
        return parts.url!
    }

    struct Location: Decodable { var code: String }
    struct Board: Decodable {
        struct Departure: Decodable {
            struct Vehicle: Decodable { var name: String? }
            struct Stop: Decodable {
                var name: String?
                var serviceNumber: String?
                var departureTime: String?
                var arrivalTime: String?
            }
            var vehicle: Vehicle?
            var stops: [Stop]?
        }
        var departures: [Departure]?
    }

    /// The pier codes of `availableLocations`.
    /// - Throws: ``ArchiveError/badResponse(url:reason:)`` for anything but a non-empty list.
    package static func pierCodes(from data: Data, url: String) throws -> [String] {
        let locations: [Location]
        do { locations = try JSONDecoder().decode([Location].self, from: data) } catch {
            throw ArchiveError.badResponse(url: url, reason: "not a list of piers (\(describeDecodingError(error)))")
        }
        let codes = locations.map(\.code).filter { !$0.isEmpty && $0.count <= 40 && !$0.contains("/") }
        guard !codes.isEmpty else { throw ArchiveError.badResponse(url: url, reason: "no pier listed") }
        guard codes.count <= ReadLimits.cgnPiers else {
            throw ArchiveError.badResponse(
                url: url, reason: "\(codes.count) piers, more than the \(ReadLimits.cgnPiers) a lake can have; refused")
        }
        return codes
    }

    /// The assignments on one pier's board, and how many charters (no service number) it held.
    /// - Throws: ``ArchiveError/badResponse(url:reason:)`` for a body that is not a board, or
    ///   a departure without a boat (the layout has changed).
    package static func assignments(from data: Data, url: String, deadline: Deadline? = nil) throws -> (
        assignments: [ShipAssignment], charters: Int
    ) {
        let board: Board
        do { board = try JSONDecoder().decode(Board.self, from: data) } catch {
            throw ArchiveError.badResponse(url: url, reason: "not a departure board (\(describeDecodingError(error)))")
        }
        let departures = board.departures ?? []
        guard departures.count <= ReadLimits.cgnDepartures else {
            throw ArchiveError.badResponse(
                url: url, reason: "\(departures.count) departures, more than a pier board's \(ReadLimits.cgnDepartures)"
            )
        }
        var result: [ShipAssignment] = []
        var charters = 0
        for (index, departure) in departures.enumerated() {
            if index % 64 == 0 { try ReadLimits.check(deadline, url: url) }
            guard (departure.stops ?? []).count <= ReadLimits.cgnStops else {
                throw ArchiveError.badResponse(
                    url: url, reason: "departures[\(index)] has more than \(ReadLimits.cgnStops) stops; refused")
            }
            guard let boat = departure.vehicle?.name?.trimmingCharacters(in: .whitespaces), !boat.isEmpty else {
                throw ArchiveError.badResponse(url: url, reason: "departures[\(index)] names no boat (vehicle.name)")
            }
            let stops = departure.stops ?? []
            guard let when = stops.lazy.compactMap({ $0.departureTime ?? $0.arrivalTime }).first,
                let date = LocalDate(iso: String(when.prefix(10)))
            else { continue }
            let courses = Set(stops.compactMap(\.serviceNumber).map { Course.normalized($0) }.filter { !$0.isEmpty })
            if courses.isEmpty {
                charters += 1
                continue
            }
            // The stops with their local times (`2026-09-27T10:05:00` → 10:05), for a course the
            // timetable lacks.
            let timed = stops.compactMap { stop -> ShipAssignment.Stop? in
                guard let name = stop.name, let when = stop.departureTime ?? stop.arrivalTime, when.count >= 16,
                    when.hasPrefix(date.description)
                else { return nil }
                return ShipAssignment.Stop(name: name, time: String(when.dropFirst(11).prefix(5)))
            }
            for course in courses.sorted() {
                result.append(ShipAssignment(date: date, course: course, ship: boat, stops: timed))
            }
        }
        return (result, charters)
    }
}
