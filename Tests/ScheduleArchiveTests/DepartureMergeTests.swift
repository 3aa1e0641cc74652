import CivilTime
import Foundation
import Testing

@_spi(Benchmarks) @testable import ScheduleArchive

/// The store's departure cursor merges the rows several sources hold for one departure in
/// Swift; the SQL it replaced (`ScheduleStore.mergedQuery`, GROUP BY with MIN and MAX) is the
/// reference: over random stores of three sources (a deployment file's special cruises among
/// them), duplicate keys, nulls, and texts that order differently by bytes and by Unicode.
@Suite struct DepartureMergeTests {
    struct Row: Equatable {
        var day: Int
        var station: Int
        var time: Int64
        var course: [UInt8]
        var category: [UInt8]
        var destination: [UInt8]?
        var arrival: Int64?
        var next: Int?
    }

    @Test func theCursorMergesAsTheGroupByQueryDid() throws {
        var rng = SystemRandomNumberGenerator()
        let texts = ["Zürich", "Zurich", "Zu\u{308}rich", "ab", "Ab", "", "b", "Bürkliplatz"]
        for _ in 0..<60 {
            let store = try ScheduleStore(url: nil)
            for (id, kind) in [(1, "gtfs"), (2, "stationboard"), (3, "deployments")] {
                try store.database.execute(
                    "INSERT INTO sources(id, kind, path, size, mtime) VALUES (\(id), '\(kind)', 'source-\(id)', 0, 0)")
            }
            let insert = try store.database.prepare(
                "INSERT OR IGNORE INTO departures(day, station, time, course, category, source, destination, arrival, "
                    + "next_station) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)")
            for _ in 0..<Int.random(in: 1...400, using: &rng) {
                insert.bind(1, Int.random(in: 20_000...20_002, using: &rng))
                insert.bind(2, Int.random(in: 1...2, using: &rng))
                insert.bind(3, Int64([0, 60, 120].randomElement(using: &rng)!))
                insert.bind(4, ["1", "01", "Zürich", "Zu\u{308}rich", "a"].randomElement(using: &rng)!)
                insert.bind(5, ["BAT", "BAV", "FAE", "bat", "Büro"].randomElement(using: &rng)!)
                insert.bind(6, Int.random(in: 1...3, using: &rng))
                insert.bind(7, Bool.random(using: &rng) ? nil : texts.randomElement(using: &rng)!)
                insert.bind(8, Bool.random(using: &rng) ? nil : Int64.random(in: -5...5, using: &rng))
                insert.bind(9, Bool.random(using: &rng) ? nil : Int64.random(in: 1...4, using: &rng))
                try insert.run()
            }
            var merged: [Row] = []
            let from = LocalDate(daysSinceEpoch: 20_000)
            let to = LocalDate(daysSinceEpoch: 20_002)
            try store.forEachDeparture(from: from, to: to) { d in
                merged.append(
                    Row(
                        day: d.date.daysSinceEpoch, station: d.station, time: d.time, course: Array(d.course.utf8),
                        category: Array(d.category.utf8), destination: d.destination.map { Array($0.utf8) },
                        arrival: d.arrival, next: d.nextStation))
            }
            var reference: [Row] = []
            let query = try store.database.prepare(ScheduleStore.mergedQuery)
            query.bind(1, from.daysSinceEpoch)
            query.bind(2, to.daysSinceEpoch)
            while try query.step() {
                reference.append(
                    Row(
                        day: query.int(0), station: query.int(1), time: query.int64(2),
                        course: Array(query.string(3).utf8), category: Array(query.string(4).utf8),
                        destination: query.isNull(5) ? nil : Array(query.string(5).utf8),
                        arrival: query.isNull(6) ? nil : query.int64(6), next: query.isNull(7) ? nil : query.int(7)))
            }
            #expect(merged == reference)
            #expect(!reference.isEmpty)
        }
    }
}
