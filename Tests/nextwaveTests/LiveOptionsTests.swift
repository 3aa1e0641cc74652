import ArgumentParser
import FleetScraper
import Foundation
import RatingsPipeline
import Testing
import WebFetch
import _TestSupport

@testable import nextwave

/// What `--live` and its siblings resolve to, without touching the network.
@Suite struct LiveOptionsTests {
    func pages(_ arguments: [String]) throws -> FleetPages {
        let command = try RatingsCommand.parse(arguments + ["--data", RepositoryPaths.data.path])
        return try command.fleet.fleetPages(data: command.data, http: command.http)
    }

    @Test func liveReadsTheOperatorsCurrentPagesWithBrowserHeaders() async throws {
        guard case .live(let fleet) = try pages(["--live"]) else {
            Issue.record("not live")
            return
        }
        #expect(fleet.base.absoluteString == "https://www.zsg.ch/")
        #expect(fleet.http.headers == LiveFleet.browserHeaders)
        #expect(fleet.http.headers["User-Agent"]?.hasPrefix("Mozilla/5.0") == true)
        guard case .pages(let urls) = fleet.start else {
            Issue.record("not a page list")
            return
        }
        // docs/SCIENCE.md §8: eleven pages, among them the Albis class page and Uetliberg's own.
        #expect(urls.count == 11)
        #expect(urls.contains(URL(string: "https://www.zsg.ch/de/motorschiff-panta-rhei.html")!))
        #expect(urls.contains(URL(string: "https://www.zsg.ch/de/motorschiffe-albis-pfannenstiel-uetliberg.html")!))
    }

    @Test func aBaseURLAloneReadsTheLegacyIndexUnderItsPath() async throws {
        guard case .live(let fleet) = try pages(["--base-url", "http://127.0.0.1:9/mirror/"]),
            case .index(let index) = fleet.start
        else {
            Issue.record("not an index")
            return
        }
        #expect(
            index.absoluteString == "http://127.0.0.1:9/mirror/de/gruppen-firmen/eventlocation-mieten/schiff-mieten")
        #expect(fleet.http.headers.isEmpty, "a mirror gets the tool's own user agent")
    }

    @Test func aPageListWithABadLineNamesTheLine() async throws {
        let list = RepositoryPaths.temporaryDirectory().appendingPathComponent("pages.txt")
        try Data("# fleet\n/de/a.html\nhttp://other.example/b.html\n".utf8).write(to: list)
        #expect(
            throws: ScrapeError.pageOffSite(
                path: list.path, line: 3, url: "http://other.example/b.html", site: "https://www.zsg.ch/")
        ) {
            try pages(["--pages", list.path])
        }
    }
}
