import JobContract
import RatingsReports
import ShipRatingTable
import Testing
import WakeModels

/// A wake table whose parts do not fit together is refused when made, naming the part, so no
/// report indexes past the batch (issue: a codebase a newcomer can carry on).
@Suite struct WakeTableRefusalTests {
    /// Two hulls (MS Panta Rhei's figures and a larger one) at three speeds.
    static func batch() throws -> WakeEnsemble {
        try WakeEnsemble(
            hulls: [
                try WakeHull(lengthM: 42.4, beamM: 7.3, displacementT: 149),
                try WakeHull(lengthM: 62.8, beamM: 12.2, displacementT: 500),
            ],
            speedsKmh: [16, 18, 20], trackDepthsM: [10], riderDepthsM: [3], distancesM: [50])
    }

    static func column(_ speed: Int, minus: Int? = nil, plus: Int? = nil) -> WakeTable.OperatingColumn {
        WakeTable.OperatingColumn(speed: speed, minus: minus, plus: plus, basis: .published, spreadKmh: nil)
    }

    @Test func fittingPartsMakeATable() throws {
        let table = try WakeTable(
            names: ["MS Panta Rhei", "MS Helvetia"], ensemble: Self.batch(),
            operating: [Self.column(1, minus: 0, plus: 2), Self.column(2)])
        #expect(table.names == ["MS Panta Rhei", "MS Helvetia"] && table.operating?.count == 2)
    }

    @Test func aNameCountOtherThanTheShipsIsRefused() throws {
        let batch = try Self.batch()
        #expect(throws: InvalidInput(field: "names", value: "1 names", accepted: "one per ship of the batch (2)")) {
            try WakeTable(names: ["MS Panta Rhei"], ensemble: batch)
        }
        #expect(throws: InvalidInput(field: "names", value: "3 names", accepted: "one per ship of the batch (2)")) {
            try WakeTable(names: ["a", "b", "c"], ensemble: batch)
        }
    }

    @Test func operatingColumnsMustBeOnePerShipAndSpeedsOfTheBatch() throws {
        let batch = try Self.batch()
        let names = ["MS Panta Rhei", "MS Helvetia"]
        #expect(throws: InvalidInput(field: "operating", value: "1 columns", accepted: "one per ship (2)")) {
            try WakeTable(names: names, ensemble: batch, operating: [Self.column(0)])
        }
        for bad in [Self.column(3), Self.column(-1), Self.column(0, minus: 5), Self.column(1, plus: Int.max)] {
            let index = [bad.speed, bad.minus, bad.plus].compactMap { $0 }.first { !(0..<3).contains($0) }!
            #expect(
                throws: InvalidInput(
                    field: "operating", value: "speed index \(index)", accepted: "indices of the batch's 3 speeds")
            ) {
                try WakeTable(names: names, ensemble: batch, operating: [Self.column(0), bad])
            }
        }
    }
}
