import CivilTime
import Foundation
import SessionAnalytics
import SessionCore
import ShipRatingTable
import TextFormats
import WaveFeed
import WaveRating

/// What every page of the site shares: the document around its content, the language chooser,
/// a wave as a list item, a day's best window, and the footer with the terms and the feed's time.
struct SitePage {
    let model: SiteModel
    let words: SiteWords
    var clock: ZoneClock { model.clock }

    var lang: String { words.language.rawValue }

    /// The whole document. `path` is the page's path below its language folder (`index.html`,
    /// `zurichsee/index.html`): the same page in the other languages is there too.
    func document(title: String, path: String, body: String, page: String) -> String {
        let depth = path.split(separator: "/").count  // the language folder and the lake's
        let up = String(repeating: "../", count: depth)
        let alternates = SitePages.languages.map {
            "<link rel=\"alternate\" hreflang=\"\($0.rawValue)\" href=\"\(up)\($0.rawValue)/\(path)\">"
        }.joined(separator: "\n")
        let chooser = SitePages.languages.map { language -> String in
            let name = SiteWords.name(of: language)
            if language == words.language { return "<span aria-current=\"page\">\(name)</span>" }
            return "<a href=\"\(up)\(language.rawValue)/\(path)\" hreflang=\"\(language.rawValue)\" "
                + "lang=\"\(language.rawValue)\" data-lang=\"\(language.rawValue)\">\(name)</a>"
        }.joined(separator: " ")
        return """
            <!DOCTYPE html>
            <html lang="\(lang)" data-page="\(page)" data-zone="\(clock.timeZone.identifier)">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(xmlEscaped(title)) – \(words.siteTitle)</title>
            <link rel="stylesheet" href="\(up)site.css">
            \(alternates)
            <script src="\(up)site.js" defer></script>
            </head>
            <body>
            <header>
            <p class="brand"><a href="\(up)\(lang)/index.html">\(words.siteTitle)</a></p>
            <nav class="langs" aria-label="\(words.languages)">\(chooser)</nav>
            </header>
            <main>
            \(body)
            </main>
            \(footer())
            </body>
            </html>

            """
    }

    /// What the terms mean, and when the feed was published.
    func footer() -> String {
        let terms = words.legend.map { "<dt>\(xmlEscaped($0.term))</dt><dd>\(xmlEscaped($0.meaning))</dd>" }.joined()
        let stamp =
            ZoneClock.parseISO8601(model.generatedAt).map {
                "<time datetime=\"\(model.generatedAt)\">\(words.words.day(clock.localDate(at: $0.unix))) "
                    + "\(clock.hourMinute($0.unix))</time>"
            } ?? xmlEscaped(model.generatedAt)
        return
            "<footer>\n<dl class=\"terms\">\(terms)</dl>\n<p>\(words.generated) \(stamp) \(words.fromFeed).</p>\n</footer>"
    }

    /// A day's best window in words, or why it has none.
    func best(_ day: StationDay) -> String {
        if let session = day.distinctSessions.first {
            let waves = PlanWords.waves(of: session, in: day)
            return "<p class=\"best\"><strong>\(words.bestWindow): \(clock.hourMinute(session.start))–"
                + "\(clock.hourMinute(session.end))</strong>, \(xmlEscaped(PlanWords.summary(waves, words.words))), "
                + "\(words.score) \(words.words.decimal(session.score, 1))</p>"
        }
        return
            "<p class=\"best none\">\(xmlEscaped(words.words.noSessionLead + PlanWords.noSession(day, clock: clock, words.words)))</p>"
    }

    /// The waves of a day as a list, each with its time, ship, rating, route and light.
    func waves(_ day: StationDay, station: Bool = false) -> String {
        let best = day.distinctSessions.first.map { $0.start...$0.end }
        let items = day.waves.map { wave -> String in
            let phase = PlanWords.phase(wave.time, sun: day.sun)
            let inBest = best?.contains(wave.time) == true
            return
                "<li class=\"\(phase.rawValue)\(inBest ? " in" : "")\"><time datetime=\"\(clock.iso8601(wave.time))\">"
                + "\(clock.hourMinute(wave.time))</time> <span class=\"s\">\(ship(wave))</span> "
                + "<span class=\"r\">\(rating(wave))</span> <span class=\"t\">\(route(wave))</span> "
                + "<span class=\"l\">\(words.phase(phase))</span></li>"
        }
        let head =
            "<li class=\"head\" aria-hidden=\"true\"><span>\(words.time)</span> <span class=\"s\">\(words.ship)</span> "
            + "<span class=\"r\">\(words.rating)</span> <span class=\"t\">\(words.route)</span> "
            + "<span class=\"l\">\(words.light)</span></li>"
        return "<ol class=\"waves\">\(head)\(items.joined())</ol>"
    }

    /// The ship: the operator's, a prediction (marked, with its share), or none.
    func ship(_ wave: WaveDetail) -> String {
        switch wave.ship {
        case .known(let name): return xmlEscaped(name)
        case .predicted(let shares):
            guard let first = shares.first else { return words.shipUnknown }
            let share = Int((first.share * 100).rounded())
            return "\(xmlEscaped(first.ship))? <small class=\"p\">\(words.predicted)&#160;\(share)&#160;%</small>"
        case .none: return "<small>\(words.shipUnknown)</small>"
        }
    }

    /// The rating as 1–3 wave icons with its words (the icons are drawn by the style sheet; the
    /// words are the text every reader gets), or "unrated".
    func rating(_ wave: WaveDetail) -> String {
        var value = wave.rating?.rawValue
        var basis: FeedWave.RatingBasis?
        if case .predicted(let shares) = wave.ship { value = shares.first?.rating?.rawValue }
        if case .known = wave.ship { basis = wave.ratingBasis.flatMap { FeedWave.RatingBasis(rawValue: $0.rawValue) } }
        guard let value else { return "<span class=\"u\">\(words.unrated)</span>" }
        let predicted = if case .predicted = wave.ship { true } else { false }
        let text = words.ratingText(value, basis: predicted ? nil : basis)
        let shown = predicted ? words.predicted : words.basis(basis)
        return "<i class=\"w w\(value)\(predicted ? " wp" : "")\" aria-hidden=\"true\"></i>"
            + "<span class=\"sr\">\(xmlEscaped(predicted ? text.components(separatedBy: " (").first ?? text : text))</span>"
            + "<small aria-hidden=\"true\">\(xmlEscaped(shown))</small>"
    }

    /// Next stop and destination.
    func route(_ wave: WaveDetail) -> String {
        let next = wave.nextStopName.map(xmlEscaped)
        let destination = wave.destination.map(xmlEscaped)
        switch (next, destination) {
        case (let n?, let d?) where n != d: return "\(n) → \(d)"
        case (let n?, _): return n
        case (nil, let d?): return "→ \(d)"
        default: return "–"
        }
    }
}
