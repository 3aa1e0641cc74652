import CivilTime
import Foundation
import TextFormats
import WaveFeed

/// The site's entrance: the root page (the languages; a script takes the browser's own) and,
/// per language, every lake with its stations, findable by any of their names.
enum SiteIndexPage {
    /// `SITE/index.html`: a link to each language; the script opens the one the reader chose
    /// before, else the browser's, else English.
    static func root(_ index: FeedIndex) -> String {
        let links = SitePages.languages.map {
            "<li><a href=\"\($0.rawValue)/index.html\" hreflang=\"\($0.rawValue)\" lang=\"\($0.rawValue)\" "
                + "data-lang=\"\($0.rawValue)\">\(SiteWords.name(of: $0))</a></li>"
        }.joined()
        return """
            <!DOCTYPE html>
            <html lang="en" data-page="root">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>Next Wave</title>
            <link rel="stylesheet" href="site.css">
            <script src="site.js" defer></script>
            </head>
            <body>
            <main>
            <h1>Next Wave</h1>
            <p>\(xmlEscaped(SiteWords(.en).tagline)).</p>
            <nav aria-label="Language"><ul class="choices">\(links)</ul></nav>
            </main>
            </body>
            </html>

            """
    }

    /// What the index's search matches a query against: each name as lower-case ASCII words
    /// (`TextKey.slug`'s letters, "Wädenswil (See)" → `wadenswil see`), and again with German
    /// umlauts written out (`waedenswil see`), as a rider without them on the keyboard types.
    /// The script folds the query the same way (`site.js`).
    static func searchKey(_ names: [String]) -> String {
        var keys: [String] = []
        for name in names {
            let spelled = name.replacingOccurrences(of: "ä", with: "ae").replacingOccurrences(of: "ö", with: "oe")
                .replacingOccurrences(of: "ü", with: "ue").replacingOccurrences(of: "Ä", with: "Ae")
                .replacingOccurrences(of: "Ö", with: "Oe").replacingOccurrences(of: "Ü", with: "Ue")
            for form in [name, spelled] {
                let key = TextKey.slug(form).replacingOccurrences(of: "-", with: " ")
                if !key.isEmpty && !keys.contains(key) { keys.append(key) }
            }
        }
        return keys.joined(separator: " | ")
    }

    /// `SITE/<lang>/index.html`.
    static func render(_ page: SitePage) -> String {
        let words = page.words
        let lakes = page.model.lakes.map { lake -> String in
            let names = [lake.name] + lake.otherNames
            let also =
                lake.otherNames.isEmpty
                ? "" : " <small>(\(words.alsoCalled) \(xmlEscaped(lake.otherNames.joined(separator: ", "))))</small>"
            let stations = lake.stations.map { station in
                "<li data-names=\"\(searchKey([station.name] + names))\">"
                    + "<a href=\"\(lake.slug)/\(station.slug).html\">\(xmlEscaped(station.name))</a></li>"
            }.joined()
            return "<section class=\"lake\" data-names=\"\(searchKey(names))\">"
                + "<h2><a href=\"\(lake.slug)/index.html\">\(xmlEscaped(lake.name))</a>\(also)</h2>"
                + "<ul class=\"stations\">\(stations)</ul></section>"
        }.joined(separator: "\n")
        let body = """
            <h1>\(words.allLakes)</h1>
            <p>\(xmlEscaped(words.tagline)).</p>
            <p class="search" hidden><label for="q">\(words.findStation)</label> <input id="q" type="search" autocomplete="off"></p>
            <p id="none" hidden>\(words.noStations)</p>
            \(lakes)
            """
        return page.document(title: words.allLakes, path: "index.html", body: body, page: "index")
    }
}
