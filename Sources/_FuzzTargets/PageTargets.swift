import FleetScraper
import Foundation
import WebPages

/// The HTML readers under hostile markup: tag and attribute bounds, the DOM bound, and the
/// operator's list of fleet pages.
extension FuzzTargets {
    static let pageTargets: [FuzzTarget] = [
        FuzzTarget(
            name: "html-tags",
            summary:
                "HTML → the attribute pre-scan (limit 8) and libxml2: no element may have more than the scan let through",
            run: { data in
                let limit = 8
                let crowded = data.withUnsafeBytes {
                    TagScan.firstCrowdedTag(in: $0.bindMemory(to: UInt8.self), limit: limit)
                }
                guard crowded == nil, let document = try? HTMLDocument(data: data, url: "fuzz.html") else { return }
                // The scan never counts fewer attributes than libxml2 parses (else the bound
                // in front of its quadratic duplicate check would leak).
                for node in document.select("//*") {
                    precondition(
                        node.attributeCount <= limit, "libxml2 parsed \(node.attributeCount) attributes the scan missed"
                    )
                }
            },
            seeds: { root in
                SeedFiles.files(in: root.appendingPathComponent("Data/snapshots/zsg-2025-01-14"), suffix: ".html")
                    + SeedFiles.files(in: root.appendingPathComponent("Fuzz/seeds/deployment-page"))
            }),
        FuzzTarget(
            name: "html-dom-bound",
            summary:
                "HTML → the page bound (16 tags, 32 attributes) and libxml2: a page the scan lets through builds no more",
            run: { data in
                let (tags, attributes) = (16, 32)
                let finding = data.withUnsafeBytes {
                    TagScan.firstFinding(
                        in: $0.bindMemory(to: UInt8.self), maximumTags: tags, maximumAttributes: attributes)
                }
                guard finding == nil,
                    let document = try? HTMLDocument(data: data, url: "fuzz.html")
                else { return }
                // libxml2 adds the elements a page leaves out (html, head, body, a p around stray
                // text): at most one per tag and text run, and three more.
                let elements = document.select("//*")
                precondition(
                    elements.count <= 2 * tags + 4, "libxml2 built \(elements.count) elements from at most \(tags) tags"
                )
                let parsedAttributes = elements.map(\.attributeCount).reduce(0, +)
                precondition(
                    parsedAttributes <= attributes,
                    "libxml2 parsed \(parsedAttributes) attributes the scan counted at most \(attributes) of")
            },
            seeds: { root in
                SeedFiles.files(
                    in: root.appendingPathComponent("Data/snapshots/zsg-example-fleet-change"), suffix: ".html")
                    + SeedFiles.files(in: root.appendingPathComponent("Fuzz/seeds/deployment-page"))
            }),
        FuzzTarget(
            name: "page-list",
            summary: "a --pages file → page URLs (any line ends, comments)",
            run: { data in
                _ = try? PageList.parse(
                    String(decoding: data, as: UTF8.self), path: "pages.txt", base: URL(string: "https://www.zsg.ch")!)
            },
            seeds: { root in SeedFiles.files(in: root.appendingPathComponent("Data/pages"), suffix: ".txt") }),
    ]
}
