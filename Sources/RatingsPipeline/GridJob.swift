package import CSVText
@_spi(Benchmarks) import FleetScraper
public import Foundation
public import JobContract
@_spi(Benchmarks) import LegacyWakeModel
@_spi(Benchmarks) import RatingsReports
import SafeFiles
@_spi(Benchmarks) import ShipRatings
import WakeKernelSupport
import WakeModels

/// One run of `nextwave grid`: every legacy figure of every ship with known dimensions over
/// speeds × track depths (the water the ship sails in), as CSV. A track no deeper than a ship's
/// draft (published, or derived as the wake models derive it) is refused, naming the ship.
public struct GridJob: Job {
    /// What a grid is computed from, and where it goes.
    public struct Input: Sendable {
        /// The vessel pages and the curated fleet file.
        public var source: FleetSource
        /// Speeds, km/h, each in ``OperatingRanges/speedKmh``.
        public var speedsKmh: [Double]
        /// Water depths at the ship's track, m, each in `OperatingRanges/trackDepthM`.
        public var trackDepthsM: [Double]
        /// Where the CSV goes.
        public var output: Output
        /// How the CSV is written.
        package var csvStyle: CSVStyle = .standard
        /// The run's clock: live pages are fetched on it.
        public var clock: any JobClock = SystemClock()

        /// A grid over `speedsKmh` × `trackDepthsM` for every ship with known dimensions.
        public init(source: FleetSource, speedsKmh: [Double], trackDepthsM: [Double], output: Output) {
            self.output = output
            self.source = source
            self.speedsKmh = speedsKmh
            self.trackDepthsM = trackDepthsM
        }
    }

    /// The job's input.
    public let input: Input

    /// A grid job for `input`.
    public init(_ input: Input) { self.input = input }

    /// The grid's shape: ships with known dimensions × speeds × depths.
    public struct Shape: Sendable {
        /// Ships with known dimensions.
        public var ships: Int
        /// Speeds asked for.
        public var speeds: Int
        /// Track depths asked for.
        public var depths: Int
        /// CSV rows: one per cell.
        public var rows: Int { ships * speeds * depths }
        /// The fleet's ships not in the grid, with why (no published dimensions).
        public var leftOut: [LeftOutShip] = []
    }

    /// The most rows a grid may have: 20 million (about 660 MB of figures in memory and 5 GB
    /// of CSV).
    public static let maximumRows = 20_000_000

    /// Refuses a grid that would not fit, before anything is allocated (the axes are checked
    /// by ``validate()``).
    /// - Throws: ``GridJobError/tooLarge(ships:speeds:depths:rows:)``.
    static func checkSize(ships: Int, speedsKmh: [Double], trackDepthsM: [Double]) throws {
        let rows = gridCellCount(ships, speedsKmh.count, trackDepthsM.count)
        guard let rows, rows <= maximumRows else {
            throw GridJobError.tooLarge(ships: ships, speeds: speedsKmh.count, depths: trackDepthsM.count, rows: rows)
        }
    }

    /// What a grid run reports while it works.
    public enum Event: Sendable {
        /// Progress of reading the vessel pages.
        case pages(FleetPages.Event)
    }

    /// Where the CSV goes.
    public enum Output: Sendable {
        /// A file, written atomically.
        case file(URL)
        /// A stream (stdout), in chunks; a chunk that cannot be written ends the run.
        case stream(@Sendable (String) throws -> Void)
    }

    /// Refuses axis values outside ``OperatingRanges`` (`InvalidInput`); the grid's size is
    /// checked once the ships are known.
    public func validate() throws {
        try OperatingRanges.check(input.speedsKmh, field: "speedsKmh", in: OperatingRanges.speedKmh, unit: "km/h")
        try OperatingRanges.check(
            input.trackDepthsM, field: "trackDepthsM", in: OperatingRanges.depthM, unit: "m")
    }

    /// Computes the grid and writes its CSV to ``Input/output``.
    public func work(_: Validated, onEvent: @escaping @Sendable (Event) -> Void) async throws -> Shape {
        let resolved = try await input.source.on(input.clock).resolved(onEvent: { onEvent(.pages($0)) })
        let (names, hulls) = resolved.measured
        let leftOut = resolved.ships.filter { $0.hull == nil }.map(\.withoutDimensions)
        if names.isEmpty && !leftOut.isEmpty { throw GridJobError.noShipComputable(LeftOutShip.grouped(leftOut)) }
        try Self.checkSize(ships: names.count, speedsKmh: input.speedsKmh, trackDepthsM: input.trackDepthsM)
        let wakeHulls = resolved.ships.compactMap { ship in (try? ship.wakeHull())?.map { (name: ship.name, hull: $0) }
        }
        let aground = AgroundShip.among(wakeHulls, trackDepthsM: input.trackDepthsM)
        if !aground.isEmpty { throw GridJobError.aground(aground) }
        let grid = WakeGrid(hulls: hulls, speedsKmh: input.speedsKmh, trackDepthsM: input.trackDepthsM)
        switch input.output {
        case .file(let file):
            try AtomicFileWriter.stream(to: file) { handle in
                try GridCSV.write(grid, shipNames: names, style: input.csvStyle) {
                    try handle.write(contentsOf: Data($0.utf8))
                }
            }
        case .stream(let sink):
            try GridCSV.write(grid, shipNames: names, style: input.csvStyle, sink: sink)
        }
        return Shape(
            ships: names.count, speeds: input.speedsKmh.count, depths: input.trackDepthsM.count, leftOut: leftOut)
    }
}
