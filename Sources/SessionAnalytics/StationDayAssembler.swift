import CivilTime
import ScheduleArchive
import SessionCore
import ShipRatingTable
import Solar
import WaveRating

/// Turns the ordered departure stream into station-days. A whole day is collected first (it is
/// small: a few thousand departures for all of Switzerland's lakes), so that each wave knows the
/// course's next stop; then each of the day's stations is completed with ships, points and sun
/// times, in station order.
struct StationDayAssembler {
    let survey: SessionSurvey
    let assignments: [LocalDate: [String: String]]
    let storeNames: [Int: String]
    var predictions: ShipPredictions
    private(set) var report = SurveyReport()
    private var day: LocalDate?
    private var departures: [Departure] = []
    private var sunDay: LocalDate?
    /// Sun times per station of the current day (and the app's point under `nil`).
    private var sunCache: [Int?: (SunTimes, SunWindow)] = [:]
    private var ratingCache: [String: RatingFacts?] = [:]
    /// Station names by UIC for the waves' next stops (the catalogue's, else the store's).
    private var stopNames: [Int: String?] = [:]
    /// The current day's predictions by course and lake: a course calls at a dozen stations a
    /// day, and each call would otherwise look up and weigh the same ships again.
    private var predictedDay: LocalDate?
    private var predictedCache: [CourseOnLake: Predicted?] = [:]

    struct CourseOnLake: Hashable {
        var course: String
        var lake: String?
    }

    /// What the predicted ships give a wave of a course.
    struct Predicted {
        var ship: WaveShip
        /// The expected points over the predicted ships.
        var points: Double
        /// The share-weighted median wave height (m), when every predicted ship has one.
        var waveHeightM: Double?
    }

    /// What a wave needs of a ship's table entry: looked up once per ship, not copied whole
    /// for each of a year's million waves.
    struct RatingFacts {
        var rating: Rating?
        var ratingBasis: RatingBasis?
        /// The median wave height at the rider's point (m).
        var waveHeightM: Double?
    }

    init(survey: SessionSurvey, assignments: [LocalDate: [String: String]], storeNames: [Int: String]) {
        self.survey = survey
        self.assignments = assignments
        self.storeNames = storeNames
        self.predictions = survey.predictions
    }

    /// Adds a departure; a new day first completes the previous one.
    /// Every station's departures are kept (they tell where a course goes next); only the
    /// wanted stations become station-days.
    mutating func add(_ departure: Departure, _ body: (StationDayWaves) throws -> Void) throws {
        // A category the rule leaves out is no wave (the app's rule: motor ships only).
        guard survey.settings.categories == .ships || survey.settings.categories.categories.contains(departure.category)
        else { return }
        if day != departure.date {
            try finishDay(body)
            day = departure.date
        }
        departures.append(departure)
    }

    /// Completes the day being collected: each wanted station in order.
    mutating func finishDay(_ body: (StationDayWaves) throws -> Void) throws {
        defer { departures.removeAll(keepingCapacity: true) }
        guard let day, !departures.isEmpty else { return }
        // Each course's calls that day in time order, for the next stop.
        var itineraries: [String: [(time: Int64, station: Int)]] = [:]
        for d in departures where !d.course.isEmpty { itineraries[d.course, default: []].append((d.time, d.station)) }
        for key in itineraries.keys { itineraries[key]!.sort { $0.time < $1.time } }
        let wanted = survey.settings.stations
        var index = 0
        while index < departures.count {
            let station = departures[index].station
            var end = index
            while end < departures.count, departures[end].station == station { end += 1 }
            if wanted == nil || wanted!.contains(station) {
                try body(stationDay(day: day, station: station, departures[index..<end], itineraries))
            }
            index = end
        }
    }

    private mutating func stationDay(
        day: LocalDate, station: Int, _ calls: ArraySlice<Departure>,
        _ itineraries: [String: [(time: Int64, station: Int)]]
    ) throws -> StationDayWaves {
        let place = survey.catalogue.station(uic: station)
        let sun = try sunTimes(day: day, station: station, place: place)
        var waves: [Wave] = []
        var ships: [String?] = []
        var details: [WaveDetail] = []
        waves.reserveCapacity(calls.count)
        for departure in calls {
            report.departures += 1
            let known = departure.course.isEmpty ? nil : assignments[day]?[departure.course]
            var detail = WaveDetail(
                time: departure.time, course: departure.course, category: departure.category, nextStop: nil,
                nextStopName: nil, ship: .none, rating: nil, points: 1, waveHeightM: nil)
            detail.destination = departure.destination
            detail.arrival = departure.arrival
            // The next stop as the source gives it (a stationboard's passList), else the course's
            // next departure that day (a timetable import, an allocation).
            if let next = departure.nextStation
                ?? itineraries[departure.course]?.first(where: { $0.time > departure.time && $0.station != station })?
                .station
            {
                detail.nextStop = next
                detail.nextStopName = stopName(next)
            }
            if let known {
                report.knownShipWaves += 1
                let entry = rating(of: known)
                detail.ship = .known(known)
                detail.rating = entry?.rating
                detail.ratingBasis = entry?.rating == nil ? nil : entry?.ratingBasis
                detail.points = Double(SessionRules.quality(rating: entry?.rating, named: true))
                detail.waveHeightM = entry?.waveHeightM
            } else if let predicted = predicted(course: departure.course, lake: place?.lake, day: day) {
                report.predictedShipWaves += 1
                detail.ship = predicted.ship
                detail.points = predicted.points
                detail.waveHeightM = predicted.waveHeightM
            } else {
                report.noShipWaves += 1
            }
            waves.append(Wave(time: departure.time, quality: detail.points))
            ships.append(known)
            details.append(detail)
        }
        report.stationDays += 1
        return StationDayWaves(
            station: station, stationName: place?.name ?? storeNames[station] ?? "UIC \(station)", lake: place?.lake,
            date: day, waves: waves, ships: ships, sun: sun.1, sunTimes: sun.0, details: details)
    }

    private mutating func sunTimes(day: LocalDate, station: Int, place: Station?) throws -> (SunTimes, SunWindow) {
        if sunDay != day {
            sunCache.removeAll(keepingCapacity: true)
            sunDay = day
        }
        // A catalogue built in code may hold a place off the globe: it counts as one without
        // coordinates (the loaded catalogue skips such entries with a warning).
        let place = place.flatMap { SunTimes.accepts(latitude: $0.latitude, longitude: $0.longitude) ? $0 : nil }
        if place == nil, survey.settings.sun == .station { report.stationsWithoutCoordinates.insert(station) }
        // Every station shares the app's point when that is the source or the station is unknown.
        let key: Int? = survey.settings.sun == .station && place != nil ? station : nil
        if let cached = sunCache[key] { return cached }
        let computed = try survey.settings.sun.sun(
            on: day, at: place.map { ($0.latitude, $0.longitude) }, clock: survey.clock)
        sunCache[key] = computed
        return computed
    }

    /// The predicted ships of a course without a known ship on `day` (nil when the archive
    /// predicts none).
    private mutating func predicted(course: String, lake: String?, day: LocalDate) -> Predicted? {
        if predictedDay != day {
            predictedCache.removeAll(keepingCapacity: true)
            predictedDay = day
        }
        let key = CourseOnLake(course: course, lake: lake)
        if let cached = predictedCache[key] { return cached }
        let shares = predictions.ships(course: course, lake: lake, date: day)
        var result: Predicted?
        if !shares.isEmpty {
            let entries = shares.map { rating(of: $0.ship) }
            let heights = entries.map { $0?.waveHeightM }
            result = Predicted(
                ship: .predicted(
                    zip(shares, entries).map { ShipShare(ship: $0.ship, share: $0.share, rating: $1?.rating) }),
                points: SessionRules.expectedQuality(
                    zip(shares, entries).map { (share: $0.share, rating: $1?.rating) }),
                waveHeightM: heights.allSatisfy { $0 != nil }
                    ? zip(shares, heights).reduce(0) { $0 + $1.0.share * $1.1! } : nil)
        }
        predictedCache[key] = result
        return result
    }

    /// A next stop's name: the catalogue's, else the store's.
    private mutating func stopName(_ uic: Int) -> String? {
        if let cached = stopNames[uic] { return cached }
        let name = survey.catalogue.station(uic: uic)?.name ?? storeNames[uic]
        stopNames[uic] = name
        return name
    }

    /// The table's entry for a ship (nil when the table does not know it), noting unknown and
    /// unrated ships.
    private mutating func rating(of ship: String) -> RatingFacts? {
        if let cached = ratingCache[ship] { return cached }
        let entry = survey.ratings.ship(named: ship).map {
            RatingFacts(rating: $0.rating, ratingBasis: $0.ratingBasis, waveHeightM: $0.wake?.waveHeightM?.median)
        }
        ratingCache[ship] = entry
        if entry == nil {
            report.unknownShips.insert(ship)
        } else if entry?.rating == nil {
            report.unratedShips.insert(ship)
        }
        return entry
    }
}
