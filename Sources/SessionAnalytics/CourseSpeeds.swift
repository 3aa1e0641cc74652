package import CivilTime
import Foundation
package import ScheduleArchive
package import ShipRatingTable

/// The cruising speed of each ship from the courses it ran: its legs (consecutive departures of
/// one course on one lake, the straight distance between the piers, the scheduled time between
/// the departures) fitted by least squares to
/// ```
/// t = t₀ + d / v
/// ```
/// v is the speed the ship cruises at between piers; t₀ the time each leg loses to leaving,
/// stopping and berthing (and the dwell at the pier, since times are departures). Time is the
/// response: timetables round it to the minute, while the straight distance is fixed (its
/// shortfall against the sailed path makes v a slight underestimate). docs/SCIENCE.md §7.
package enum CourseSpeeds {
    /// One leg sailed by a named ship.
    package struct Leg: Sendable, Equatable {
        package var ship: String
        package var date: LocalDate
        package var distanceM: Double
        package var durationS: Double

        package init(ship: String, date: LocalDate, distanceM: Double, durationS: Double) {
            self.ship = ship
            self.date = date
            self.distanceM = distanceM
            self.durationS = durationS
        }
    }

    /// The least-squares fit of one ship's legs.
    package struct Fit: Sendable, Equatable {
        /// v, m/s.
        package var speedMPerS: Double
        /// Standard error of v, m/s (from that of the slope 1/v).
        package var standardErrorMPerS: Double
        /// t₀, s.
        package var lostTimeS: Double
        /// √(RSS / (n − 2)), s.
        package var residualS: Double
        package var legs: Int
    }

    /// Legs no shorter than this (m) enter a fit: shorter hops are mostly berthing.
    package static let minimumLegM = 300.0
    /// Departures further apart than this (s) are not one leg.
    package static let maximumLegS = 7200.0
    /// Legs a ship needs for a fit.
    package static let minimumLegs = 5

    /// Least squares of t on d over the legs: slope b = 1/v, intercept t₀; nil with fewer than
    /// ``minimumLegs`` legs, distances that do not vary, or a slope that is not positive.
    package static func fit(distancesM d: [Double], durationsS t: [Double]) -> Fit? {
        precondition(d.count == t.count, "one duration per distance")
        let n = d.count
        guard n >= minimumLegs else { return nil }
        let meanD = d.reduce(0, +) / Double(n)
        let meanT = t.reduce(0, +) / Double(n)
        var sdd = 0.0
        var sdt = 0.0
        for i in 0..<n {
            sdd += (d[i] - meanD) * (d[i] - meanD)
            sdt += (d[i] - meanD) * (t[i] - meanT)
        }
        guard sdd > 0 else { return nil }
        let slope = sdt / sdd
        guard slope > 0, slope.isFinite else { return nil }
        let intercept = meanT - slope * meanD
        var rss = 0.0
        for i in 0..<n {
            let r = t[i] - intercept - slope * d[i]
            rss += r * r
        }
        let s2 = rss / Double(n - 2)
        let slopeError = (s2 / sdd).squareRoot()
        // v = 1/b: its standard error to first order is se(b) / b².
        return Fit(
            speedMPerS: 1 / slope, standardErrorMPerS: slopeError / (slope * slope), lostTimeS: intercept,
            residualS: s2.squareRoot(), legs: n)
    }

    /// The great-circle distance between two points (haversine, R = 6 371 km), m.
    package static func distanceM(
        _ a: (latitude: Double, longitude: Double), _ b: (latitude: Double, longitude: Double)
    )
        -> Double
    {
        let r = 6_371_000.0
        let rad = Double.pi / 180
        let dLat = (b.latitude - a.latitude) * rad
        let dLon = (b.longitude - a.longitude) * rad
        let h =
            sin(dLat / 2) * sin(dLat / 2) + cos(a.latitude * rad) * cos(b.latitude * rad) * sin(dLon / 2)
            * sin(dLon / 2)
        return 2 * r * asin(min(1, h.squareRoot()))
    }

    /// Every leg of an assigned ship in the store between two dates: departures grouped by (date,
    /// lake, course) in time order, consecutive pairs at different stations of the catalogue,
    /// ``minimumLegM``…, at most ``maximumLegS`` apart.
    package static func legs(store: ScheduleStore, catalogue: StationCatalogue, from: LocalDate, to: LocalDate) throws
        -> [Leg]
    {
        let assignments = try store.assignments(from: from, to: to)
        struct Course: Hashable, Comparable {
            var lake: String
            var course: String
            static func < (a: Course, b: Course) -> Bool { (a.lake, a.course) < (b.lake, b.course) }
        }
        var legs: [Leg] = []
        var date: LocalDate?
        var courses: [Course: [(station: Station, time: Int64)]] = [:]
        // Departures come in (date, station, time, course) order: each day's courses are whole
        // when the date changes.
        func finishDay() {
            guard let date else { return }
            for (key, stops) in courses.sorted(by: { $0.key < $1.key }) {
                guard let ship = assignments[date]?[key.course] else { continue }
                let ordered = stops.sorted { $0.time < $1.time }
                for (a, b) in zip(ordered, ordered.dropFirst()) where a.station.uic != b.station.uic {
                    let seconds = Double(b.time - a.time)
                    let metres = distanceM(
                        (a.station.latitude, a.station.longitude), (b.station.latitude, b.station.longitude))
                    guard seconds > 0, seconds <= maximumLegS, metres >= minimumLegM else { continue }
                    legs.append(Leg(ship: ship, date: date, distanceM: metres, durationS: seconds))
                }
            }
            courses.removeAll(keepingCapacity: true)
        }
        try store.forEachDeparture(from: from, to: to) { departure in
            if departure.date != date {
                finishDay()
                date = departure.date
            }
            guard let station = catalogue.station(uic: departure.station) else { return }
            courses[Course(lake: station.lake, course: departure.course), default: []].append((station, departure.time))
        }
        finishDay()
        return legs
    }

    /// The table of cruising speeds: one fit per ship with enough legs, by name.
    package static func table(legs: [Leg], archive: String, from: LocalDate, to: LocalDate) -> CourseSpeedTable {
        let byShip = Dictionary(grouping: legs, by: \.ship)
        var ships: [CourseSpeedTable.Ship] = []
        for (name, list) in byShip.sorted(by: { $0.key < $1.key }) {
            guard let fit = fit(distancesM: list.map(\.distanceM), durationsS: list.map(\.durationS)) else { continue }
            let kmh = 3.6
            let r = PublishedPrecision.rounded as (Double) -> Double
            ships.append(
                .init(
                    name: name, cruisingSpeedKmh: r(fit.speedMPerS * kmh),
                    standardErrorKmh: r(fit.standardErrorMPerS * kmh),
                    lostTimePerLegS: r(fit.lostTimeS), residualS: r(fit.residualS), legs: fit.legs,
                    days: Set(list.map(\.date)).count))
        }
        return CourseSpeedTable(
            archive: archive, from: from.description, to: to.description,
            estimator:
                "least squares of scheduled leg time on straight pier-to-pier distance, t = t0 + d/v, over legs of "
                + "\(Int(minimumLegM)) m or more; v the cruising speed, t0 the time a leg loses to leaving and berthing",
            ships: ships)
    }
}
