import Foundation
import Testing

@testable import FleetScraper

/// A page list written on Windows (CRLF) or an old Mac (CR) reads as lines (issue: hardening,
/// round 2: a CRLF list was read as one line, since "\r\n" is one Swift Character).
@Suite struct PageListTests {
    @Test(arguments: ["\n", "\r\n", "\r"])
    func everyLineEndSeparatesPages(_ end: String) throws {
        let text =
            ["# ZSG ships", "/de/ms-panta-rhei.html", "", "/de/ms-helvetia.html  # refit 2024"].joined(separator: end)
            + end
        let urls = try PageList.parse(text, path: "pages.txt", base: URL(string: "https://www.zsg.ch")!)
        #expect(
            urls.map(\.absoluteString) == [
                "https://www.zsg.ch/de/ms-panta-rhei.html", "https://www.zsg.ch/de/ms-helvetia.html",
            ])
    }
}
