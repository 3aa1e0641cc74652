import CivilTime
import Foundation
import SessionAnalytics
import SessionCore
import TextFormats
import WaveFeed
import WaveRating

/// `SITE/<lang>/<lake>/<station>.html`, the page a rider bookmarks: each coming day with its best
/// window, a strip of the day (the waves over the daylight, the best window marked) and every
/// wave; a link to the station's calendar.
enum SiteStationPage {
    static func render(_ station: SiteModel.Station, in lake: SiteModel.Lake, _ page: SitePage) -> String {
        let words = page.words
        var body =
            "<nav aria-label=\"breadcrumb\"><a href=\"../index.html\">\(words.allLakes)</a> › "
            + "<a href=\"index.html\">\(xmlEscaped(lake.name))</a></nav>\n"
        body += "<h1>\(xmlEscaped(station.name))</h1>\n"
        body +=
            "<p class=\"cal\"><a href=\"\(station.slug).ics\" type=\"text/calendar\">\(words.calendar)</a> "
            + "\(words.calendarNote)</p>\n"
        if lake.fetchFailed { body += "<p class=\"note\">\(words.notFetched)</p>\n" }
        if lake.dates.isEmpty { body += "<p>\(words.noDaysYet)</p>\n" }
        for date in lake.dates {
            body += "<section class=\"day\" data-date=\"\(date)\" aria-labelledby=\"d\(date)\">"
            body += "<h2 id=\"d\(date)\">\(words.words.day(date))</h2>\n"
            guard let day = station.days[date] else {
                body += "<p>\(words.noDepartures)</p></section>\n"
                continue
            }
            body += page.best(day) + DayStrip.render(day, id: "s\(date)", words: words, clock: page.clock)
            body += page.waves(day) + "</section>\n"
        }
        return page.document(
            title: "\(station.name) (\(lake.name))", path: "\(lake.slug)/\(station.slug).html", body: body,
            page: "station")
    }
}

/// A day as a strip (SVG): night, civil twilight and day as bands, the best window marked, each
/// wave a stroke as tall as its rating (dashed when its ship is predicted, short when unrated),
/// hours along the bottom. The title says in words what it draws.
enum DayStrip {
    static let width = 360.0
    static let height = 84.0

    static func render(_ day: StationDay, id: String, words: SiteWords, clock: ZoneClock) -> String {
        guard let first = day.waves.first?.time, let last = day.waves.last?.time else { return "" }
        let hour: Int64 = 3600
        // From the hour before the earlier of civil dawn and the first wave to the hour after the
        // later of civil dusk and the last wave, whole hours.
        let start = (min(first, day.sun.civilTwilightBegin) / hour - 1) * hour
        let end = (max(last, day.sun.civilTwilightEnd) / hour + 2) * hour
        let span = Double(max(end - start, hour))
        func x(_ t: Int64) -> String { String(format: "%.1f", Double(min(max(t, start), end) - start) / span * width) }
        func w(_ a: Int64, _ b: Int64) -> String {
            String(format: "%.1f", max(0, Double(min(b, end) - max(a, start))) / span * width)
        }
        var svg =
            "<svg class=\"strip\" viewBox=\"0 0 \(Int(width)) \(Int(height))\" role=\"img\" aria-labelledby=\"\(id)\">"
        let best = day.distinctSessions.first
        var title =
            "\(words.dayStrip): \(words.words.waves(day.waves.count)) \(clock.hourMinute(first))–\(clock.hourMinute(last)); "
            + "\(words.phase(.day)) \(clock.hourMinute(day.sun.sunrise))–\(clock.hourMinute(day.sun.sunset))"
        if let best { title += "; \(words.bestWindow) \(clock.hourMinute(best.start))–\(clock.hourMinute(best.end))" }
        svg += "<title id=\"\(id)\">\(xmlEscaped(title))</title>"
        svg += "<rect class=\"bn\" x=\"0\" y=\"58\" width=\"\(Int(width))\" height=\"10\"/>"
        svg +=
            "<rect class=\"bt\" x=\"\(x(day.sun.civilTwilightBegin))\" y=\"58\" "
            + "width=\"\(w(day.sun.civilTwilightBegin, day.sun.civilTwilightEnd))\" height=\"10\"/>"
        svg +=
            "<rect class=\"bd\" x=\"\(x(day.sun.sunrise))\" y=\"58\" width=\"\(w(day.sun.sunrise, day.sun.sunset))\" "
            + "height=\"10\"/>"
        if let best {
            svg +=
                "<rect class=\"bw\" x=\"\(x(best.start))\" y=\"2\" width=\"\(w(best.start, best.end))\" height=\"66\"/>"
        }
        for wave in day.waves {
            var rating = wave.rating?.rawValue
            var predicted = false
            if case .predicted(let shares) = wave.ship {
                rating = shares.first?.rating?.rawValue
                predicted = true
            }
            let top = 56 - 16 * Double(rating ?? 0) - (rating == nil ? 8 : 0)
            svg +=
                "<line class=\"wv\(predicted ? " pr" : "")\(rating == nil ? " ur" : "")\" x1=\"\(x(wave.time))\" "
                + "x2=\"\(x(wave.time))\" y1=\"56\" y2=\"\(String(format: "%.0f", top))\"/>"
        }
        var t = (start / hour + 1) * hour
        while t < end {
            let label = clock.hourMinute(t).prefix(2)
            if Int(label).map({ $0 % 3 == 0 }) == true {
                svg += "<text x=\"\(x(t))\" y=\"82\">\(label)</text>"
            }
            t += hour
        }
        return "<figure>" + svg + "</svg></figure>"
    }
}
