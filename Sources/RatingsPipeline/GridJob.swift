import FleetScraper
import Foundation
import NextWaveSupport
import RatingsReports
import ShipRatings
import WakePhysics

/// One run of `nextwave grid`: every legacy figure of every ship with known dimensions over
/// speeds × depths, as CSV.
public struct GridJob: Sendable {
    public var pages: FleetPages
    public var fleet: URL
    public var fleetReference: String
    /// Speeds, km/h, each in (0, 100].
    public var speedsKmh: [Double]
    /// Depths, m, each in (0, 1000].
    public var depthsM: [Double]

    public init(pages: FleetPages, fleet: URL, fleetReference: String, speedsKmh: [Double], depthsM: [Double]) {
        self.pages = pages
        self.fleet = fleet
        self.fleetReference = fleetReference
        self.speedsKmh = speedsKmh
        self.depthsM = depthsM
    }

    /// The grid's shape: ships with known dimensions × speeds × depths.
    public struct Shape: Sendable {
        public var ships: Int
        public var speeds: Int
        public var depths: Int
        public var rows: Int { ships * speeds * depths }
    }

    /// Computes the grid and writes its CSV to `file` atomically, or to `sink` in chunks when
    /// `file` is nil.
    @discardableResult
    public func run(
        file: URL?, sink: (String) throws -> Void = { _ in }, onEvent: (@Sendable (FleetPages.Event) -> Void)? = nil
    ) async throws -> Shape {
        let curated = try CuratedFleet.load(from: fleet)
        let (scrape, _) = try await pages.scrape(onEvent: onEvent)
        let (names, hulls) = ResolvedFleet(pages: scrape.pages, fleet: curated, fleetReference: fleetReference).measured
        let grid = WakeGrid(hulls: hulls, speedsKmh: speedsKmh, depthsM: depthsM)
        if let file {
            try AtomicFileWriter.stream(to: file) { handle in
                try GridCSV.write(grid, shipNames: names) { try handle.write(contentsOf: Data($0.utf8)) }
            }
        } else {
            try GridCSV.write(grid, shipNames: names, sink: sink)
        }
        return Shape(ships: names.count, speeds: speedsKmh.count, depths: depthsM.count)
    }
}
