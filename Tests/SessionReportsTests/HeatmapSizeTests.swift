import CivilTime
import Foundation
import SessionAnalytics
import SessionCore
import Solar
import Testing

@testable import SessionReports

/// The heat map sizes itself to its text (issue: sessions for riders): from one station and one
/// hour to many stations with long names, no text leaves the picture.
@Suite struct HeatmapSizeTests {
    func summary(stations: [String], hours: [Int]) throws -> SessionSummary {
        var summary = SessionSummary(periods: nil, catalogue: nil)
        let date = LocalDate(iso: "2026-07-01")!
        let clock = ZoneClock.zurich
        for (index, name) in stations.enumerated() {
            let sessions = hours.map { hour in
                SessionResult(
                    start: clock.unixTime(of: date, secondsAfterMidnight: hour * 3600),
                    end: clock.unixTime(of: date, secondsAfterMidnight: hour * 3600 + 3600), waves: 3, quality: 30,
                    score: Double(30 + index), ships: [], unknownWaves: 0)
            }
            let sunTimes = try SunTimes(latitude: 47, longitude: 8.5, date: date)
            summary.add(
                StationDay(
                    station: 8_500_000 + index, stationName: name, lake: nil, date: date,
                    sun: SunWindow(sunTimes, precision: .seconds), sunTimes: sunTimes, waveCount: 3,
                    unknownShipWaves: 0, sessions: sessions))
        }
        return summary
    }

    /// Every text element's box (at 0.6 em a character, a typical sans-serif average) lies
    /// inside the picture.
    func checkNothingClipped(_ svg: String, _ label: String) throws {
        let size = try #require(svg.firstMatch(of: /width="(\d+)" height="(\d+)"/))
        let (width, height) = (Double(size.1)!, Double(size.2)!)
        var count = 0
        for match in svg.matches(of: /<text x="([\d.]+)" y="([\d.]+)"([^>]*)>([^<]*)<\/text>/) {
            count += 1
            let (x, y, attributes) = (Double(match.1)!, Double(match.2)!, String(match.3))
            let text = String(match.4).replacingOccurrences(of: "&amp;", with: "&")
            let fontSize = attributes.firstMatch(of: /font-size="([\d.]+)"/).map { Double($0.1)! } ?? 11
            let extent = Double(text.count) * fontSize * 0.6
            let (left, right): (Double, Double) =
                attributes.contains("text-anchor=\"end\"")
                ? (x - extent, x)
                : attributes.contains("text-anchor=\"middle\"") ? (x - extent / 2, x + extent / 2) : (x, x + extent)
            #expect(left >= 0 && right <= width, "\(label): \"\(text)\" spans \(left)…\(right) of \(width)")
            #expect(y - fontSize >= 0 && y <= height, "\(label): \"\(text)\" at y \(y) of \(height)")
        }
        #expect(count > 5)
    }

    /// The stations table `nextwave sessions` prints names each column once, with the Markdown
    /// report's words ("On": on how many days the usual window was the best; it said "Days" twice).
    @Test func theStationTableNamesEachColumnOnce() throws {
        let text = SessionSummaryText.table(try summary(stations: ["Au", "Wädenswil (See)"], hours: [14, 16]))
        let header = try #require(text.split(separator: "\n").first)
        let columns = header.split(separator: /\s{2,}/).map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(columns == ["Station", "Days", "Mean best", "Usual best window", "On", "Typical"], "\(header)")
        #expect(text.contains("1/1"), "\(text)")
    }

    @Test func theSmallestCase() throws {
        let svg = SessionHeatmapSVG.render(
            try summary(stations: ["Au"], hours: [14]), title: "Session quality, 2026-07-01")
        try checkNothingClipped(svg, "smallest")
    }

    @Test func theLargestCase() throws {
        let names = (0..<240).map { "Station with a long name number \($0) (See), Schifflände Nord" }
        let svg = SessionHeatmapSVG.render(
            try summary(stations: names, hours: Array(5...23)),
            title: "Session quality by station and hour, 2025-12-14 … 2026-12-12, every lake of Switzerland")
        try checkNothingClipped(svg, "largest")
    }
}
