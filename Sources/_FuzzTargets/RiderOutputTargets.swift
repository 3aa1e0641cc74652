import CivilTime
import Foundation
import SafeFiles
@_spi(Benchmarks) import ScheduleArchive
@_spi(Benchmarks) import SessionAnalytics
import SessionCore
import SessionReports
import Solar
import TextFormats
import WaveFeed

/// What riders are shown, from names and times a hostile source chose: the wave feed's reader,
/// its repair, and the plan's outputs.
extension FuzzTargets {
    static let riderOutputTargets: [FuzzTarget] = [
        FuzzTarget(
            name: "feed",
            summary: "a wave feed's index.json and day file → FeedIndex, FeedDay; every named file confined",
            run: { data in
                if let index = try? FeedReader.decodeIndex(data) {
                    for lake in index.lakes {
                        for file in lake.days.map(\.file) + lake.ratings.map(\.file) {
                            precondition(FeedReader.isConfined(file), "an index naming a file outside its folder")
                        }
                    }
                }
                _ = try? FeedReader.decodeDay(data, from: "day.json")
            },
            seeds: { root in SeedFiles.files(in: root.appendingPathComponent("Fuzz/seeds/feed"), suffix: ".json") }),
        FuzzTarget(
            name: "feed-repair",
            summary: "a feed file as staged and as found on disk (split at a line \"--\") → the repair: exactly "
                + "the files whose bytes differ are written again, and after the repair none is",
            run: { data in
                let parts = data.split(separator: Data("\n--\n".utf8), omittingEmptySubsequences: false)
                guard parts.count >= 2 else { return }
                let staged = [
                    "zurichsee/2026-09-22.0123456789abcdef.json": Data(parts[0]), "index.json": Data(parts[0]),
                ]
                var disk: [String: Data] = ["zurichsee/2026-09-22.0123456789abcdef.json": Data(parts[1])]
                if parts.count > 2 { disk["index.json"] = Data(parts[2]) }
                let damaged = StagedRepair.damaged(staged) { disk[$0] }
                for (name, bytes) in staged {
                    let expected = disk[name].map { $0 != bytes } ?? false
                    precondition(damaged.contains(name) == expected, "\(name): repaired \(damaged.contains(name))")
                }
                for name in damaged { disk[name] = staged[name] }
                precondition(StagedRepair.damaged(staged) { disk[$0] }.isEmpty, "a repaired file still differs")
            },
            seeds: { root in SeedFiles.files(in: root.appendingPathComponent("Fuzz/seeds/feed"), suffix: ".json") }),
        FuzzTarget(
            name: "plan-outputs",
            summary: "a station's name and wave times from bytes → plan text, JSON and calendar: lines within "
                + "their limits, no control character in the calendar, the JSON parses",
            run: { data in PlanOutputsFuzz.run(data) },
            seeds: { _ in
                [
                    ("plain", Data("Wädenswil (See)\u{0}\u{10}\u{20}\u{30}\u{40}".utf8)),
                    ("escape", Data("Evil\u{1B}[2J\u{7}; , \\ \n name\u{0}\u{1}\u{2}\u{3}".utf8)),
                ]
            }),
    ]
}

/// Builds a day at a station named by the input's first line, with waves at the times its other
/// bytes give, and checks what a rider's outputs make of it.
enum PlanOutputsFuzz {
    static func run(_ data: Data) {
        guard let split = data.firstIndex(of: 0) else { return }
        let name = String(decoding: data[..<split], as: UTF8.self)
        guard !name.isEmpty, name.count <= 200 else { return }
        let date = LocalDate(iso: "2026-09-22")!
        let clock = ZoneClock.zurich
        let start = clock.unixTime(of: date)
        // Each following byte: minutes after 06:00 (×4), a wave each.
        let times = data[data.index(after: split)...].prefix(64).map { start + 6 * 3600 + Int64($0) * 240 }.sorted()
        let sunTimes = try! SunTimes(latitude: 47.23, longitude: 8.67, date: date)  // on the globe
        let sun = SunWindow(sunTimes, precision: .seconds)
        var day = StationDay(
            station: 8_503_670, stationName: name, lake: "Zürichsee", date: date, sun: sun, sunTimes: sunTimes,
            waveCount: times.count, unknownShipWaves: 0, sessions: [])
        day.waves = times.enumerated().map { index, time in
            WaveDetail(
                time: time, course: String(100 + index), category: "BAT", nextStop: nil, nextStopName: nil,
                ship: index % 3 == 0
                    ? .known(name) : index % 3 == 1 ? .predicted([ShipShare(ship: name, share: 0.6)]) : .none,
                rating: nil, points: 5, waveHeightM: 0.05)
        }
        let waves = times.map { Wave(time: $0, quality: 5) }
        day.sessions = SessionFinder.best(waves: waves, sun: sun, top: 5).map { w in
            SessionResult(
                start: w.start, end: w.end, waves: w.count, quality: w.quality, score: w.score, ships: [],
                unknownWaves: 0)
        }
        day.distinctSessions = day.sessions
        day.noSession = NoSessionReason.of(waves: waves, sun: sun)
        let plan = RiderPlan(
            from: date, to: date, stationDays: [day], quietStations: [], daysPastArchive: [],
            archiveRange: date...date,
            places: [8_503_670: .init(uic: 8_503_670, name: name, latitude: 47.23, longitude: 8.67)],
            ratingsName: "t", ratingsPoint: nil)
        for language in RiderLanguage.allCases {
            let words = RiderWords(language)
            for line in PlanText.render(plan, words: words).split(separator: "\n") {
                precondition(line.count <= 80, "a plan line over 80 columns")
            }
            let calendar = PlanCalendar.render(plan, stamp: 0, options: .init(waveEvents: true, words: words))
            for line in calendar.components(separatedBy: "\r\n") {
                precondition(line.utf8.count <= 75, "a calendar line over 75 octets")
                precondition(
                    !line.unicodeScalars.contains(where: VisibleText.isHidden), "a control character in the calendar")
            }
            if let json = try? PlanJSON.render(plan, words: words) {
                precondition(
                    (try? JSONSerialization.jsonObject(with: Data(json.utf8))) != nil, "plan JSON that does not parse")
            }
        }
    }
}
