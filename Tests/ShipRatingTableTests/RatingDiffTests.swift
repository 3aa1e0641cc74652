import Foundation
import ShipRatingTable
import Testing
import WaveRating

@Suite struct RatingDiffTests {
    func table(_ ships: [(String, Int?, String?)]) -> RatingTable {
        RatingTable(
            generatedAt: "t",
            model: RatingTable.Model(
                name: ModelName("m"),
                thresholds: .init(energyJPerM2: .init(150, 250), forceNPerM2: .init(45_000, 55_000))),
            ships: ships.map { name, rating, page in
                var s = ShipRating(
                    name: name, aliases: [name.split(separator: " ").dropFirst().joined(separator: " ")],
                    source: .init(page: page))
                s.rating = rating.flatMap(Rating.init(rawValue:))
                return s
            })
    }

    @Test func diffFindsAddedRemovedAndReratedShipsThroughAliases() {
        let old = table([("MS A", 1, "p"), ("MS Uetliberg", 3, "p"), ("MS Gone", 2, "p")])
        let new = table([("MS A", 2, "p"), ("EMS Uetliberg", 3, "p"), ("MS New", 1, nil)])
        let diff = RatingDiff(previous: old, current: new)
        #expect(diff.added == ["MS New"])
        #expect(diff.removed == ["MS Gone"])
        #expect(diff.rerated == [.init(name: "MS A", from: .one, to: .two)])
    }

    @Test func regressionsAreLostShipsRatingsAndPages() {
        let old = table([("MS A", 1, "p"), ("MS B", 2, "p"), ("MS C", 3, "p")])
        let new = table([("MS A", nil, "p"), ("MS C", 3, nil)])
        let problems = RatingDiff.regressions(previous: old, current: new)
        #expect(problems.count == 3)
        #expect(problems.contains { $0.contains("MS A") && $0.contains("unrated") })
        #expect(problems.contains { $0.contains("MS B") && $0.contains("missing") })
        #expect(problems.contains { $0.contains("MS C") && $0.contains("no page") })
        #expect(RatingDiff.regressions(previous: old, current: old).isEmpty)
    }
}
