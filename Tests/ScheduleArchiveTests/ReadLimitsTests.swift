import CivilTime
import Foundation
import JobContract
import Testing
import _TestSupport

@_spi(Benchmarks) @testable import ScheduleArchive

/// The archive readers' budgets (issue: hardening, round 3): an answer past what a real day can
/// hold is refused by name before it takes the machine's memory or the run's time. Each of these
/// answers was read whole before, at gigabytes (docs/RELIABILITY.md, round 3).
@Suite struct ReadLimitsTests {
    func refusal(_ body: () throws -> Void) -> String {
        do {
            try body()
            return "accepted"
        } catch {
            return "\(error)"
        }
    }

    // MARK: SGV's allocation page

    /// A steamer's block of `ranges` date ranges and `courses` course cells.
    func sgvPage(ranges: Int, courses: Int, start: Int = 1000) -> Data {
        var text = "<html><body><h2>Dampfschiff-Einsätze</h2><div><h3>Dampfschiff Uri</h3>"
        for index in 0..<ranges {
            // Distinct ranges, one or two days each, all within 2026.
            let day = 1 + index % 28
            let month = ["Mai", "Juni", "Juli", "August"][index / 28 % 4]
            text += "<p>Von \(day). \(month) bis \(day). \(month) 2026</p>"
        }
        text += "<p>"
        for index in 0..<courses { text += "Kurs \(start + 2 * index)_\(start + 2 * index + 1) " }
        text += "</p><p>Luzern ab 10.12</p></div></body></html>"
        return Data(text.utf8)
    }

    @Test func anSGVPageOfThousandsOfRangesTimesCoursesIsRefusedByItsProduct() {
        // 2,000 date ranges × 2,000 courses: ran past 5 minutes; now refused before it is built.
        let message = refusal {
            _ = try SGVAllocationPage.read(html: sgvPage(ranges: 2_000, courses: 2_000), url: "sgv")
        }
        #expect(message.contains("more than 100000 assignments"), "\(message)")
        #expect(message.contains("DS Uri") && message.contains("courses"), "\(message)")
    }

    @Test func anSGVPageOfFortyThousandCourseCellsIsReadAsAtMostTheBudget() throws {
        // 40,000 course cells on one day are within the budget (each course once) and read
        // without the 2.9 GB the page took: 40,000 assignments.
        let reading = try SGVAllocationPage.read(html: sgvPage(ranges: 1, courses: 20_000), url: "sgv")
        #expect(reading.assignments.count == 40_000)
        #expect(Set(reading.assignments.map(\.course)).count == 40_000)
        // Doubling the days past the budget is refused.
        let message = refusal { _ = try SGVAllocationPage.read(html: sgvPage(ranges: 3, courses: 20_000), url: "sgv") }
        #expect(message.contains("more than 100000 assignments"), "\(message)")
    }

    @Test func anSGVPageOfTooManyLinesIsRefused() {
        let lines = String(repeating: "<p>x</p>\n", count: 100_001)
        let html = Data("<html><body><h2>Dampfschiff-Einsätze</h2>\(lines)</body></html>".utf8)
        let message = refusal { _ = try SGVAllocationPage.read(html: html, url: "sgv") }
        #expect(message.contains("lines of text, more than an allocation page's 100000"), "\(message)")
    }

    /// The deadline is on the run's clock, not the wall's: a clock the test owns, ten seconds
    /// before the deadline, reads; moved past it, the same reads stop at once.
    @Test func aReaderStopsWhenTheRunsTimeHasRunOut() {
        let clock = ManualClock()
        let deadline = Deadline(clock: clock, in: 10)
        let future = deadline
        #expect(
            refusal {
                _ = try SGVAllocationPage.read(html: sgvPage(ranges: 2, courses: 3), url: "sgv", deadline: future)
            } == "accepted")
        clock.pass(10.5)
        let past = deadline
        let sgv = refusal {
            _ = try SGVAllocationPage.read(html: sgvPage(ranges: 2, courses: 3), url: "sgv", deadline: past)
        }
        #expect(sgv == "sgv: the run's time ran out while reading it", "\(sgv)")
        let board = Data(#"{"departures":[{"vehicle":{"name":"LAUSANNE"},"stops":[]}]}"#.utf8)
        let cgn = refusal { _ = try CGNDepartureBoard.assignments(from: board, url: "cgn", deadline: past) }
        #expect(cgn.contains("ran out"), "\(cgn)")
    }

    // MARK: CGN's pier list and boards

    @Test func aCGNListOfAHundredThousandPiersIsRefused() {
        let piers = (0..<100_000).map { #"{"code":"P\#($0)","name":"Pier \#($0)"}"# }.joined(separator: ",")
        let message = refusal { _ = try CGNDepartureBoard.pierCodes(from: Data("[\(piers)]".utf8), url: "cgn") }
        #expect(message.contains("100000 piers, more than the 2000"), "\(message)")
        // Forty piers, CGN's real count, are read.
        let forty = (0..<40).map { #"{"code":"P\#($0)"}"# }.joined(separator: ",")
        #expect((try? CGNDepartureBoard.pierCodes(from: Data("[\(forty)]".utf8), url: "cgn"))?.count == 40)
    }

    @Test func aCGNBoardOfTooManyDeparturesOrStopsIsRefused() {
        let departure = #"{"vehicle":{"name":"LAUSANNE"},"stops":[]}"#
        let crowded = Data(
            #"{"departures":[\#(Array(repeating: departure, count: 1_001).joined(separator: ","))]}"#.utf8)
        let message = refusal { _ = try CGNDepartureBoard.assignments(from: crowded, url: "cgn") }
        #expect(message.contains("1001 departures"), "\(message)")
        let stop = #"{"name":"Lausanne-Ouchy","serviceNumber":"000902","departureTime":"2026-09-27T10:05:00"}"#
        let long = Data(
            #"{"departures":[{"vehicle":{"name":"LAUSANNE"},"stops":[\#(Array(repeating: stop, count: 501).joined(separator: ","))]}]}"#
                .utf8)
        let stops = refusal { _ = try CGNDepartureBoard.assignments(from: long, url: "cgn") }
        #expect(stops.contains("departures[0] has more than 500 stops"), "\(stops)")
    }

    // MARK: Stationboards

    @Test func aStationboardOfThreeHundredThousandJourneysIsRefused() {
        // The probe's answer (22 MB) is over the byte budget; a compact one of as many journeys
        // is under it and refused by its count.
        let journeys = Array(repeating: #"{"category":"S","stop":{}}"#, count: 300_000).joined(separator: ",")
        let compact = Data(#"{"station":{"id":"8503670"},"stationboard":[\#(journeys)]}"#.utf8)
        #expect(compact.count < ReadLimits.stationboardBytes)
        let counted = refusal { _ = try StationboardReader.departures(from: compact, path: "board.json") }
        #expect(counted.contains("300000 journeys, more than the 5000"), "\(counted)")
        let large = Data(count: ReadLimits.stationboardBytes + 1)
        let sized = refusal { _ = try StationboardReader.departures(from: large, path: "board.json") }
        #expect(sized.contains("more than a stationboard's 8 MiB"), "\(sized)")
    }

    @Test func aStationsNameFromTheServerLosesItsControlCharacters() throws {
        let body = Data(#"{"station":{"id":"8503670","name":"W\u001b[2Jädenswil\u202e"},"stationboard":[]}"#.utf8)
        let read = try StationboardReader.departures(from: body, path: "board.json")
        #expect(read.name == "W[2Jädenswil")
    }
}
