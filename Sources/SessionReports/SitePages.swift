import CivilTime
package import Foundation
import SessionAnalytics
import SessionCore
import TextFormats
package import WaveFeed

/// The site's pages for people (docs/guides/riding.md, "The coming waves in any browser"): static HTML written
/// beside the wave feed, from the feed alone, so that the same feed gives the same bytes.
///
/// ```
/// SITE/index.html                           the languages, and the browser's own by a script
/// SITE/site.css, SITE/site.js               the style; the script's conveniences only
/// SITE/<lang>/index.html                    every lake and station, findable by any name
/// SITE/<lang>/<lake>/index.html             a lake's coming days, station by station
/// SITE/<lang>/<lake>/<station>.html         a station's coming days: best window, day strip, waves
/// SITE/<lang>/<lake>/<station>.ics          its calendar (the best windows, alarms 10 min before)
/// ```
///
/// Every page is complete without JavaScript (the data is in the HTML), readable at 360 px wide,
/// sets its `lang`, names each icon in text, and shows the feed's time and what its terms mean.
package enum SitePages {
    /// What the pages are made from.
    package struct Input {
        package var index: FeedIndex
        /// The day files the index names, by their file name; a day missing here is left out.
        package var days: [String: FeedDay]
        /// Other names of each lake (Lake Zurich, Lac de Zurich, …), by the index's name.
        package var lakeNames: [String: [String]] = [:]
        /// A calendar the site holds now, by its path (its events keep their stamps while they
        /// do not change); nil when there is none.
        package var previousCalendar: (String) -> String? = { _ in nil }

        package init(index: FeedIndex, days: [String: FeedDay]) {
            self.index = index
            self.days = days
        }
    }

    /// The most days a page shows: the feed's first (today and the next three, from `site update`).
    package static let maximumDays = 4

    /// The languages written, each in its folder.
    package static let languages = RiderLanguage.allCases

    /// Every page and asset, by its path in the site.
    package static func render(_ input: Input) -> [String: Data] {
        var out: [String: Data] = [:]
        out["site.css"] = Data(SiteAssets.css.utf8)
        out["site.js"] = Data(SiteAssets.js.utf8)
        out["index.html"] = Data(SiteIndexPage.root(input.index).utf8)
        let model = SiteModel(input)
        for language in languages {
            let words = SiteWords(language)
            let page = SitePage(model: model, words: words)
            out["\(language.rawValue)/index.html"] = Data(SiteIndexPage.render(page).utf8)
            for lake in model.lakes {
                out["\(language.rawValue)/\(lake.slug)/index.html"] = Data(SiteLakePage.render(lake, page).utf8)
                for station in lake.stations {
                    let base = "\(language.rawValue)/\(lake.slug)/\(station.slug)"
                    out[base + ".html"] = Data(SiteStationPage.render(station, in: lake, page).utf8)
                    out[base + ".ics"] = Data(
                        SiteCalendar.render(
                            station, in: lake, model: model, words: words.words,
                            previous: input.previousCalendar(base + ".ics")
                        ).utf8)
                }
            }
        }
        return out
    }

    /// Whether `path` (relative to the site) is a page or asset these renderers write: what a run
    /// may remove when its lake or station is gone.
    package static func isPage(_ path: String) -> Bool {
        if ["index.html", "site.css", "site.js"].contains(path) { return true }
        let parts = path.split(separator: "/")
        guard (2...3).contains(parts.count), RiderLanguage(rawValue: String(parts[0])) != nil else { return false }
        return parts.last!.hasSuffix(".html") || (parts.count == 3 && parts.last!.hasSuffix(".ics"))
    }
}

/// The feed as the pages show it: lakes with their stations' days, scored once.
struct SiteModel {
    struct Lake {
        var name: String
        var slug: String
        var otherNames: [String]
        var stations: [Station]
        var dates: [LocalDate]
        /// Station-days by date, in the lake's station order.
        var days: [LocalDate: [StationDay]]
        var fetchFailed: Bool
        var unrated: Bool
    }

    struct Station {
        var id: String
        var name: String
        var slug: String
        var latitude: Double?
        var longitude: Double?
        var days: [LocalDate: StationDay]
    }

    var lakes: [Lake]
    var generatedAt: String
    /// The feed's zone (`index.json`'s `timeZone`), in which every date and time is shown.
    var clock: ZoneClock

    init(_ input: SitePages.Input) {
        generatedAt = input.index.generatedAt
        let clock = TimeZone(identifier: input.index.timeZone).map(ZoneClock.init(timeZone:)) ?? .zurich
        self.clock = clock
        lakes = input.index.lakes.map { lake in
            var used = Set<String>()
            var stations = lake.stations.map { station -> Station in
                var slug = TextKey.slug(station.name)
                if slug.isEmpty || !used.insert(slug).inserted { slug = (slug.isEmpty ? "" : slug + "-") + station.id }
                used.insert(slug)
                return Station(
                    id: station.id, name: station.name, slug: slug, latitude: station.latitude,
                    longitude: station.longitude, days: [:])
            }
            var days: [LocalDate: [StationDay]] = [:]
            var dates: [LocalDate] = []
            // The first days the feed lists (a rider's "today and the next days"), so that a
            // station page stays small however many days the feed holds.
            for file in lake.days.prefix(SitePages.maximumDays) {
                guard let date = LocalDate(iso: file.date), let day = input.days[file.file] else { continue }
                dates.append(date)
                let scored = FeedStationDays.days(day, stations: lake.stations, clock: clock)
                days[date] = scored
                for stationDay in scored {
                    if let k = stations.firstIndex(where: { $0.id == String(stationDay.station) }) {
                        stations[k].days[date] = stationDay
                    }
                }
            }
            return Lake(
                name: lake.name, slug: TextKey.slug(lake.name).isEmpty ? "lake" : TextKey.slug(lake.name),
                otherNames: (input.lakeNames[lake.name] ?? []).filter { $0 != lake.name }, stations: stations,
                dates: dates.sorted(), days: days, fetchFailed: lake.fetch?.status == .failed,
                unrated: lake.unrated != nil)
        }
    }
}
