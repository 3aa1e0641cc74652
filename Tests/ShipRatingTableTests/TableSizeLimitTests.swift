import Foundation
import ShipRatingTable
import Testing
import WaveRating

/// A table is never written larger than its readers accept (issue: hardening, round 4: 20,000
/// vessel pages made a 22 MB table every reader's 4 MiB limit refuses).
@Suite struct TableSizeLimitTests {
    func table(ships count: Int) -> RatingTable {
        RatingTable(
            generatedAt: "2026-12-06T00:00:00Z",
            model: RatingTable.Model(
                name: ModelName("m"),
                thresholds: .init(energyJPerM2: .init(150, 250), forceNPerM2: .init(45_000, 55_000))),
            ships: (0..<count).map { i in
                var s = ShipRating(
                    name: "MS Ship \(i)", aliases: ["Ship \(i)"],
                    source: .init(page: "https://www.example.ch/fleet/ship-\(i)-with-a-longer-page-address"))
                s.rating = .two
                return s
            })
    }

    @Test func aTableOverTheReadersLimitIsRefusedBeforeItIsWritten() throws {
        // A fleet's table is tens of kilobytes; 2,000 ships stay under 4 MiB.
        #expect(try table(ships: 2_000).jsonData().count < 4 << 20)
        #expect(throws: RatingsError.self) { try table(ships: 30_000).jsonData() }
        do { _ = try table(ships: 30_000).jsonData() } catch {
            #expect("\(error)".contains("more than the 4 MiB every reader of a table accepts"), "\(error)")
        }
    }
}
