import CivilTime
import Foundation
import SessionCore
import Testing
import WaveRating
import _TestSupport

/// The README's example of the session core, run exactly as written there.
@Suite struct ReadmeExampleTests {
    @Test func theExampleRunsAsWrittenAndGivesTheHandComputedSession() throws {
        var printed: [String] = []
        func print(_ items: Any...) { printed.append(items.map { "\($0)" }.joined(separator: " ")) }
        // README example begins
        let clock = ZoneClock.zurich
        let day = LocalDate(year: 2026, month: 9, day: 22)!
        let ratings: [String: Rating] = ["MS Panta Rhei": .three, "MS Linth": .two]  // by ship name
        let departures: [(secondsAfterMidnight: Int, ship: String?)] = [
            (50_400, "MS Panta Rhei"), (52_200, "MS Linth"), (54_000, nil),  // 14:00, 14:30, 15:00
        ]
        let waves = departures.map { d in
            Wave(
                time: clock.unixTime(of: day, secondsAfterMidnight: d.secondsAfterMidnight),
                quality: SessionRules.quality(rating: d.ship.flatMap { ratings[$0] }, named: d.ship != nil))
        }
        let sun = try SunSource.station.sun(on: day, at: (latitude: 47.230133, longitude: 8.675343)).window
        for session in SessionFinder.best(waves: waves, sun: sun) {
            print(clock.hourMinute(session.start), clock.hourMinute(session.end), session.count, session.score)
        }
        // README example ends
        // 10 + 5 + 1 points over one hour with three waves: 16 × (1 + 3/10) = 20.8; in daylight.
        #expect(printed == ["14:00 15:00 3 20.8"])
    }

    /// The lines above are the README's, so the README cannot drift from what runs.
    @Test func theReadmeHoldsTheseLines() throws {
        let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
        let tested = try #require(
            Self.block(in: source, from: "// README example begins", to: "// README example ends"))
        let readme = try RepositoryPaths.userDocumentsText()
        let documented = try #require(Self.block(in: readme, from: "<!-- session-core example -->", to: "```\n\n"))
        func normalised(_ lines: [String]) -> [String] {
            lines.map { $0.trimmingCharacters(in: .whitespaces) }.filter {
                !$0.isEmpty && !$0.hasPrefix("import ") && !$0.hasPrefix("```") && !$0.hasPrefix("// 14:00")
            }
        }
        #expect(normalised(tested) == normalised(documented))
    }

    static func block(in text: String, from start: String, to end: String) -> [String]? {
        guard let a = text.range(of: start), let b = text.range(of: end, range: a.upperBound..<text.endIndex)
        else { return nil }
        return text[a.upperBound..<b.lowerBound].components(separatedBy: "\n")
    }
}
