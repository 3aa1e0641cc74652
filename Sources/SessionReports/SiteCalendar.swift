import CivilTime
import SessionAnalytics

/// A station's calendar on the site (`<station>.ics`): its best windows of the feed's days as
/// `plan --ics` writes them (two a day, an alarm 10 minutes before), stamped with the feed's time
/// so that the same feed gives the same bytes; an event that did not change keeps its stamp.
enum SiteCalendar {
    static func render(
        _ station: SiteModel.Station, in lake: SiteModel.Lake, model: SiteModel, words: RiderWords, previous: String?
    ) -> String {
        let days = lake.dates.compactMap { station.days[$0] }
        let uic = Int(station.id) ?? 0
        var places: [Int: RiderPlan.Place] = [:]
        if let latitude = station.latitude, let longitude = station.longitude {
            places[uic] = RiderPlan.Place(uic: uic, name: station.name, latitude: latitude, longitude: longitude)
        }
        let first = lake.dates.first ?? LocalDate(daysSinceEpoch: 0)
        let last = lake.dates.last ?? first
        let plan = RiderPlan(
            from: first, to: last, stationDays: days, quietStations: [], daysPastArchive: [],
            archiveRange: first...last,
            places: places, ratingsName: "", ratingsPoint: nil)
        let stamp = ZoneClock.parseISO8601(model.generatedAt)?.unix ?? 0
        return PlanCalendar.render(plan, stamp: stamp, options: .init(words: words), previous: previous)
    }
}
