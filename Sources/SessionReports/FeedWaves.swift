package import CivilTime
package import SessionAnalytics
package import ShipRatingTable
package import WaveFeed
import WaveRating

/// A station-day's waves as the feed lists them (``WaveFeed/FeedWave``): the app's wave id,
/// local and UTC time, the ship as the rating table names it with how it is known, its rating
/// and what decided it, and the height at the rider.
package enum FeedWaves {
    package static func waves(_ day: StationDay, ratings: RatingLookup, clock: ZoneClock = .zurich) -> [FeedWave] {
        day.waves.map { wave(for: $0, in: day, ratings: ratings, clock: clock) }
    }

    static func wave(for w: WaveDetail, in day: StationDay, ratings: RatingLookup, clock: ZoneClock) -> FeedWave {
        func tableName(_ ship: String) -> String { ratings.ship(named: ship)?.name ?? ship }
        var ship: String?
        var source = FeedWave.ShipSource.none
        var share: Double?
        var predicted: [FeedWave.PredictedShip]?
        var basis: FeedWave.RatingBasis?
        switch w.ship {
        case .known(let name):
            ship = tableName(name)
            source = .known
            share = 1
            basis = w.ratingBasis.flatMap { FeedWave.RatingBasis(rawValue: $0.rawValue) }
        case .predicted(let shares):
            source = .predicted
            ship = shares.first.map { tableName($0.ship) }
            share = shares.first?.share
            predicted = shares.map {
                FeedWave.PredictedShip(
                    ship: tableName($0.ship), share: $0.share, rating: ratings.ship(named: $0.ship)?.rating)
            }
        case .none: break
        }
        return FeedWave(
            waveId: WaveID.make(
                stationUIC: day.station, stationName: day.stationName, departureUnix: w.time, course: w.course),
            stationId: String(day.station), stationName: day.stationName, time: clock.iso8601(w.time),
            timeUTC: ZoneClock.utcISO8601(w.time), course: WaveID.withoutLeadingZeros(w.course), category: w.category,
            nextStopId: w.nextStop.map(String.init), nextStopName: w.nextStopName, ship: ship, shipSource: source,
            shipShare: share, predictedShips: predicted, rating: w.rating, ratingBasis: basis,
            waveHeightM: w.waveHeightM, destination: w.destination, arrival: w.arrival.map(clock.iso8601),
            daylight: PlanWords.phase(w.time, sun: day.sun))
    }

    /// The wave's id, for the CSV, the plan and the calendar.
    package static func id(_ w: WaveDetail, in day: StationDay) -> String {
        WaveID.make(stationUIC: day.station, stationName: day.stationName, departureUnix: w.time, course: w.course)
    }
}
