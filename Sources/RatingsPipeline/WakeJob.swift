package import CSVText
@_spi(Benchmarks) import FleetScraper
public import Foundation
public import JobContract
@_spi(Benchmarks) public import RatingsReports
import SafeFiles
import ShipRatingTable
@_spi(Benchmarks) import ShipRatings
import TextFormats
@_spi(Benchmarks) import WakeCalibration
@_spi(Benchmarks) public import WakeModels

/// One run of `nextwave wake`: ships of the fleet (or an explicit hull) over speeds × track depths
/// × rider depths × distances, through the distance-aware models and on to the rider's spot.
public struct WakeJob: Job {
    /// A wake run reports the progress of reading the vessel pages.
    public typealias Event = FleetPages.Event

    /// Which hulls are computed: ships of the fleet, or one hull given by its figures.
    public enum Ships: Sendable {
        /// Ships of the fleet by name or alias; every ship with known dimensions when empty.
        case fleet(names: [String], source: FleetSource)
        /// One hull given directly.
        case explicit(name: String, hull: WakeHull)
    }

    /// What a wake run computes: which hulls, over which axes, with which weights.
    public struct Input: Sendable {
        /// The hulls computed.
        public var ships: Ships
        /// Ship speeds, km/h.
        public var speedsKmh: [Double]
        /// Where the ships sail, m.
        public var trackDepthsM: [Double]
        /// At the rider's spot, m.
        public var riderDepthsM: [Double]
        /// Distances from the sailing line to the rider, m.
        public var distancesM: [Double]
        /// A `calibration.json` whose power law joins the models as `calibrated`.
        public var calibration: URL?
        /// Each ship at its operating speed instead of ``speedsKmh`` (`--speeds service`):
        /// published, from the archived courses in this file (nil: none), a sister's, or the
        /// Admiralty relation, each with its standard error, whose share of the height's
        /// uncertainty the band includes.
        public var operatingSpeeds: OperatingSpeedSource?
        /// The run's clock: live pages are fetched on it.
        public var clock: any JobClock = SystemClock()

        /// A run over ships × speeds × track depths × rider depths × distances.
        public init(
            ships: Ships, speedsKmh: [Double], trackDepthsM: [Double], riderDepthsM: [Double], distancesM: [Double],
            calibration: URL? = nil
        ) {
            self.ships = ships
            self.speedsKmh = speedsKmh
            self.trackDepthsM = trackDepthsM
            self.riderDepthsM = riderDepthsM
            self.distancesM = distancesM
            self.calibration = calibration
        }
    }

    /// The job's input.
    public let input: Input

    /// A wake job for `input`.
    public init(_ input: Input) { self.input = input }

    /// Where operating speeds come from.
    public struct OperatingSpeedSource: Sendable {
        /// The cruising speeds of archived courses (`operating-speeds.json`), and how to cite them.
        public var courseSpeeds: URL?
        public var reference: String
        public init(courseSpeeds: URL?, reference: String) {
            self.courseSpeeds = courseSpeeds
            self.reference = reference
        }
    }

    /// The most points one run computes and reports (each one a line of JSON and of CSV).
    public static let maximumPoints = 2_000_000

    /// Refuses any speed, depth or distance outside ``OperatingRanges`` (`InvalidInput`, naming
    /// the field) and an empty axis; the batch's size is checked once the ships are known.
    public func validate() throws {
        if !input.speedsKmh.isEmpty || input.operatingSpeeds == nil {
            try OperatingRanges.check(
                input.speedsKmh, field: "speedsKmh", in: OperatingRanges.speedKmh, unit: "km/h")
        }
        try OperatingRanges.check(
            input.trackDepthsM, field: "trackDepthsM", in: OperatingRanges.depthM, unit: "m")
        try OperatingRanges.check(
            input.riderDepthsM, field: "riderDepthsM", in: OperatingRanges.depthM, unit: "m")
        try OperatingRanges.check(input.distancesM, field: "distancesM", in: OperatingRanges.distanceM, unit: "m")
    }

    /// Computes the ensemble at every point (after ``validate()``): the hulls, then the kernel.
    public func work(_: Validated, onEvent: @escaping @Sendable (FleetPages.Event) -> Void) async throws -> WakeTable {
        let calibration = try input.calibration.map { url in
            let calibration = try JSONFile.decode(
                PowerLawCalibration.self, at: url, what: "calibration file", limit: BoundedFile.tableLimit)
            if !calibration.problems.isEmpty {
                throw FileProblem(
                    path: url.path,
                    reason: "not a usable calibration: " + calibration.problems.joined(separator: "; ")
                        + "; write it again with `nextwave calibrate`")
            }
            return calibration
        }
        var batch = try await resolve(onEvent: onEvent)
        let (speedsKmh, operating) = try speedColumns(&batch)
        let (names, hulls) = (batch.names, batch.hulls)
        guard
            let points = WakeEnsemble.cellCount(
                ships: hulls.count, speeds: speedsKmh.count, trackDepths: input.trackDepthsM.count,
                riderDepths: input.riderDepthsM.count, distances: input.distancesM.count),
            points <= Self.maximumPoints
        else {
            throw WakeJobError.tooManyPoints(
                ships: hulls.count, speeds: speedsKmh.count,
                depths: input.trackDepthsM.count * input.riderDepthsM.count,
                distances: input.distancesM.count, limit: Self.maximumPoints)
        }
        let aground = AgroundShip.among(
            zip(names, hulls).map { (name: $0, hull: $1) }, trackDepthsM: input.trackDepthsM)
        if !aground.isEmpty { throw WakeJobError.aground(aground) }
        if let nearest = input.distancesM.min(),
            let (name, hull) = zip(names, hulls).max(by: { $0.1.beamM < $1.1.beamM }), nearest <= hull.beamM / 2
        {
            throw WakeJobError.insideHull(ship: name, distanceM: nearest, halfBeamM: hull.beamM / 2)
        }
        let weights = calibration.map(Self.weights) ?? .equal
        let ensemble = try WakeEnsemble(
            hulls: hulls, speedsKmh: speedsKmh, trackDepthsM: input.trackDepthsM, riderDepthsM: input.riderDepthsM,
            distancesM: input.distancesM, weights: weights)
        var table = try WakeTable(names: names, ensemble: ensemble, calibration: calibration, operating: operating)
        table.leftOut = batch.leftOut
        return table
    }

    /// The batch's speeds: those given, or each ship's operating speed (from the evidence of the
    /// whole fleet) and its ± one standard deviation, with each ship's columns. Over the whole
    /// fleet, a ship without an operating speed is left out of `batch` (unless every one lacks
    /// one); a named ship without one is an error.
    func speedColumns(_ batch: inout Batch) throws -> ([Double], [WakeTable.OperatingColumn]?) {
        guard let source = input.operatingSpeeds else { return (input.speedsKmh, nil) }
        guard let fleet = batch.fleet else { throw WakeJobError.noOperatingSpeed([WakeJobError.hullWithoutSpeed]) }
        let courses = try source.courseSpeeds.map(CourseSpeedTable.load(from:))
        let known = OperatingSpeeds(ships: fleet, courses: courses, coursesReference: source.reference)
        let missing = batch.names.filter { known.speeds[$0] == nil }.map { name in
            LeftOutShip(name: name, reason: known.missing[name] ?? "no evidence")
        }
        if !missing.isEmpty {
            guard batch.wholeFleet, missing.count < batch.names.count else {
                throw WakeJobError.noOperatingSpeed([LeftOutShip.grouped(missing)])
            }
            batch.keep { known.speeds[$0] != nil }
            batch.leftOut += missing.map { .init(name: $0.name, reason: "no operating speed: " + $0.reason) }
        }
        let names = batch.names
        var speeds = Set<Double>()
        for name in names {
            let speed = known.speeds[name]!
            speeds.insert(speed.kmh)
            if let s = speed.spreadKmh, s > 0 {
                speeds.insert(speed.kmh + s)
                if speed.kmh - s > 0 { speeds.insert(speed.kmh - s) }
            }
        }
        let list = speeds.sorted()
        let columns = names.map { name -> WakeTable.OperatingColumn in
            let speed = known.speeds[name]!
            let spread = speed.spreadKmh ?? 0
            return WakeTable.OperatingColumn(
                speed: list.firstIndex(of: speed.kmh)!,
                minus: spread > 0 ? list.firstIndex(of: speed.kmh - spread) : nil,
                plus: spread > 0 ? list.firstIndex(of: speed.kmh + spread) : nil, basis: speed.basis,
                spreadKmh: speed.spreadKmh)
        }
        return (list, columns)
    }

    /// The ensemble's weights from a calibration's comparison of the models with observations:
    /// inverse mean squared log errors (``WakeModels/EnsembleWeights/init(logMeanSquareErrors:_:)``).
    static func weights(_ calibration: PowerLawCalibration) -> EnsembleWeights {
        func mse(_ model: WakeModel) -> Double? {
            calibration.models[model.rawValue].flatMap { $0.logRmse }.map { $0 * $0 }
        }
        return EnsembleWeights(logMeanSquareErrors: mse(.kriebelSeelig2005), mse(.pianc1987))
    }

    /// The ships a run computes, in batch order, and the fleet's ships it leaves out.
    struct Batch {
        var names: [String]
        var hulls: [WakeHull]
        /// The whole fleet (operating speeds look at it: a sister's speed); nil for a hull given
        /// by its figures.
        var fleet: [ResolvedFleet.Ship]?
        /// No ship was named: a ship that cannot be computed is left out, not an error.
        var wholeFleet: Bool
        var leftOut: [LeftOutShip] = []

        /// Keeps the ships whose name passes `include`.
        mutating func keep(where include: (String) -> Bool) {
            let kept = zip(names, hulls).filter { include($0.0) }
            (names, hulls) = (kept.map(\.0), kept.map(\.1))
        }
    }

    func resolve(onEvent: (@Sendable (FleetPages.Event) -> Void)?) async throws -> Batch {
        switch input.ships {
        case .explicit(let name, let hull):
            return Batch(names: [name], hulls: [hull], fleet: nil, wholeFleet: false)
        case .fleet(let wanted, let source):
            let resolved = try await source.on(input.clock).resolved(onEvent: onEvent)
            var chosen =
                try wanted.isEmpty ? resolved.ships : wanted.map { try Self.ship(named: $0, in: resolved.ships) }
            // A ship named twice (by name and by alias) is computed and ranked once.
            var seen = Set<String>()
            chosen.removeAll { !seen.insert($0.name).inserted }
            var batch = Batch(names: [], hulls: [], fleet: resolved.ships, wholeFleet: wanted.isEmpty)
            for ship in chosen {
                if let hull = try ship.wakeHull() {
                    batch.names.append(ship.name)
                    batch.hulls.append(hull)
                } else if batch.wholeFleet {
                    batch.leftOut.append(ship.withoutDimensions)
                } else {
                    throw WakeJobError.noDimensions(ship: ship.name, missing: ship.missingDimensions)
                }
            }
            if batch.names.isEmpty && !batch.leftOut.isEmpty {
                throw WakeJobError.noShipComputable(LeftOutShip.grouped(batch.leftOut))
            }
            return batch
        }
    }

    static func ship(named name: String, in ships: [ResolvedFleet.Ship]) throws -> ResolvedFleet.Ship {
        let key = ShipNames.key(name)
        if let ship = ships.first(where: { ([$0.name] + $0.aliases).contains { ShipNames.key($0) == key } }) {
            return ship
        }
        throw WakeJobError.unknownShip(name, closest: NameMatch.closest(to: name, in: ships.map(\.name)))
    }
}

extension WakeJob {
    /// The files `--out` gets.
    public static let outputs = (csv: "wake.csv", markdown: "wake.md", chart: "wake-chart.svg")

    /// Writes what was asked for as one set: the CSV alone to `csv`, and the CSV, the Markdown
    /// and the chart into `folder`. Every file is produced first and only then are they all
    /// renamed into place, so that a failure (a folder that cannot be made, a full disk) leaves
    /// every target as it was. Neither asked for: nothing is written.
    package static func write(
        _ table: WakeTable, csv: URL?, folder: URL?, style: CSVStyle = .standard,
        wording: any RemedyWording = PlainRemedyWording()
    ) throws {
        let rows = AtomicFileWriter.Content.stream { handle in
            try WakeCSV.write(table, style: style) { try handle.write(contentsOf: Data($0.utf8)) }
        }
        let names = outputs
        var files = csv.map { [($0, rows)] } ?? []
        if let folder {
            files += [
                (folder.appendingPathComponent(names.csv), rows),
                (
                    folder.appendingPathComponent(names.markdown),
                    .data(Data(WakeMarkdown.render(table, chartFile: names.chart, wording: wording).utf8))
                ),
                (folder.appendingPathComponent(names.chart), .data(Data(WakeChartSVG.render(table).utf8))),
            ]
        }
        if !files.isEmpty { try AtomicFileWriter.writeAll(files) }
    }
}
