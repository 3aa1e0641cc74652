// An example client of the wave feed, using SessionKit alone: it prints tomorrow's waves at a
// station from a feed folder, as an app's "next waves" screen would list them.
//
//   feed-client SITE STATION [--date YYYY-MM-DD]
//
// SITE is the folder `nextwave feed --out SITE` wrote (an app fetches the same files over
// HTTP and decodes them with FeedReader.decodeIndex / decodeDay). STATION is a UIC id or a
// station's name. The date defaults to tomorrow in Europe/Zurich.
import CivilTime
import Foundation
import WaveFeed
import WaveRating

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("feed-client: \(message)\n".utf8))
    exit(64)
}

var arguments = Array(CommandLine.arguments.dropFirst())
var date: String?
if let flag = arguments.firstIndex(of: "--date") {
    guard flag + 1 < arguments.count, LocalDate(iso: arguments[flag + 1]) != nil else {
        fail("--date takes YYYY-MM-DD")
    }
    date = arguments[flag + 1]
    arguments.removeSubrange(flag...(flag + 1))
}
guard arguments.count == 2 else { fail("usage: feed-client SITE STATION [--date YYYY-MM-DD]") }

let feed: FeedReader
do { feed = try FeedReader(folder: URL(fileURLWithPath: arguments[0], isDirectory: true)) } catch {
    fail("\(error)")
}
guard let (lake, station) = feed.station(arguments[1]) else {
    fail("no station \"\(arguments[1])\" in the feed")
}
let clock = ZoneClock.zurich
let day =
    date ?? clock.localDate(at: Int64(Date().timeIntervalSince1970)).adding(days: 1).description
let waves: [FeedWave]
do { waves = try feed.day(lake: lake.name, date: day)?.waves(atStation: station.id) ?? [] } catch { fail("\(error)") }

print("\(station.name) (\(lake.name)), \(day): \(waves.count) waves")
for wave in waves {
    let time = String(wave.time.dropFirst(11).prefix(5))
    let ship: String
    switch wave.shipSource {
    case .known: ship = wave.ship ?? "?"
    case .predicted:
        ship =
            (wave.predictedShips ?? []).prefix(2).map { "\($0.ship) \(Int(($0.share * 100).rounded())) %" }
            .joined(separator: " or ") + " (predicted)"
    case .none: ship = "ship not known"
    }
    let stars = wave.rating.map { String(repeating: "★", count: $0.rawValue) } ?? "–"
    let height = wave.waveHeightM.map { String(format: "%.2f m", $0) } ?? ""
    // Where the course goes, and whether it is dark then (the feed's daylight phase).
    let toward = wave.destination.map { "→ \($0)" } ?? ""
    let light = wave.daylight.map { $0 == .day ? "" : "(\($0.rawValue))" } ?? ""
    print(
        "  \(time)  course \(wave.course.isEmpty ? "–" : wave.course)  \(stars)  \(ship)  \(height)  \(toward) \(light) "
            + "[\(wave.waveId)]")
}
