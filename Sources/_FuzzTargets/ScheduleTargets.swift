import CSVText
import CivilTime
import Foundation
@_spi(Benchmarks) import ScheduleArchive
import SessionCore
import Solar

extension FuzzTargets {
    static let scheduleTargets: [FuzzTarget] = [
        FuzzTarget(
            name: "stationboard",
            summary: "a /v1/stationboard body → departures, their local dates and the day's sun window",
            run: { data in
                guard let board = try? StationboardReader.departures(from: data, path: "board.json") else { return }
                for departure in board.departures.prefix(20) {
                    let clock = ZoneClock.zurich
                    _ = clock.iso8601(departure.time)
                    let date = clock.localDate(at: departure.time)
                    let sun = try! SunTimes(latitude: 47.23, longitude: 8.67, date: date)  // on the globe
                    _ = SunWindow(sun, precision: .seconds, clock: clock)
                }
            },
            seeds: { root in
                SeedFiles.nested(
                    in: root.appendingPathComponent("Data/archive/zsg-2026-09/stationboards"), suffix: ".json",
                    limit: 40)
            }),
        FuzzTarget(
            name: "deployments",
            summary: "a deployments/<date>.json file (either shape) → ship assignments",
            run: { data in _ = try? DeploymentReader.assignments(from: data, path: "deployments.json") },
            seeds: { root in
                SeedFiles.files(
                    in: root.appendingPathComponent("Data/archive/zsg-2026-09/deployments"), suffix: ".json")
            }),
        FuzzTarget(
            name: "deployment-page",
            summary: "the operator's deployment page (HTML, both layouts) → ship assignments",
            run: { data in
                _ = try? DeploymentPage.assignments(
                    html: data, url: "https://einsatzderschiffe.zsg.ch/",
                    date: LocalDate(year: 2026, month: 9, day: 22)!)
            },
            seeds: { root in SeedFiles.files(in: root.appendingPathComponent("Fuzz/seeds/deployment-page")) }),
        FuzzTarget(
            name: "gtfs-csv",
            summary: "a GTFS table → the streaming CSV parser, in one piece and in two (must agree)",
            run: { data in
                let bytes = [UInt8](data)
                let whole = records(bytes, split: nil)
                let cut = bytes.isEmpty ? 0 : Int(bytes[0]) % (bytes.count + 1)
                let pieces = records(bytes, split: cut)
                // A record over the (small) length limit is refused, however the input is cut;
                // otherwise a difference is a parser bug: trap so that the fuzzer reports it.
                precondition(
                    (whole == nil) == (pieces == nil),
                    "one reading refused a record the other accepted (split at \(cut))")
                if let whole, let pieces {
                    precondition(whole == pieces, "CSV records differ when the input is split at \(cut)")
                }
            },
            seeds: { root in
                SeedFiles.files(
                    in: root.appendingPathComponent("Tests/ScheduleArchiveTests/Fixtures/gtfs-mini"), suffix: ".txt")
                    + SeedFiles.file(root, "Data/reference/schiffsdaten-2025-01-14.csv")
            }),
        FuzzTarget(
            name: "gtfs-calendar",
            summary: "calendar.txt, calendar_dates.txt and stop_times.txt (parts split at a line \"--\") → an import",
            run: { data in GTFSFuzzFeed.importing(data) },
            seeds: { root in
                let mini = root.appendingPathComponent("Tests/ScheduleArchiveTests/Fixtures/gtfs-mini")
                let parts = ["calendar.txt", "calendar_dates.txt", "stop_times.txt"].compactMap {
                    try? Data(contentsOf: mini.appendingPathComponent($0))
                }
                guard parts.count == 3 else { return [] }
                return [("gtfs-mini", Data(parts.joined(separator: Data("\n--\n".utf8))))]
            }),
        FuzzTarget(
            name: "archive-merge",
            summary: "an archived and a fetched stationboard (split at a line \"--\") → the merge: it never shrinks",
            run: { data in
                let parts = data.split(separator: Data("\n--\n".utf8))
                guard parts.count == 2 else { return }
                let day = LocalDate(year: 2026, month: 9, day: 22)!
                let station = 8_503_670
                func departures(_ body: Data) -> Set<String>? {
                    (try? StationboardReader.departures(from: body, path: "f", expectedStation: station))
                        .map { Set($0.departures.filter { $0.date == day }.map { "\($0.time) \($0.course)" }) }
                }
                let archived = Data(parts[0])
                let answer = Data(parts[1])
                guard let old = departures(archived), let new = departures(answer),
                    let decision = try? ArchiveMerge.stationboard(
                        archived: archived, answer: answer, station: station, date: day, path: "f")
                else { return }
                switch decision {
                case .unchanged: precondition(new == old, "unchanged, but the departures differ")
                case .kept(let reason):
                    // Kept: nothing new, or a merge that could not hold both (the run says so).
                    precondition(
                        new.isSubset(of: old) || reason.contains("could not be merged"),
                        "kept a file that lacked the answer's departures, silently")
                case .write(let body, _):
                    let written = departures(body) ?? []
                    precondition(old.isSubset(of: written), "the archive shrank")
                    precondition(new.isSubset(of: written), "the answer's departures were lost")
                }
            },
            seeds: { root in
                let board = root.appendingPathComponent(
                    "Data/archive/zsg-2026-09/stationboards/2026-09-22/8503670.json")
                guard let data = try? Data(contentsOf: board) else { return [] }
                return [("board-twice", data + Data("\n--\n".utf8) + data)]
            }),
    ]

    /// The record length limit of the fuzzed parser: small, so that inputs reach it.
    static let recordLimit = 4096

    /// Every record's fields, parsing `bytes` whole or in two pieces split at `split`; nil when
    /// the parser refused a record longer than ``recordLimit``.
    package static func records(_ bytes: [UInt8], split: Int?) -> [[String]]? {
        var parser = CSVStreamParser(maximumRecordBytes: recordLimit)
        var out: [[String]] = []
        let take = { (record: CSVRecord) in out.append((0..<record.count).map { record.string($0) }) }
        do {
            if let split {
                try parser.feed(bytes[..<split], take)
                try parser.feed(bytes[split...], take)
            } else {
                try parser.feed(bytes, take)
            }
            try parser.finish(take)
        } catch {
            return nil
        }
        return out
    }
}

/// A small GTFS feed in a folder of this process, whose calendar and stop times are the fuzz
/// input; each input is imported into an in-memory store.
enum GTFSFuzzFeed {
    static let folder: URL = {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("nextwave-fuzz-gtfs-\(getpid())")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        let tables = [
            "agency.txt":
                "agency_id,agency_name,agency_url,agency_timezone\n\"194\",\"ZSG\",\"https://www.zsg.ch\",\"Europe/Zurich\"\n",
            "routes.txt":
                "route_id,agency_id,route_short_name,route_long_name,route_desc,route_type\n\"R\",\"194\",\"BAT\",\"\",\"BAT\",\"1000\"\n",
            "trips.txt":
                "route_id,service_id,trip_id,trip_headsign,trip_short_name\n\"R\",\"S1\",\"T1\",\"x\",\"2533\"\n\"R\",\"S2\",\"T2\",\"y\",\"000109\"\n",
            "stops.txt":
                "stop_id,stop_name,stop_lat,stop_lon,location_type,parent_station\n\"8503670\",\"Wädenswil (See)\",\"47.23\",\"8.67\",\"\",\"\"\n\"8503665\",\"Stäfa (See)\",\"47.24\",\"8.72\",\"\",\"\"\n",
        ]
        for (name, text) in tables { try? Data(text.utf8).write(to: url.appendingPathComponent(name)) }
        return url
    }()

    static func importing(_ data: Data) {
        let separator = Data("\n--\n".utf8)
        var parts: [Data] = []
        var rest = data[...]
        while let range = rest.range(of: separator), parts.count < 2 {
            parts.append(Data(rest[..<range.lowerBound]))
            rest = rest[range.upperBound...]
        }
        parts.append(Data(rest))
        let names = ["calendar.txt", "calendar_dates.txt", "stop_times.txt"]
        for (index, name) in names.enumerated() {
            let url = folder.appendingPathComponent(name)
            if index < parts.count {
                try? parts[index].write(to: url)
            } else {
                try? FileManager.default.removeItem(at: url)
            }
        }
        guard let feed = try? GTFSFeed(url: folder), let store = try? ScheduleStore(url: nil) else { return }
        _ = try? GTFSImporter(agencies: ["194"]).run(feed: feed, into: store)
    }
}
