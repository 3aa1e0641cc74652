import Foundation
public import JobContract
import LegacyWakeModel
public import WakeKernelSupport

/// The distance- and depth-aware wake of ships × speeds × track depths × rider depths ×
/// distances in one batch: each published model's height where the ship sails (``WakeModel``),
/// their ensemble, and that wave carried to the rider's spot (``RiderWaves``) with its energy
/// (docs/SCIENCE.md §5).
///
/// Two depths: the track depth h_s, where the ship sails, decides the wave the ship generates
/// (Froude numbers, validity, the models, the cusp waves); the rider's depth h_r, at distance y
/// from the track, decides what arrives (shoaling, refraction, breaking).
///
/// Structure of arrays, each term computed where it varies: per ship × speed F_L and the
/// Sorensen & Weggel exponents; per speed × track depth F_h and the cusp waves; per speed ×
/// track depth × rider depth the transformation; per ship × speed × track depth the models'
/// distance-free coefficients and validity; per cell (× distance) the heights, found by BLAS
/// outer products with the distance factors y^(−1/3) and ln y (``EnsembleKernel``).
///
/// Per cell:
/// ```
/// H_KS, H_SW, H_P          each model's height at the track, m (valid or not; KS and PIANC at
///                          their held depths, ``DepthHolds``)
/// H_s = exp((w_KS ln H_KS + w_P ln H_P) / (w_KS + w_P))   the central height at the track
///                          (``EnsembleWeights``); none over a supercritical track (F_h ≥ 1) or
///                          when the hull is aground; over a trans-critical one, the value at
///                          F_h = 0.7, a lower bound
/// H_r = min(H_s K, 0.78 h_r)   at the rider, K = K_s K_r (``RiderWaves``)
/// band                     min(H_s K e^(−U_lo), cap) … min(H_s K e^(U_hi), cap), U the
///                          uncertainties by cause in quadrature (``HeightUncertainty``)
/// E  = ρ g H_r² / 8        J/m²;   P = E c_g,r  W/m;   P⊥ = P cos α_r  W/m;   E λ_r  J/m
/// ```
public struct WakeEnsemble: Sendable {
    public let hulls: [WakeHull]
    /// Ship speeds, km/h (> 0).
    public let speedsKmh: [Double]
    /// Depths where the ships sail, m (> 0).
    public let trackDepthsM: [Double]
    /// Depths at the rider's spot, m (> 0).
    public let riderDepthsM: [Double]
    /// Lateral distances from the sailing line, m (> 0).
    public let distancesM: [Double]
    public let weights: EnsembleWeights

    public var shipCount: Int { hulls.count }
    public var speedCount: Int { speedsKmh.count }
    public var trackDepthCount: Int { trackDepthsM.count }
    public var riderDepthCount: Int { riderDepthsM.count }
    public var distanceCount: Int { distancesM.count }
    /// Rows of the kernel: ship × speed × track depth × rider depth.
    public var rowCount: Int { shipCount * speedCount * trackDepthCount * riderDepthCount }
    public var cellCount: Int { rowCount * distanceCount }

    /// Per ship × speed, index `ship · speeds + speed`: F_L = V/√(gL).
    public let froudeLength: [Double]
    /// Per speed × track depth, index ``pairIndex(speed:trackDepth:)``: F_h = V/√(g h_s).
    public let froudeDepth: [Double]
    /// Per speed × track depth: the cusp waves of the wave whose height is given, nil when
    /// F_h ≥ 1: over a trans-critical track (0.7 ≤ F_h < 1) those over h_0.7, where the height is
    /// held (``DepthHolds``), so that one wave goes from the track to the rider.
    public let cusp: [CuspWaves?]
    /// Per speed × track depth × rider depth, index ``transformIndex(speed:trackDepth:riderDepth:)``:
    /// the waves at the rider, nil without cusp waves or when none reach the rider's depth.
    public let rider: [RiderWaves?]
    /// Per ship × speed × track depth, index ``sourceIndex(ship:speed:trackDepth:)``: Kriebel &
    /// Seelig's F* at the track's own depth.
    public let fStar: [Double]
    /// Per ship × speed × track depth: β (F* − 0.1)², the quantity Kriebel & Seelig bound by 0.4.
    public let ksLoad: [Double]
    /// Per ship × speed × track depth: bit set of the models inside their published ranges
    /// (``isValid(_:source:)``).
    public let validity: [UInt8]
    /// Per row (ship × speed × track depth × rider depth, ``rowIndex(ship:speed:trackDepth:riderDepth:)``):
    /// the central height's uncertainty at the track by cause (without the speed's: the speeds
    /// are given), of the wave the row carries.
    package let uncertainty: [HeightUncertainty]
    /// Per speed × track depth: over a trans-critical track, the cusp waves of the ship at the
    /// speed where F_h = 0.7 over this track, 0.7 √(g h_s) (the other lower bound, ``heldAtSlowerSpeed``);
    /// nil elsewhere.
    public let slowerCusp: [CuspWaves?]
    /// Per speed × track depth × rider depth: those waves at the rider.
    public let slowerRider: [RiderWaves?]
    /// Per row: over a trans-critical track, whether the wave carried to the rider is the ship's
    /// at the speed where F_h = 0.7 over this track rather than its wave at this speed over the
    /// depth where F_h = 0.7 (``DepthHolds``): of the two lower bounds, the larger at the rider.
    public let heldAtSlowerSpeed: [Bool]
    /// Per ship × track depth, index `ship · trackDepths + trackDepth`: the track is no deeper than
    /// the hull's draft.
    public let aground: [Bool]
    /// Per ship × speed × track depth: where the point stands against the members' fitted ranges
    /// and the ship's own limits; beyond a limit there is no central height (``WakeDomain``).
    package let domain: [WakeDomain]

    /// Per cell, index ``cellIndex(ship:speed:trackDepth:riderDepth:distance:)``: each model's
    /// height at the track.
    public let kriebelSeelig: DoubleColumn
    public let sorensenWeggel: DoubleColumn
    public let pianc: DoubleColumn
    /// The ensemble at the track (NaN: none).
    public let generated: DoubleColumn
    /// The ensemble at the rider (NaN: none) and its band.
    public let median: DoubleColumn
    public let minimum: DoubleColumn
    public let maximum: DoubleColumn
    /// At the rider: energy density, flux, flux toward the shore, energy per wave.
    public let energy: DoubleColumn
    public let flux: DoubleColumn
    public let shorewardFlux: DoubleColumn
    public let energyPerWave: DoubleColumn

    /// Evaluates every model over the grid.
    /// - Throws: ``JobContract/InvalidInput`` naming the axis (`speedsKmh`, `trackDepthsM`,
    ///   `riderDepthsM`, `distancesM`) whose first value is not finite and > 0, `distancesM` for a
    ///   distance no more than half the widest hull's beam (inside the hull), or `cells` for a
    ///   grid that would not fit in this machine's memory (``memoryEstimate(ships:speeds:trackDepths:riderDepths:distances:)``).
    ///   The jobs check their input against narrower ranges first (`OperatingRanges`).
    /// - Parameters:
    ///   - weights: how the ensemble weighs its models (default equal).
    ///   - threads: threads over blocks of rows (results do not depend on it).
    ///   - isa: the instruction set of the fused pass (default: the widest the processor has;
    ///     results do not depend on it).
    public init(
        hulls: [WakeHull], speedsKmh: [Double], trackDepthsM: [Double], riderDepthsM: [Double], distancesM: [Double],
        weights: EnsembleWeights = .equal, threads: Int = 1, isa: KernelISA = .active
    ) throws(InvalidInput) {
        try Self.checkInputs(hulls.count, speedsKmh, trackDepthsM, riderDepthsM, distancesM)
        try Self.checkOutsideHulls(hulls, distancesM)
        self.hulls = hulls
        self.speedsKmh = speedsKmh
        self.trackDepthsM = trackDepthsM
        self.riderDepthsM = riderDepthsM
        self.distancesM = distancesM
        self.weights = weights
        let inputs = Self.rows(
            hulls: hulls, speedsKmh: speedsKmh, trackDepthsM: trackDepthsM, riderDepthsM: riderDepthsM,
            distancesM: distancesM, weights: weights)
        froudeLength = inputs.froudeLength
        froudeDepth = inputs.froudeDepth
        cusp = inputs.cusp
        rider = inputs.rider
        fStar = inputs.fStar
        ksLoad = inputs.ksLoad
        validity = inputs.validity
        uncertainty = inputs.uncertainty
        slowerCusp = inputs.slowerCusp
        slowerRider = inputs.slowerRider
        heldAtSlowerSpeed = inputs.heldAtSlowerSpeed
        aground = inputs.aground
        domain = inputs.domain
        let cells = inputs.rows.count * distancesM.count
        var columns: [DoubleColumn] = []
        for _ in 0..<EnsembleBuffers.outputCount {
            guard let column = DoubleColumn(uninitializedCount: cells) else {
                throw Self.tooLarge(
                    hulls.count, speedsKmh.count, trackDepthsM.count, riderDepthsM.count, distancesM.count)
            }
            columns.append(column)
        }
        (kriebelSeelig, sorensenWeggel, pianc, generated) = (columns[0], columns[1], columns[2], columns[3])
        (median, minimum, maximum) = (columns[4], columns[5], columns[6])
        (energy, flux, shorewardFlux, energyPerWave) = (columns[7], columns[8], columns[9], columns[10])
        EnsembleKernel.run(
            inputs.rows, distances: distancesM.count, into: EnsembleBuffers(columns.map(\.buffer)), threads: threads,
            isa: isa)
    }

    /// The kernel alone, into caller-provided buffers of ``cellCount`` doubles each (for callers
    /// that reuse memory across runs).
    /// - Throws: as ``init(hulls:speedsKmh:trackDepthsM:riderDepthsM:distancesM:weights:threads:isa:)``.
    @_spi(Benchmarks) public static func compute(
        hulls: [WakeHull], speedsKmh: [Double], trackDepthsM: [Double], riderDepthsM: [Double], distancesM: [Double],
        weights: EnsembleWeights = .equal, into buffers: EnsembleBuffers, threads: Int = 1, isa: KernelISA = .active
    ) throws(InvalidInput) {
        try checkInputs(hulls.count, speedsKmh, trackDepthsM, riderDepthsM, distancesM)
        try checkOutsideHulls(hulls, distancesM)
        let inputs = rows(
            hulls: hulls, speedsKmh: speedsKmh, trackDepthsM: trackDepthsM, riderDepthsM: riderDepthsM,
            distancesM: distancesM, weights: weights, reportTerms: false)
        EnsembleKernel.run(inputs.rows, distances: distancesM.count, into: buffers, threads: threads, isa: isa)
    }

    /// Refuses an axis value no model can take (not finite, or ≤ 0) and a grid beyond the
    /// machine's memory, before anything is allocated.
    private static func checkInputs(
        _ ships: Int, _ speeds: [Double], _ tracks: [Double], _ riders: [Double], _ distances: [Double]
    ) throws(InvalidInput) {
        for (values, field, unit) in [
            (speeds, "speedsKmh", "km/h"), (tracks, "trackDepthsM", "m"), (riders, "riderDepthsM", "m"),
            (distances, "distancesM", "m"),
        ] {
            if let bad = values.first(where: { !($0.isFinite && $0 > 0) }) {
                throw InvalidInput(field: field, value: "\(bad)", accepted: "finite values > 0 \(unit)")
            }
        }
        guard
            let bytes = memoryEstimate(
                ships: ships, speeds: speeds.count, trackDepths: tracks.count, riderDepths: riders.count,
                distances: distances.count),
            bytes <= Int(clamping: ProcessInfo.processInfo.physicalMemory)
        else { throw tooLarge(ships, speeds.count, tracks.count, riders.count, distances.count) }
    }

    /// Refuses a distance from the sailing line no more than half a hull's beam: the rider
    /// would be inside the hull, where no wave model speaks.
    private static func checkOutsideHulls(_ hulls: [WakeHull], _ distances: [Double]) throws(InvalidInput) {
        guard let nearest = distances.min(), let widest = hulls.map(\.beamM).max(), nearest <= widest / 2 else {
            return
        }
        throw InvalidInput(
            field: "distancesM", value: "\(nearest)",
            accepted: "distances beyond every hull: more than half the widest beam, \(widest / 2) m")
    }

    /// Bytes per (ship + 1) × speed × track depth × rider depth that
    /// ``memoryEstimate(ships:speeds:trackDepths:riderDepths:distances:)`` counts: above what the
    /// kernel's row inputs (13 doubles) and the per-pair and per-source terms take.
    package static let bytesPerRow = 512

    /// An upper estimate of the memory a grid takes: the eleven output doubles per cell, plus
    /// ``bytesPerRow`` per (ship + 1) × speed × track depth × rider depth (the one covers the
    /// per-pair terms, made even without ships); nil when the count overflows `Int`.
    package static func memoryEstimate(ships: Int, speeds: Int, trackDepths: Int, riderDepths: Int, distances: Int)
        -> Int?
    {
        guard ships < Int.max,
            let cells = cellCount(
                ships: ships, speeds: speeds, trackDepths: trackDepths, riderDepths: riderDepths, distances: distances),
            let outputs = gridCellCount(cells, EnsembleBuffers.outputCount, MemoryLayout<Double>.stride),
            let rows = gridCellCount(ships + 1, speeds, trackDepths, riderDepths, bytesPerRow)
        else { return nil }
        let (total, overflow) = outputs.addingReportingOverflow(rows)
        return overflow ? nil : total
    }

    /// The refusal of a grid too large for this machine.
    private static func tooLarge(_ ships: Int, _ speeds: Int, _ tracks: Int, _ riders: Int, _ distances: Int)
        -> InvalidInput
    {
        let cells =
            cellCount(ships: ships, speeds: speeds, trackDepths: tracks, riderDepths: riders, distances: distances)
            .map { "\($0) cells" } ?? "more cells than Int counts"
        let gib = Double(ProcessInfo.processInfo.physicalMemory) / 1_073_741_824
        return InvalidInput(
            field: "cells",
            value: "\(ships) ships × \(speeds) speeds × \(tracks) track depths × \(riders) rider depths × "
                + "\(distances) distances = \(cells)",
            accepted: "a grid whose outputs (\(EnsembleBuffers.outputCount * MemoryLayout<Double>.stride) bytes a "
                + "cell) fit in this machine's \(Int(gib.rounded())) GiB")
    }

    /// The number of cells of a grid, or nil when it overflows `Int`.
    package static func cellCount(ships: Int, speeds: Int, trackDepths: Int, riderDepths: Int, distances: Int) -> Int? {
        guard let rows = gridCellCount(ships, speeds, trackDepths, riderDepths) else { return nil }
        let (cells, overflow) = rows.multipliedReportingOverflow(by: distances)
        return overflow ? nil : cells
    }

    @inlinable package func pairIndex(speed: Int, trackDepth: Int) -> Int { speed * trackDepthCount + trackDepth }

    @inlinable package func transformIndex(speed: Int, trackDepth: Int, riderDepth: Int) -> Int {
        pairIndex(speed: speed, trackDepth: trackDepth) * riderDepthCount + riderDepth
    }

    @inlinable package func sourceIndex(ship: Int, speed: Int, trackDepth: Int) -> Int {
        (ship * speedCount + speed) * trackDepthCount + trackDepth
    }

    @inlinable package func rowIndex(ship: Int, speed: Int, trackDepth: Int, riderDepth: Int) -> Int {
        sourceIndex(ship: ship, speed: speed, trackDepth: trackDepth) * riderDepthCount + riderDepth
    }

    @inlinable package func cellIndex(ship: Int, speed: Int, trackDepth: Int, riderDepth: Int, distance: Int) -> Int {
        rowIndex(ship: ship, speed: speed, trackDepth: trackDepth, riderDepth: riderDepth) * distanceCount + distance
    }

    /// Whether `model` is inside its published range for a ship × speed × track depth.
    package func isValid(_ model: WakeModel, source: Int) -> Bool { validity[source] & model.bit != 0 }

    /// The regime of the ship's speed over a track depth.
    package func regime(speed: Int, trackDepth: Int) -> WakeRegime {
        WakeRegime(froudeDepth: froudeDepth[pairIndex(speed: speed, trackDepth: trackDepth)])
    }

    /// The models whose heights make the central height at a ship × speed × track depth: both
    /// members wherever there is one (over a track that is not supercritical, a hull not aground,
    /// inside the domain or within its margin), none elsewhere.
    package func ensembleModels(ship: Int, speed: Int, trackDepth: Int) -> [WakeModel] {
        let pair = pairIndex(speed: speed, trackDepth: trackDepth)
        guard !aground[ship * trackDepthCount + trackDepth],
            WakeRegime(froudeDepth: froudeDepth[pair]) != .supercritical,
            domain[sourceIndex(ship: ship, speed: speed, trackDepth: trackDepth)].standing != .outside
        else { return [] }
        return WakeModel.ensemble
    }

    /// Everything the kernel needs per row and distance, and the per-pair terms kept for reports.
    struct Inputs {
        var rows = EnsembleRows()
        var froudeLength: [Double] = []
        var froudeDepth: [Double] = []
        var cusp: [CuspWaves?] = []
        var rider: [RiderWaves?] = []
        var fStar: [Double] = []
        var ksLoad: [Double] = []
        var validity: [UInt8] = []
        var uncertainty: [HeightUncertainty] = []
        var slowerCusp: [CuspWaves?] = []
        var slowerRider: [RiderWaves?] = []
        var heldAtSlowerSpeed: [Bool] = []
        var aground: [Bool] = []
        var domain: [WakeDomain] = []
    }

    /// The kernel's rows and, with `reportTerms`, the per-pair terms a ``WakeEnsemble`` keeps for
    /// its reports (F*, the load, validity, the band by cause; the kernel alone needs none).
    /// What every ship shares at a speed × track depth (``ModelTerms/Track``) is made once.
    static func rows(
        hulls: [WakeHull], speedsKmh: [Double], trackDepthsM: [Double], riderDepthsM: [Double], distancesM: [Double],
        weights: EnsembleWeights, reportTerms: Bool = true
    ) -> Inputs {
        let g = PhysicalConstants.gravity
        let speeds = speedsKmh.map { $0 / PhysicalConstants.kmhPerMetrePerSecond }
        let (ts, rs) = (trackDepthsM.count, riderDepthsM.count)
        let pairs = speeds.count * ts
        let sources = hulls.count * pairs
        var inputs = Inputs()
        inputs.froudeDepth.reserveCapacity(pairs)
        inputs.cusp.reserveCapacity(pairs)
        inputs.rider.reserveCapacity(pairs * rs)
        inputs.aground.reserveCapacity(hulls.count * ts)
        inputs.froudeLength.reserveCapacity(hulls.count * speeds.count)
        if reportTerms {
            inputs.fStar.reserveCapacity(sources)
            inputs.ksLoad.reserveCapacity(sources)
            inputs.validity.reserveCapacity(sources)
            inputs.uncertainty.reserveCapacity(sources * rs)
            inputs.heldAtSlowerSpeed.reserveCapacity(sources * rs)
            inputs.domain.reserveCapacity(sources)
        }
        var tracks: [ModelTerms.Track] = []
        tracks.reserveCapacity(pairs)
        // Over a trans-critical track, the other lower bound: the ship at the speed where F_h = 0.7
        // over this very track (its speed and its track terms).
        var slower: [(speed: Double, track: ModelTerms.Track)?] = []
        for v in speeds {
            let v2g = v * v / g
            for hs in trackDepthsM {
                // The cusp waves of the wave whose height is given: over a trans-critical track
                // the held one, over h_0.7 (``DepthHolds/kinematic(_:velocitySquaredOverG:)``).
                let hw = DepthHolds.kinematic(hs, velocitySquaredOverG: v2g)
                let waves = CuspWaves(speed: v, depth: hw)
                let fh = v / (g * hs).squareRoot()
                inputs.froudeDepth.append(fh)
                inputs.cusp.append(waves)
                tracks.append(ModelTerms.Track(trackDepthM: hs, froudeDepth: fh, velocitySquaredOverG: v2g))
                let vs = hw > hs ? DepthHolds.transCriticalFroudeDepth * (g * hs).squareRoot() : nil
                let slowerWaves = vs.flatMap { CuspWaves(speed: $0, depth: hs) }
                slower.append(
                    vs.map { vs in
                        (
                            vs,
                            ModelTerms.Track(
                                trackDepthM: hs, froudeDepth: vs / (g * hs).squareRoot(),
                                velocitySquaredOverG: vs * vs / g)
                        )
                    })
                inputs.slowerCusp.append(slowerWaves)
                for hr in riderDepthsM {
                    inputs.rider.append(waves.flatMap { RiderWaves(cusp: $0, trackDepthM: hw, riderDepthM: hr) })
                    inputs.slowerRider.append(
                        slowerWaves.flatMap { RiderWaves(cusp: $0, trackDepthM: hs, riderDepthM: hr) })
                }
            }
        }
        for hull in hulls {
            for hs in trackDepthsM { inputs.aground.append(hull.isAground(trackDepthM: hs)) }
        }
        let riderTerms = inputs.rider.map(RiderTerms.init)
        let slowerRiderTerms = inputs.slowerRider.map { $0.map(RiderTerms.init) }
        var rows = EnsembleRows()
        rows.reserve(sources * rs)
        for (i, hull) in hulls.enumerated() {
            let ship = ModelTerms.Ship(hull)
            let variants = HullVariant.of(hull)
            for (j, v) in speeds.enumerated() {
                let shipSpeed = ModelTerms.ShipSpeed(ship, speedMPerS: v)
                inputs.froudeLength.append(shipSpeed.froudeLength)
                for k in 0..<ts {
                    let pair = j * ts + k
                    let aground = inputs.aground[i * ts + k]
                    let terms = ModelTerms.Row(
                        ship, shipSpeed, track: tracks[pair], variants: variants, aground: aground, weights: weights)
                    // Its central height first, without the band's hull variants (made only for a
                    // rider where it is the larger bound).
                    let slowerTerms = slower[pair].map {
                        ModelTerms.Row(
                            ship, ModelTerms.ShipSpeed(ship, speedMPerS: $0.speed), track: $0.track, variants: [],
                            aground: aground, weights: weights)
                    }
                    var slowerWithBand: ModelTerms.Row?
                    if reportTerms {
                        inputs.fStar.append(terms.fStar)
                        inputs.ksLoad.append(terms.ksLoad)
                        inputs.validity.append(terms.valid)
                        inputs.domain.append(terms.domain)
                    }
                    for m in 0..<rs {
                        let t = pair * rs + m
                        let waves = riderTerms[t]
                        // Of the two lower bounds of a trans-critical wave, the larger at the rider.
                        if let b = slowerTerms, let bw = slowerRiderTerms[t], !terms.centralLog.isNaN,
                            b.centralLog + bw.logFactor > terms.centralLog + waves.logFactor,
                            let (vs, track) = slower[pair]
                        {
                            let full =
                                slowerWithBand
                                ?? ModelTerms.Row(
                                    ship, ModelTerms.ShipSpeed(ship, speedMPerS: vs), track: track, variants: variants,
                                    aground: aground, weights: weights)
                            slowerWithBand = full
                            let carried = terms.carrying(full)
                            if reportTerms {
                                inputs.uncertainty.append(carried.uncertainty)
                                inputs.heldAtSlowerSpeed.append(true)
                            }
                            rows.append(carried, rider: bw, riderDepth: riderDepthsM[m])
                        } else {
                            if reportTerms {
                                inputs.uncertainty.append(terms.uncertainty)
                                inputs.heldAtSlowerSpeed.append(false)
                            }
                            rows.append(terms, rider: waves, riderDepth: riderDepthsM[m])
                        }
                    }
                }
            }
        }
        rows.inverseCubeRootDistance = distancesM.map { 1 / cbrt($0) }
        rows.logDistance = distancesM.map { log($0) }
        inputs.rows = rows
        return inputs
    }
}

extension WakeHull {
    /// Whether a track of this depth is no deeper than the hull's draft: the ship would run aground.
    package func isAground(trackDepthM: Double) -> Bool { trackDepthM <= draftM }
}
