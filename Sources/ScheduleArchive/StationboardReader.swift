import CivilTime
package import Foundation
import SafeFiles
import TextFormats

/// Reads stationboard files of the archive into ship departures.
package enum StationboardReader {
    /// The ship departures of one stationboard body.
    ///
    /// - Parameters:
    ///   - data: the JSON body.
    ///   - path: where it came from (file or URL), for error messages.
    ///   - expectedStation: the UIC the file is stored under; the body's `station.id` must agree.
    /// - Returns: departures of categories BAT, BAV and FAE (others are ignored) and the station name.
    /// - Throws: ``ArchiveError/malformed(path:reason:)`` naming the field and journey index.
    package static func departures(
        from data: Data, path: String, expectedStation: Int? = nil
    ) throws -> (station: Int, name: String?, departures: [Departure]) {
        guard data.count <= ReadLimits.stationboardBytes else {
            throw ArchiveError.malformed(
                path: path,
                reason:
                    "\(data.count) bytes, more than a stationboard's \(ReadLimits.stationboardBytes >> 20) MiB; refused"
            )
        }
        let body = try JSONFile.decode(
            StationboardBody.self, from: data, path: path, what: "stationboard body", makeError: ArchiveError.file)
        let bodyStation = body.station?.id.flatMap { Int($0) }
        guard let station = bodyStation ?? expectedStation else {
            throw ArchiveError.malformed(path: path, reason: "station.id missing")
        }
        if let expectedStation, let bodyStation, expectedStation != bodyStation {
            throw ArchiveError.malformed(
                path: path, reason: "station.id \(bodyStation) does not match the file name's \(expectedStation)")
        }
        guard body.stationboard.count <= ReadLimits.stationboardJourneys else {
            throw ArchiveError.malformed(
                path: path,
                reason: "\(body.stationboard.count) journeys, more than the \(ReadLimits.stationboardJourneys) a "
                    + "stationboard may hold; refused")
        }
        var result: [Departure] = []
        for (index, journey) in body.stationboard.enumerated() {
            guard let category = journey.category, ShipCategory.all.contains(category) else { continue }
            let unix: Int64
            if let text = journey.stop.departure {
                guard let parsed = ZoneClock.parseISO8601(text) else {
                    throw ArchiveError.malformed(
                        path: path, reason: "stationboard[\(index)].stop.departure \"\(text)\" is not ISO-8601")
                }
                if let stamp = journey.stop.departureTimestamp, stamp != parsed.unix {
                    throw ArchiveError.malformed(
                        path: path, reason: "stationboard[\(index)]: departure and departureTimestamp disagree")
                }
                unix = parsed.unix
            } else if let stamp = journey.stop.departureTimestamp {
                unix = stamp
            } else {
                continue  // an arrival only: not a departure
            }
            guard SupportedDates.contains(unix: unix) else {
                throw ArchiveError.malformed(
                    path: path,
                    reason: "stationboard[\(index)].stop: departure time \(unix) (Unix seconds) lies outside "
                        + "\(SupportedDates.text)")
            }
            let course = Course.normalized(journey.name ?? journey.number ?? "")
            // The arrival of a through call, when it is a time before the departure that day.
            let arrival =
                (journey.stop.arrival.flatMap { ZoneClock.parseISO8601($0)?.unix }
                ?? journey.stop.arrivalTimestamp).flatMap { $0 <= unix && unix - $0 < 86_400 ? $0 : nil }
            result.append(
                Departure(
                    station: station, date: ZoneClock.zurich.localDate(at: unix), time: unix,
                    course: course, category: category, destination: journey.to.flatMap(Self.visibleName),
                    arrival: arrival,
                    nextStation: journey.passList?.dropFirst().first?.station?.id.flatMap { Int($0) }))
        }
        // A name from a server is shown to people: its control characters never are.
        return (station, body.station?.name.map { Self.visibleName($0) ?? "" }, result)
    }

    /// `name` without control characters and cut to 200 characters (a name from a server is
    /// shown to people); nil when nothing is left.
    static func visibleName(_ name: String) -> String? {
        let visible = String(
            String.UnicodeScalarView(name.unicodeScalars.filter { !VisibleText.isHidden($0) }).prefix(200))
        return visible.trimmingCharacters(in: .whitespaces).isEmpty ? nil : visible
    }
}
