package import CivilTime
import Foundation
@_spi(Benchmarks) package import SessionAnalytics
import SessionCore
import ShipRatingTable
import Solar
package import WaveFeed
import WaveRating

/// A feed's day as station-days, scored by the app's rules: what the site's pages show, read
/// from the feed alone (so that the pages follow from the feed, byte for byte). Each wave keeps
/// its ship, rating and height as the feed gives them; points are the app's (10, 5, 2 for a
/// rated or named ship, 1 for none; a prediction's expected points); sun times are each
/// station's own, from the coordinates the index lists (the app's point for a station without).
package enum FeedStationDays {
    /// The station-days of `day` at `stations` (the lake's, in the index's order) that have waves.
    package static func days(
        _ day: FeedDay, stations: [FeedIndex.Station], top: Int = SessionRules.defaultTop, clock: ZoneClock = .zurich
    ) -> [StationDay] {
        guard let date = LocalDate(iso: day.date) else { return [] }
        var waves: [String: [FeedWave]] = [:]
        for wave in day.waves { waves[wave.stationId, default: []].append(wave) }
        return stations.compactMap { station in
            guard let list = waves[station.id], !list.isEmpty, let uic = Int(station.id) else { return nil }
            let place = station.latitude.flatMap { lat in station.longitude.map { (lat, $0) } }
            guard let sun = try? SunSource.station.sun(on: date, at: place, clock: clock) else { return nil }
            let details = list.compactMap(detail).sorted { $0.time < $1.time }
            let scored = StationDayWaves(
                station: uic, stationName: station.name, lake: day.lake, date: date,
                waves: details.map { Wave(time: $0.time, quality: $0.points) },
                ships: details.map { if case .known(let name) = $0.ship { name } else { nil } }, sun: sun.window,
                sunTimes: sun.times, details: details)
            return SessionSurvey.score(scored, top: top)
        }
    }

    /// A feed's wave as a wave of the lists (nil for one whose time cannot be read).
    static func detail(_ wave: FeedWave) -> WaveDetail? {
        guard let time = ZoneClock.parseISO8601(wave.timeUTC)?.unix else { return nil }
        let rating = wave.rating
        var ship = WaveShip.none
        var points = 1.0
        switch wave.shipSource {
        case .known:
            if let name = wave.ship {
                ship = .known(name)
                points = Double(SessionRules.quality(rating: rating, named: true))
            }
        case .predicted:
            let shares = (wave.predictedShips ?? []).map {
                ShipShare(ship: $0.ship, share: $0.share, rating: $0.rating)
            }
            if !shares.isEmpty {
                ship = .predicted(shares)
                points = SessionRules.expectedQuality(shares.map { (share: $0.share, rating: $0.rating) })
            }
        case .none: break
        }
        var detail = WaveDetail(
            time: time, course: wave.course, category: wave.category, nextStop: wave.nextStopId.flatMap { Int($0) },
            nextStopName: wave.nextStopName, ship: ship, rating: rating, points: points, waveHeightM: wave.waveHeightM)
        detail.destination = wave.destination
        detail.arrival = wave.arrival.flatMap { ZoneClock.parseISO8601($0)?.unix }
        detail.ratingBasis = wave.ratingBasis.flatMap { RatingBasis(rawValue: $0.rawValue) }
        return detail
    }
}
