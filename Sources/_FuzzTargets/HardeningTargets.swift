import CivilTime
import FleetScraper
import Foundation
import ScheduleArchive
import WakeCalibration
import WakeModels
import WebPages

/// Targets for the readers the second hardening round changed (issue: hardening, round 2).
extension FuzzTargets {
    static let hardeningTargets: [FuzzTarget] = [
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
            name: "calibration",
            summary: "calibration.json → PowerLawCalibration; one without problems must predict without trapping",
            run: { data in
                guard let calibration = try? JSONDecoder().decode(PowerLawCalibration.self, from: data),
                    calibration.problems.isEmpty,
                    let hull = try? WakeHull(lengthM: 56, beamM: 10.6, displacementT: 389)
                else { return }
                _ = calibration.predict(hull: hull, speedKmh: 18, trackDepthM: 10, distanceM: 50)
            },
            seeds: { root in SeedFiles.file(root, "reports/calibration/calibration.json") }),
        FuzzTarget(
            name: "page-list",
            summary: "a --pages file → page URLs (any line ends, comments)",
            run: { data in
                _ = try? PageList.parse(
                    String(decoding: data, as: UTF8.self), path: "pages.txt", base: URL(string: "https://www.zsg.ch")!)
            },
            seeds: { root in SeedFiles.files(in: root.appendingPathComponent("Data/pages"), suffix: ".txt") }),
        FuzzTarget(
            name: "archive-merge",
            summary: "an archived and a fetched stationboard (split at a line \"--\") → the merge: it never shrinks",
            run: { data in
                let parts = data.split(separator: Data("\n--\n".utf8))
                guard parts.count == 2 else { return }
                let day = LocalDate(year: 2026, month: 9, day: 22)!
                let station = 8_503_670
                func departures(_ body: Data) -> Set<String>? {
                    (try? StationboardReader.departures(from: body, path: "f", expectedStation: station))
                        .map { Set($0.departures.filter { $0.date == day }.map { "\($0.time) \($0.course)" }) }
                }
                let archived = Data(parts[0])
                let answer = Data(parts[1])
                guard let old = departures(archived), let new = departures(answer),
                    let decision = try? ArchiveMerge.stationboard(
                        archived: archived, answer: answer, station: station, date: day, path: "f")
                else { return }
                switch decision {
                case .unchanged: precondition(new == old, "unchanged, but the departures differ")
                case .kept(let reason):
                    // Kept: nothing new, or a merge that could not hold both (the run says so).
                    precondition(
                        new.isSubset(of: old) || reason.contains("could not be merged"),
                        "kept a file that lacked the answer's departures, silently")
                case .write(let body, _):
                    let written = departures(body) ?? []
                    precondition(old.isSubset(of: written), "the archive shrank")
                    precondition(new.isSubset(of: written), "the answer's departures were lost")
                }
            },
            seeds: { root in
                let board = root.appendingPathComponent(
                    "Data/archive/zsg-2026-09/stationboards/2026-09-22/8503670.json")
                guard let data = try? Data(contentsOf: board) else { return [] }
                return [("board-twice", data + Data("\n--\n".utf8) + data)]
            }),
    ]
}
