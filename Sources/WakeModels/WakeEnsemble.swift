import Foundation
import WakePhysics

/// The distance- and depth-aware wake of ships × speeds × depths × distances in one batch: each
/// published model's height (``WakeModel``), their ensemble, and the energy of the highest
/// (cusp) waves (DOMAIN §8).
///
/// Structure of arrays, each term computed where it varies: per ship × speed F_L and the
/// Sorensen & Weggel exponents; per speed × depth F_h and the cusp-wave kinematics (one
/// dispersion solve each, ``CuspWaves``); per row (ship × speed × depth) the models'
/// distance-free coefficients and validity; per cell (× distance) the heights, found by BLAS
/// outer products with the distance factors y^(−1/3) and ln y (``EnsembleKernel``).
///
/// Per cell, over the models valid on its row:
/// ```
/// H_med, H_min, H_max     median (mean of the middle two of two), minimum, maximum; NaN when none is valid
/// E   = ρ g H_med² / 8    energy density, J/m²
/// P   = E c_g             energy flux per metre of crest, W/m
/// P⊥  = E c_g sin θ       flux through a line parallel to the track (toward the shore), W/m
/// E λ                      energy per wave and metre of crest, J/m
/// ```
/// P, P⊥ and E λ are NaN where there are no cusp waves (F_h ≥ 1). Every model's height is given
/// even outside its range; ``validity`` says where it is valid.
public struct WakeEnsemble: Sendable {
    public let hulls: [WakeHull]
    /// Ship speeds, km/h (> 0).
    public let speedsKmh: [Double]
    /// Water depths, m (> 0).
    public let depthsM: [Double]
    /// Lateral distances from the sailing line, m (> 0).
    public let distancesM: [Double]

    public var shipCount: Int { hulls.count }
    public var speedCount: Int { speedsKmh.count }
    public var depthCount: Int { depthsM.count }
    public var distanceCount: Int { distancesM.count }
    public var rowCount: Int { shipCount * speedCount * depthCount }
    public var cellCount: Int { rowCount * distanceCount }

    /// Per ship × speed, index `ship · speeds + speed`: F_L = V/√(gL).
    public let froudeLength: [Double]
    /// Per speed × depth, index `speed · depths + depth`: F_h = V/√(gh).
    public let froudeDepth: [Double]
    /// Per speed × depth: the cusp waves, nil when F_h ≥ 1.
    public let cusp: [CuspWaves?]
    /// Per row, index ``rowIndex(ship:speed:depth:)``: Kriebel & Seelig's F*.
    public let fStar: [Double]
    /// Per row: β (F* − 0.1)², the quantity Kriebel & Seelig bound by 0.4.
    public let ksLoad: [Double]
    /// Per row: bit set of the valid models (``isValid(_:row:)``).
    public let validity: [UInt8]

    /// Per cell, index ``cellIndex(ship:speed:depth:distance:)``.
    public let kriebelSeelig: DoubleColumn
    public let sorensenWeggel: DoubleColumn
    public let pianc: DoubleColumn
    public let median: DoubleColumn
    public let minimum: DoubleColumn
    public let maximum: DoubleColumn
    public let energy: DoubleColumn
    public let flux: DoubleColumn
    public let shorewardFlux: DoubleColumn
    public let energyPerWave: DoubleColumn

    /// Evaluates every model over the grid.
    /// - Precondition: speeds, depths and distances finite and > 0 (callers validate user input
    ///   first); the cell count fits in memory (callers check it with ``cellCount(ships:speeds:depths:distances:)``).
    /// - Parameters:
    ///   - threads: threads over blocks of rows (results do not depend on it).
    ///   - isa: the instruction set of the fused pass (default: the widest the processor has;
    ///     results do not depend on it).
    public init(
        hulls: [WakeHull], speedsKmh: [Double], depthsM: [Double], distancesM: [Double], threads: Int = 1,
        isa: KernelISA = .active
    ) {
        precondition(speedsKmh.allSatisfy { $0.isFinite && $0 > 0 }, "speeds must be finite and > 0")
        precondition(depthsM.allSatisfy { $0.isFinite && $0 > 0 }, "depths must be finite and > 0")
        precondition(distancesM.allSatisfy { $0.isFinite && $0 > 0 }, "distances must be finite and > 0")
        self.hulls = hulls
        self.speedsKmh = speedsKmh
        self.depthsM = depthsM
        self.distancesM = distancesM
        let inputs = Self.rows(hulls: hulls, speedsKmh: speedsKmh, depthsM: depthsM, distancesM: distancesM)
        froudeLength = inputs.froudeLength
        froudeDepth = inputs.froudeDepth
        cusp = inputs.cusp
        fStar = inputs.fStar
        ksLoad = inputs.ksLoad
        validity = inputs.rows.valid
        let cells = hulls.count * speedsKmh.count * depthsM.count * distancesM.count
        let columns = (0..<10).map { _ in DoubleColumn(uninitializedCount: cells) }
        (kriebelSeelig, sorensenWeggel, pianc, median, minimum, maximum) =
            (columns[0], columns[1], columns[2], columns[3], columns[4], columns[5])
        (energy, flux, shorewardFlux, energyPerWave) = (columns[6], columns[7], columns[8], columns[9])
        let buffers = EnsembleBuffers(
            kriebelSeelig: columns[0].buffer, sorensenWeggel: columns[1].buffer, pianc: columns[2].buffer,
            median: columns[3].buffer, minimum: columns[4].buffer, maximum: columns[5].buffer,
            energy: columns[6].buffer, flux: columns[7].buffer, shorewardFlux: columns[8].buffer,
            energyPerWave: columns[9].buffer)
        EnsembleKernel.run(inputs.rows, distances: distancesM.count, into: buffers, threads: threads, isa: isa)
    }

    /// The kernel alone, into caller-provided buffers of ``cellCount`` doubles each (for callers
    /// that reuse memory across runs).
    public static func compute(
        hulls: [WakeHull], speedsKmh: [Double], depthsM: [Double], distancesM: [Double], into buffers: EnsembleBuffers,
        threads: Int = 1, isa: KernelISA = .active
    ) {
        let inputs = rows(hulls: hulls, speedsKmh: speedsKmh, depthsM: depthsM, distancesM: distancesM)
        EnsembleKernel.run(inputs.rows, distances: distancesM.count, into: buffers, threads: threads, isa: isa)
    }

    /// The number of cells of a grid, or nil when it overflows `Int`.
    public static func cellCount(ships: Int, speeds: Int, depths: Int, distances: Int) -> Int? {
        gridCellCount(ships, speeds, depths, distances)
    }

    @inlinable public func rowIndex(ship: Int, speed: Int, depth: Int) -> Int {
        (ship * speedCount + speed) * depthCount + depth
    }

    @inlinable public func cellIndex(ship: Int, speed: Int, depth: Int, distance: Int) -> Int {
        rowIndex(ship: ship, speed: speed, depth: depth) * distanceCount + distance
    }

    /// Whether `model` is inside its validity range on a row.
    public func isValid(_ model: WakeModel, row: Int) -> Bool { validity[row] & model.bit != 0 }

    /// Everything the kernel needs per row and distance, and the per-pair terms kept for reports.
    struct Inputs {
        var rows = EnsembleRows()
        var froudeLength: [Double] = []
        var froudeDepth: [Double] = []
        var cusp: [CuspWaves?] = []
        var fStar: [Double] = []
        var ksLoad: [Double] = []
    }

    static func rows(hulls: [WakeHull], speedsKmh: [Double], depthsM: [Double], distancesM: [Double]) -> Inputs {
        let g = PhysicalConstants.gravity
        let speeds = speedsKmh.map { $0 / PhysicalConstants.kmhPerMetrePerSecond }
        var inputs = Inputs()
        for v in speeds {
            for h in depthsM {
                inputs.froudeDepth.append(v / (g * h).squareRoot())
                inputs.cusp.append(CuspWaves(speed: v, depth: h))
            }
        }
        let rowCount = hulls.count * speeds.count * depthsM.count
        var rows = EnsembleRows()
        for array in [\EnsembleRows.ksCoefficient, \.swLogCoefficient, \.swExponent, \.piancCoefficient] {
            rows[keyPath: array].reserveCapacity(rowCount)
        }
        for hull in hulls {
            let ship = ModelTerms.Ship(hull)
            for (j, v) in speeds.enumerated() {
                let shipSpeed = ModelTerms.ShipSpeed(ship, speedMPerS: v)
                inputs.froudeLength.append(shipSpeed.froudeLength)
                for (k, h) in depthsM.enumerated() {
                    let pair = j * depthsM.count + k
                    let row = ModelTerms.Row(ship, shipSpeed, depthM: h, froudeDepth: inputs.froudeDepth[pair])
                    rows.ksCoefficient.append(row.ksCoefficient)
                    rows.swLogCoefficient.append(row.swLogCoefficient)
                    rows.swExponent.append(row.swExponent)
                    rows.piancCoefficient.append(row.piancCoefficient)
                    rows.valid.append(row.valid)
                    inputs.fStar.append(row.fStar)
                    inputs.ksLoad.append(row.ksLoad)
                    let waves = inputs.cusp[pair]
                    rows.groupVelocity.append(waves?.groupVelocityMPerS ?? .nan)
                    rows.sinTheta.append(waves.map { sin($0.thetaDeg * Double.pi / 180) } ?? .nan)
                    rows.wavelength.append(waves?.wavelengthM ?? .nan)
                }
            }
        }
        rows.inverseCubeRootDistance = distancesM.map { 1 / cbrt($0) }
        rows.logDistance = distancesM.map { log($0) }
        inputs.rows = rows
        return inputs
    }
}
