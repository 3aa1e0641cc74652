import Foundation
@_spi(Benchmarks) import ScheduleArchive

/// The other lakes' assignment pages: SGV's allocation page and CGN's pier boards, each read
/// within its budget.
extension FuzzTargets {
    static let assignmentTargets: [FuzzTarget] = [
        FuzzTarget(
            name: "sgv-allocation",
            summary: "SGV's allocation page (HTML) → steamer assignments, within their budget",
            run: { data in
                guard let reading = try? SGVAllocationPage.read(html: data, url: "https://sgv.test/") else { return }
                precondition(reading.assignments.count <= ReadLimits.sgvAssignments, "over the assignment budget")
            },
            seeds: { root in SeedFiles.file(root, "Tests/ScheduleArchiveTests/Fixtures/sgv/allocation.html") }),
        FuzzTarget(
            name: "cgn-board",
            summary: "CGN's pier list and pier board (JSON) → piers, assignments, within their budgets",
            run: { data in
                if let piers = try? CGNDepartureBoard.pierCodes(from: data, url: "https://cgn.test/") {
                    precondition(piers.count <= ReadLimits.cgnPiers, "over the pier budget")
                }
                _ = try? CGNDepartureBoard.assignments(from: data, url: "https://cgn.test/")
            },
            seeds: { root in SeedFiles.files(in: root.appendingPathComponent("Fuzz/seeds/cgn-board"), suffix: ".json") }
        ),
    ]
}
