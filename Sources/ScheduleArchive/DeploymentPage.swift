package import CivilTime
package import Foundation
import WebPages

/// Reads ship assignments from the operator's deployment page (einsatzderschiffe.zsg.ch,
/// `GET /schiffeinsatz?timestamp=<ms>`, one day per timestamp).
///
/// Two descriptions of its HTML disagree (docs/SCIENCE.md §8), so both are read:
/// - `.ship` blocks with the name in `.legend .title` (cut at "Kurs") and one `.disposition`
///   per course whose `.cruise` ends in a `<span>` holding the number;
/// - `a.title` (name) followed by `span.disposition` elements holding `span.prefix` "Kurs" and
///   `span.cruise` (the number), and stops as `span.station…`.
/// Both reduce to: in document order, each element of class `title` names the ship of the
/// `disposition` elements after it. Dispositions without a course number (charter trips) are
/// skipped.
package enum DeploymentPage {
    /// Assignments on the page for `date`.
    /// - Throws: ``ArchiveError/badResponse(url:reason:)`` when the page names no ship and course:
    ///   the layout has probably changed, and an empty day must not replace a good file.
    package static func assignments(html: Data, url: String, date: LocalDate) throws -> [ShipAssignment] {
        let document: HTMLDocument
        do { document = try HTMLDocument(data: html, url: url) } catch WebFetchError.tooLarge(_, let limit) {
            throw ArchiveError.badResponse(url: url, reason: "larger than \(limit >> 20) MiB; refused")
        } catch {
            throw ArchiveError.badResponse(url: url, reason: "empty or unparseable HTML")
        }
        let title = XPath.hasClass("title")
        let disposition = XPath.hasClass("disposition")
        let cruise = XPath.hasClass("cruise")
        var ship: String?
        var result: [ShipAssignment] = []
        var seen = Set<String>()
        for node in document.select("//*[\(title) or \(disposition)]") {
            if node.attribute("class").map({ " \($0) ".contains(" title ") }) == true {
                ship = shipName(fromTitle: node.text)
                continue
            }
            guard let ship, !ship.isEmpty, let cruiseNode = document.first(".//*[\(cruise)]", in: node) else {
                continue
            }
            let spans = document.select("./span", in: cruiseNode)
            let text = (spans.last ?? cruiseNode).text
            let digits = text.filter(\.isNumber)
            guard !digits.isEmpty, seen.insert(Course.normalized(digits)).inserted else { continue }
            // Stops: `<span class="station…"><span>HH:MM</span><span>Name</span></span>`.
            let stops = document.select(".//*[\(XPath.hasClass("station"))]", in: node).compactMap { station in
                let parts = document.select("./span", in: station).map(\.trimmedText)
                guard parts.count >= 2, ShipAssignment.seconds(ofTime: parts[0]) != nil, !parts[1].isEmpty else {
                    return nil as ShipAssignment.Stop?
                }
                return ShipAssignment.Stop(name: parts[1], time: parts[0])
            }
            result.append(ShipAssignment(date: date, course: digits, ship: ship, stops: stops))
        }
        guard !result.isEmpty else {
            throw ArchiveError.badResponse(
                url: url,
                reason:
                    "no ship with a course found (.title / .disposition .cruise); the page layout has probably changed")
        }
        return result
    }

    /// `"MS Panta Rhei Kurs 109"` → `"MS Panta Rhei"`; white space collapsed.
    static func shipName(fromTitle text: String) -> String {
        let collapsed = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        if let range = collapsed.range(of: "Kurs") {
            return String(collapsed[..<range.lowerBound]).trimmingCharacters(in: .whitespaces)
        }
        return collapsed
    }

    /// The page URL for a day: `<root>/schiffeinsatz?timestamp=<ms of local noon>`.
    package static func url(root: URL, date: LocalDate, clock: ZoneClock = .zurich) -> URL {
        let noon = clock.unixTime(of: date, secondsAfterMidnight: 43_200)
        var parts = URLComponents(url: root.appendingPathComponent("schiffeinsatz"), resolvingAgainstBaseURL: false)!
        parts.queryItems = [URLQueryItem(name: "timestamp", value: String(noon * 1000))]
        return parts.url!
    }
}
