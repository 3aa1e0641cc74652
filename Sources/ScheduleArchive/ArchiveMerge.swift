package import CivilTime
package import Foundation
import TextFormats

/// What a fetched answer may do to an archived file: an archive only grows. An answer replaces
/// the file when it holds every departure (or course assignment) the file holds for its day;
/// the file is kept when the answer adds nothing; when each holds something the other does
/// not, the two are merged. An answer for another day or station is refused before any of this
/// (issue: hardening, round 2: an answer holding 7 departures of 25 September replaced the 6
/// archived departures of the 22nd, because it held more).
package enum ArchiveMerge {
    package enum Decision: Equatable {
        case unchanged
        case kept(String)
        /// Write these bytes; `note` says what a merge took from where.
        case write(Data, note: String?)
    }

    /// Refuses an answer none of whose ship departures lies on the requested day.
    /// - Throws: ``ArchiveError/malformed(path:reason:)`` naming the URL and the days it holds.
    package static func checkDate(_ departures: [Departure], requested: LocalDate, url: String) throws {
        guard !departures.isEmpty, !departures.contains(where: { $0.date == requested }) else { return }
        let days = Set(departures.map(\.date)).sorted().map(\.description).joined(separator: ", ")
        throw ArchiveError.malformed(
            path: url,
            reason:
                "the answer for \(requested) holds \(counted(departures.count, "departure")) of \(days) and none of "
                + "\(requested); not archived")
    }

    /// A departure's identity within a day's board.
    struct Key: Hashable, Comparable {
        var time: Int64
        var course: String
        static func < (a: Key, b: Key) -> Bool { (a.time, a.course) < (b.time, b.course) }
    }

    /// The stationboard to archive for `station` on `date`, given the archived body (nil: none
    /// or unreadable) and the fetched answer (already checked). Which departures each holds is
    /// read as the archive reads it (``StationboardReader``); a merged body is read back and used
    /// only when it holds every departure of both, else the archived file is kept and the run
    /// says so (never a shrunken file).
    package static func stationboard(archived: Data?, answer: Data, station: Int, date: LocalDate, path: String) throws
        -> Decision
    {
        func keys(_ body: Data) throws -> Set<Key> {
            Set(
                try StationboardReader.departures(from: body, path: path, expectedStation: station).departures
                    .filter { $0.date == date }.map { Key(time: $0.time, course: $0.course) })
        }
        guard let archived, archived != answer, let oldKeys = try? keys(archived) else {
            return archived == answer ? .unchanged : .write(answer, note: nil)
        }
        let newKeys = try keys(answer)
        if oldKeys.isSubset(of: newKeys) { return .write(answer, note: nil) }
        if newKeys.isSubset(of: oldKeys) {
            return .kept(
                "the new answer holds \(counted(newKeys.count, "departure")) of \(date), all archived already (the archived file "
                    + "holds \(oldKeys.count))")
        }
        // Each holds departures the other lacks: the answer, plus the archived ones it lacks.
        let missing = oldKeys.subtracting(newKeys).sorted()
        if let merged = try? mergedBody(
            answer: answer, archived: archived, adding: missing, station: station,
            date: date, path: path),
            let got = try? keys(merged), oldKeys.union(newKeys).isSubset(of: got)
        {
            return .write(
                merged,
                note:
                    "merged: \(counted(newKeys.count, "departure")) of the answer and \(missing.count) only the archived file held"
            )
        }
        return .kept(
            "the answer holds \(newKeys.subtracting(oldKeys).count) departures the archived file lacks, but the two "
                + "could not be merged; the archived file is kept (fetch again later)")
    }

    /// The answer's body with the archived journeys of `adding` appended.
    private static func mergedBody(
        answer: Data, archived: Data, adding missing: [Key], station: Int, date: LocalDate, path: String
    ) throws -> Data? {
        guard var object = try JSONSerialization.jsonObject(with: answer) as? [String: Any],
            var list = object["stationboard"] as? [Any]
        else { return nil }
        let old = try journeys(archived, station: station, date: date, path: path)
        list += missing.compactMap { old[$0] }
        object["stationboard"] = list
        return try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
    }

    /// The raw journeys of a body that are ship departures on `date`, by key.
    private static func journeys(_ body: Data, station: Int, date: LocalDate, path: String) throws -> [Key: Any] {
        guard let object = try JSONSerialization.jsonObject(with: body) as? [String: Any],
            let list = object["stationboard"] as? [Any]
        else { throw ArchiveError.malformed(path: path, reason: "not a stationboard body") }
        var result: [Key: Any] = [:]
        for journey in list {
            // Each journey read as the archive reads it, so the keys are the archive's.
            let one = try JSONSerialization.data(withJSONObject: [
                "station": object["station"] ?? NSNull(), "stationboard": [journey],
            ])
            for departure in try StationboardReader.departures(from: one, path: path, expectedStation: station)
                .departures
            where departure.date == date {
                result[Key(time: departure.time, course: departure.course)] = journey
            }
        }
        return result
    }

    /// The deployment file to archive for `date`: by course, the answer's ship where it names
    /// one, the archived ship for courses the answer lacks.
    package static func deployment(archived: Data?, answer: [ShipAssignment], date: LocalDate, path: String) throws
        -> Decision
    {
        let body = try DeploymentReader.encode(date: date, assignments: answer)
        guard let archived, archived != body,
            let old = try? DeploymentReader.assignments(from: archived, path: path).filter({ $0.date == date })
        else { return archived == body ? .unchanged : .write(body, note: nil) }
        let newCourses = Dictionary(answer.map { ($0.course, $0.ship) }, uniquingKeysWith: { first, _ in first })
        let oldCourses = Dictionary(old.map { ($0.course, $0.ship) }, uniquingKeysWith: { first, _ in first })
        let lacking = Set(oldCourses.keys).subtracting(newCourses.keys)
        if lacking.isEmpty { return .write(body, note: nil) }
        if Set(newCourses.keys).isSubset(of: oldCourses.keys), newCourses.allSatisfy({ oldCourses[$0.key] == $0.value })
        {
            return .kept(
                "the new page names \(counted(newCourses.count, "course")), all archived already (the archived file names "
                    + "\(oldCourses.count))")
        }
        let kept = old.filter { lacking.contains($0.course) }
        let merged = try DeploymentReader.encode(date: date, assignments: answer + kept)
        return .write(
            merged,
            note:
                "merged: \(counted(answer.count, "course")) of the page and \(kept.count) only the archived file named")
    }
}
