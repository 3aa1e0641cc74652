import CivilTime
import SessionAnalytics
import TextFormats

/// `SITE/<lang>/<lake>/index.html`: the lake's coming days; for each station with departures its
/// best window of the day (or why it has none) and every wave; the stations without one named.
enum SiteLakePage {
    static func render(_ lake: SiteModel.Lake, _ page: SitePage) -> String {
        let words = page.words
        var body = "<nav aria-label=\"breadcrumb\"><a href=\"../index.html\">\(words.allLakes)</a></nav>\n"
        body += "<h1>\(xmlEscaped(lake.name))</h1>\n"
        if !lake.otherNames.isEmpty {
            body += "<p>\(words.alsoCalled): \(xmlEscaped(lake.otherNames.joined(separator: ", ")))</p>\n"
        }
        if lake.fetchFailed { body += "<p class=\"note\">\(words.notFetched)</p>\n" }
        if lake.unrated { body += "<p class=\"note\">\(words.unratedLake)</p>\n" }
        if lake.dates.isEmpty { body += "<p>\(words.noDaysYet)</p>\n" }
        for date in lake.dates {
            let days = lake.days[date] ?? []
            body += "<section class=\"day\" data-date=\"\(date)\" aria-labelledby=\"d\(date)\">"
            body += "<h2 id=\"d\(date)\">\(words.words.day(date))</h2>\n"
            for day in days {
                guard let station = lake.stations.first(where: { $0.id == String(day.station) }) else { continue }
                body +=
                    "<section class=\"station\"><h3><a href=\"\(station.slug).html\">\(xmlEscaped(station.name))</a></h3>"
                body += page.best(day) + page.waves(day) + "</section>\n"
            }
            let quiet = lake.stations.filter { station in !days.contains { String($0.station) == station.id } }
            if !quiet.isEmpty {
                body +=
                    "<p class=\"quiet\">\(words.noDepartures) "
                    + quiet.map { "<a href=\"\($0.slug).html\">\(xmlEscaped($0.name))</a>" }.joined(separator: ", ")
                    + "</p>\n"
            }
            body += "</section>\n"
        }
        return page.document(title: lake.name, path: "\(lake.slug)/index.html", body: body, page: "lake")
    }
}
