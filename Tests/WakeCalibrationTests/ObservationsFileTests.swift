import Foundation
import Testing
import WakeModels
import _TestSupport

@_spi(Benchmarks) @testable import WakeCalibration

/// Reading observation files: bad rows named by line and column and skipped.
@Suite struct ObservationsFileTests {
    func write(_ text: String) throws -> URL {
        let url = RepositoryPaths.temporaryDirectory().appendingPathComponent("observations.csv")
        try Data(text.utf8).write(to: url)
        return url
    }

    @Test func readsColumnsInAnyOrderWithOptionalOnes() throws {
        let url = try write(
            """
            ship,heightM,lengthM,beamM,displacementT,speedKmh,depthM,distanceM,draftM
            MS Panta Rhei,0.31,56.6,10.7,382,18,10,50,1.39
            MS Bachtel,0.12,33.3,6.3,64,16.5,8,40,

            """)
        let result = try ObservationsFile.read(url)
        let table = result.observations
        #expect(table.count == 2 && result.skippedCount == 0)
        #expect(table.heightM == [0.31, 0.12] && table.speedKmh == [18, 16.5] && table.distanceM == [50, 40])
        let first = table.hulls[Int(table.hullIndex[0])]
        #expect(first.draftM == 1.39 && first.origins.draftM == .given)
        #expect(table.hulls[Int(table.hullIndex[1])].origins.draftM == .derived)
        #expect(result.lines == [2, 3])
    }

    @Test func badRowsAreNamedByLineAndColumnAndSkipped() throws {
        let url = try write(
            """
            lengthM,beamM,displacementT,speedKmh,depthM,distanceM,heightM
            56.6,10.7,382,18,10,50,0.31
            56.6,10.7,382,fast,10,50,0.31
            56.6,10.7,382,18,10,50,
            1e-7,10.7,382,18,10,50,0.31
            56.6,10.7,382,18,10,50,99
            56.6,10.7,382,18,10,50,0.4

            """)
        let result = try ObservationsFile.read(url)
        #expect(result.lines == [2, 7])
        #expect(result.skippedCount == 4)
        #expect(result.skipped[0] == "line 3, column speedKmh: \"fast\" is not a number")
        #expect(result.skipped[1] == "line 4, column heightM: empty")
        #expect(result.skipped[2].hasPrefix("line 5, column lengthM:"))
        #expect(result.skipped[3].hasPrefix("line 6, column heightM: 99.0 is outside"))
    }

    @Test func aMissingColumnOrAnEmptyFileIsAnError() throws {
        let partial = try write("lengthM,beamM\n1,2\n")
        #expect(
            throws: CalibrationError.missingColumns(
                path: partial.path, columns: ["displacementT", "speedKmh", "trackDepthM", "distanceM", "heightM"])
        ) { try ObservationsFile.read(partial) }
        #expect(throws: CalibrationError.self) { try ObservationsFile.read(try write("")) }
        #expect(throws: CalibrationError.self) {
            try ObservationsFile.read(URL(fileURLWithPath: "/nonexistent/observations.csv"))
        }
    }

    /// The track's depth is `trackDepthM`, one name per quantity; files that call it `depthM`
    /// (its earlier name) read the same; a header with both is refused, naming both.
    @Test func theTrackDepthColumnAndItsOldName() throws {
        let rows = "56.6,10.7,382,18,10,50,0.31\n33.3,6.3,64,16.5,8,40,0.12\n"
        let named = try ObservationsFile.read(
            try write("lengthM,beamM,displacementT,speedKmh,trackDepthM,distanceM,heightM\n" + rows))
        let old = try ObservationsFile.read(
            try write("lengthM,beamM,displacementT,speedKmh,depthM,distanceM,heightM\n" + rows))
        #expect(named.observations.trackDepthM == [10, 8] && old.observations.trackDepthM == [10, 8])
        let both = try write(
            "lengthM,beamM,displacementT,speedKmh,trackDepthM,depthM,distanceM,heightM\n1,2,3,4,5,6,7,8\n")
        do {
            _ = try ObservationsFile.read(both)
            Issue.record("a header with both names was read")
        } catch let error as CalibrationError {
            #expect("\(error)" == "\(both.path): the header has trackDepthM and its old name depthM; keep one")
            #expect("\(error.kind)" == "badData")
        }
    }
}
