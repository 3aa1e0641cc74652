import CivilTime
import Foundation
@_spi(Benchmarks) import ScheduleArchive
import ShipRatingTable
import Testing
import _TestSupport

@_spi(Benchmarks) @testable import SessionAnalytics

/// Cruising speeds from archived legs (docs/SCIENCE.md §7).
@Suite struct CourseSpeedTests {
    /// Legs that follow t = 120 s + d / (5 m/s) exactly: v = 18 km/h, t₀ = 120 s, no residual.
    @Test func anExactTimetableGivesItsSpeed() throws {
        let d = [1000.0, 2500, 4000, 6500, 3000, 1800]
        let t = d.map { 120 + $0 / 5 }
        let fit = try #require(CourseSpeeds.fit(distancesM: d, durationsS: t))
        #expect(abs(fit.speedMPerS - 5) < 1e-12 && abs(fit.lostTimeS - 120) < 1e-9)
        #expect(fit.residualS < 1e-9 && fit.standardErrorMPerS < 1e-9 && fit.legs == 6)
    }

    /// Least squares of t on d by hand: d = 1, 2, 3, 4, 5 km, t = 300, 480, 540, 780, 900 s.
    /// d̄ = 3000, t̄ = 600, S_dd = 10⁷ m², S_dt = 1.5·10⁶ m·s: b = 0.15 s/m, v = 6.667 m/s,
    /// t₀ = 150 s; residuals 0, 30, −60, 30, 0: RSS 5400, s² = 1800, se(b) = √(1800/10⁷) =
    /// 0.0134164, se(v) = se(b)/b² = 0.596285 m/s.
    @Test func leastSquaresAsWorkedByHand() throws {
        let fit = try #require(
            CourseSpeeds.fit(distancesM: [1000, 2000, 3000, 4000, 5000], durationsS: [300, 480, 540, 780, 900]))
        #expect(abs(fit.speedMPerS - 1 / 0.15) < 1e-12)
        #expect(abs(fit.lostTimeS - 150) < 1e-9)
        #expect(abs(fit.residualS - 1800.0.squareRoot()) < 1e-9)
        #expect(abs(fit.standardErrorMPerS - (1800 / 1e7).squareRoot() / (0.15 * 0.15)) < 1e-9)
        // Too few legs, no spread in distance, time falling with distance: no fit.
        #expect(CourseSpeeds.fit(distancesM: [1, 2, 3, 4], durationsS: [1, 2, 3, 4]) == nil)
        #expect(CourseSpeeds.fit(distancesM: [900, 900, 900, 900, 900], durationsS: [200, 210, 190, 205, 195]) == nil)
        #expect(
            CourseSpeeds.fit(distancesM: [1000, 2000, 3000, 4000, 5000], durationsS: [900, 800, 700, 600, 500]) == nil)
    }

    /// The haversine distance between Zürich Bürkliplatz and Wädenswil, by hand on a sphere of
    /// 6 371 km: 47.365662 N 8.541005 E to 47.230133 N 8.675343 E is 18.159 km.
    @Test func pierDistancesAreGreatCircles() {
        let d = CourseSpeeds.distanceM((47.365662, 8.541005), (47.230133, 8.675343))
        #expect(abs(d - 18_158.66) < 0.01, "\(d)")
        #expect(CourseSpeeds.distanceM((47, 8), (47, 8)) == 0)
    }

    /// Legs from a store built here: a course at three piers, assigned to one ship on two days;
    /// an unassigned day and a hop under 300 m are left out.
    @Test func legsComeFromAssignedCourses() throws {
        let catalogue = try StationCatalogue.load(from: RepositoryPaths.stations)
        let (zurich, wadenswil, au) = (8_503_651, 8_503_670, 8_503_671)
        let clock = ZoneClock.zurich
        let store = try ScheduleStore(url: nil)
        try store.transaction {
            let source = try store.beginSource(kind: .gtfs, path: "constructed", size: 0, modified: 0)
            let writer = try store.departureWriter(source: source)
            for day in ["2026-09-22", "2026-09-23", "2026-09-24"] {
                let date = LocalDate(iso: day)!
                for (minutes, station) in [(600, zurich), (660, wadenswil), (670, au)] {
                    try writer.add(
                        Departure(
                            station: station, date: date,
                            time: clock.unixTime(of: date, secondsAfterMidnight: minutes * 60),
                            course: "7", category: "BAT"))
                }
            }
            for day in ["2026-09-22", "2026-09-23"] {
                let file = try store.beginSource(
                    kind: .deployments, path: "deployments/\(day).json", size: 0, modified: 0)
                try store.addAssignments(
                    [ShipAssignment(date: LocalDate(iso: day)!, course: "7", ship: "MS Test")],
                    filed: LocalDate(iso: day)!, source: file)
            }
        }
        let legs = try CourseSpeeds.legs(
            store: store, catalogue: catalogue, from: LocalDate(iso: "2026-09-22")!, to: LocalDate(iso: "2026-09-24")!)
        #expect(legs.count == 4)  // two legs a day, two assigned days
        #expect(legs.allSatisfy { $0.ship == "MS Test" })
        #expect(legs.filter { $0.durationS == 3600 }.count == 2 && legs.filter { $0.durationS == 600 }.count == 2)
    }
}
