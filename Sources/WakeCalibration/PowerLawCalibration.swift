import Foundation
import LegacyWakeModel
import WakeKernelSupport
package import WakeModels

/// The power law of docs/SCIENCE.md §6 fitted to observations, and each published model compared with
/// them.
///
/// Features per observation (V in m/s, y distance, h depth, D displacement, ρ_t = 1 t/m³):
/// ```
/// x = [1, ln(V²/g), ln(y/L), ln(F_h), ln(D/(ρ_t L B))],    ln H = x · β
/// ```
/// fitted by ordinary least squares (``LeastSquares``). For each model, over the observations
/// where it is valid:
/// ```
/// log bias = mean(ln H_obs − ln H_model),  factor = e^(log bias),  log RMSE = √ mean((ln H_obs − ln H_model)²)
/// ```
public struct PowerLawCalibration: Codable, Sendable, Equatable {
    package static let featureNames = ["intercept", "ln(V²/g)", "ln(y/L)", "ln(F_h)", "ln(D/(ρ_t L B))"]
    /// The key of the ensemble (equal weights) in ``models``, beside the published models'.
    package static let ensembleKey = "ensemble"

    public var observations: Int
    public var skipped: Int
    public var powerLaw: PowerLaw
    /// By model key (``WakeModels/WakeModel``).
    public var models: [String: ModelComparison]

    package struct Coefficient: Codable, Sendable, Equatable {
        package var name: String
        package var value: Double
        package var standardError: Double
    }

    package struct FeatureRange: Codable, Sendable, Equatable {
        package var name: String
        package var min: Double
        package var max: Double
    }

    public struct PowerLaw: Codable, Sendable, Equatable {
        /// In the order of ``PowerLawCalibration/featureNames``.
        package var coefficients: [Coefficient]
        /// s = √(RSS/(n − p)), in ln H.
        package var residualStandardError: Double
        package var rSquared: Double
        /// In ln H; nil when a single observation fixes a coefficient.
        package var leaveOneOutRmse: Double?
        /// n − p.
        package var degreesOfFreedom: Int
        /// The coefficients' covariance s² (XᵀX)⁻¹, row by row (for prediction intervals).
        package var covariance: [[Double]]
        /// The range of each feature over the observations (predictions outside are extrapolations).
        package var featureRanges: [FeatureRange]

        public func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(coefficients, forKey: .coefficients)
            try c.encode(residualStandardError, forKey: .residualStandardError)
            try c.encode(rSquared, forKey: .rSquared)
            try c.encode(leaveOneOutRmse, forKey: .leaveOneOutRmse)
            try c.encode(degreesOfFreedom, forKey: .degreesOfFreedom)
            try c.encode(covariance, forKey: .covariance)
            try c.encode(featureRanges, forKey: .featureRanges)
        }
    }

    public struct ModelComparison: Codable, Sendable, Equatable {
        package var count: Int
        package var logBias: Double?
        package var factor: Double?
        package var logRmse: Double?

        public func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(count, forKey: .count)
            try c.encode(logBias, forKey: .logBias)
            try c.encode(factor, forKey: .factor)
            try c.encode(logRmse, forKey: .logRmse)
        }
    }

    /// The features of one point.
    package static func features(hull: WakeHull, speedKmh: Double, trackDepthM: Double, distanceM: Double) -> [Double] {
        let f = featureTuple(hull: hull, speedKmh: speedKmh, trackDepthM: trackDepthM, distanceM: distanceM)
        return [1, f.0, f.1, f.2, f.3]
    }

    /// The four features after the intercept, without an array.
    @inline(__always)
    static func featureTuple(hull: WakeHull, speedKmh: Double, trackDepthM: Double, distanceM: Double)
        -> (Double, Double, Double, Double)
    {
        let g = PhysicalConstants.gravity
        let v = speedKmh / PhysicalConstants.kmhPerMetrePerSecond
        return (
            log(v * v / g), log(distanceM / hull.lengthM), log(v / (g * trackDepthM).squareRoot()),
            log(hull.displacementT / (WakeHull.freshWaterDensity * hull.lengthM * hull.beamM))
        )
    }

    /// Fits and compares.
    /// - Throws: ``CalibrationError`` when there are too few observations or they cannot separate
    ///   the coefficients.
    public init(observations: [Observation], skipped: Int = 0) throws {
        try self.init(table: ObservationTable(observations), skipped: skipped)
    }

    /// Fits and compares observations held as columns.
    public init(table: ObservationTable, skipped: Int = 0, threads: Int = 1) throws {
        let n = table.count
        let p = Self.featureNames.count
        guard n > p else { throw CalibrationError.tooFewObservations(valid: n, needed: p, skipped: skipped) }
        let (design, response, ranges) = Self.design(table, threads: threads)
        let fit = try LeastSquares(design: design, response: response, names: Self.featureNames, threads: threads)
        self.init(
            fit: fit, observations: n, skipped: skipped, ranges: ranges,
            models: Self.finish(Self.compareSums(table, design: design, logHeights: response, threads: threads)))
    }

    /// The calibration of a fit of `observations` rows, with its features' ranges and the models
    /// compared.
    init(
        fit: LeastSquares, observations n: Int, skipped: Int, ranges: [(min: Double, max: Double)],
        models: [String: ModelComparison]
    ) {
        let p = Self.featureNames.count
        observations = n
        self.skipped = skipped
        powerLaw = PowerLaw(
            coefficients: (0..<p).map {
                Coefficient(
                    name: Self.featureNames[$0], value: fit.coefficients[$0], standardError: fit.standardErrors[$0])
            },
            residualStandardError: fit.residualStandardError, rSquared: fit.rSquared,
            leaveOneOutRmse: fit.leaveOneOutRMSE, degreesOfFreedom: n - p,
            covariance: (0..<p).map { a in (0..<p).map { b in fit.covariance[a * p + b] } },
            featureRanges: (1..<p).map {
                FeatureRange(name: Self.featureNames[$0], min: ranges[$0].min, max: ranges[$0].max)
            })
        self.models = models
    }

    /// X (column-major, n × p), y = ln H, and each feature's range.
    static func design(_ table: ObservationTable, threads: Int) -> ([Double], [Double], [(min: Double, max: Double)]) {
        let n = table.count
        let p = featureNames.count
        var design = [Double](repeating: 0, count: n * p)
        var response = [Double](repeating: 0, count: n)
        let parts = ParallelFor.chunks(n, workers: threads, minimumItems: 10_000)
        var partRanges = [[(min: Double, max: Double)]](
            repeating: [(min: Double, max: Double)](repeating: (.infinity, -.infinity), count: p), count: parts.count)
        design.withUnsafeMutableBufferPointer { x in
            response.withUnsafeMutableBufferPointer { y in
                partRanges.withUnsafeMutableBufferPointer { r in
                    let (x, y, r) = (SharedOutput(x), SharedOutput(y), SharedOutput(r))
                    // Per hull: ln L and the fourth feature, ln(D/(ρ_t L B)), which depends on the hull alone.
                    let logLength = table.hulls.map { log($0.lengthM) }
                    let fullness = table.hulls.map {
                        log($0.displacementT / (WakeHull.freshWaterDensity * $0.lengthM * $0.beamM))
                    }
                    let g = PhysicalConstants.gravity
                    let (lng, kmh) = (log(g), PhysicalConstants.kmhPerMetrePerSecond)
                    ParallelFor.run(parts) { part, rows in
                        var low = [Double](repeating: .infinity, count: p)
                        var high = [Double](repeating: -.infinity, count: p)
                        table.hullIndex.withUnsafeBufferPointer { hullIndex in
                            for i in rows {
                                let hull = Int(hullIndex[i])
                                // ln(V²/g), ln(y/L), ln F_h = ln V − ½ ln(g h), ln(D/(ρ_t L B)).
                                let lnV = log(table.speedKmh[i] / kmh)
                                let f1 = 2 * lnV - lng
                                let f2 = log(table.distanceM[i]) - logLength[hull]
                                let f3 = lnV - 0.5 * (lng + log(table.trackDepthM[i]))
                                let f4 = fullness[hull]
                                x.base[i] = 1
                                x.base[i + n] = f1
                                x.base[i + 2 * n] = f2
                                x.base[i + 3 * n] = f3
                                x.base[i + 4 * n] = f4
                                low[1] = min(low[1], f1)
                                high[1] = max(high[1], f1)
                                low[2] = min(low[2], f2)
                                high[2] = max(high[2], f2)
                                low[3] = min(low[3], f3)
                                high[3] = max(high[3], f3)
                                low[4] = min(low[4], f4)
                                high[4] = max(high[4], f4)
                                y.base[i] = log(table.heightM[i])
                            }
                        }
                        r.base[part] = [(1, 1)] + (1..<p).map { (low[$0], high[$0]) }
                    }
                }
            }
        }
        var ranges = [(min: Double, max: Double)](repeating: (.infinity, -.infinity), count: p)
        for part in partRanges {
            for j in 0..<p { ranges[j] = (min(ranges[j].min, part[j].min), max(ranges[j].max, part[j].max)) }
        }
        return (design, response, ranges)
    }

    /// Each model against the observations where it is valid, in log space: the logs of speed,
    /// distance and depth are read back from the design's columns (ln(V²/g), ln(y/L), ln F_h), so
    /// each observation costs one more log and a few exps, not a round trip through heights.
    /// Per model (the published ones, then the ensemble): observations compared, Σ d and Σ d²
    /// of d = ln H_obs − ln H_model.
    typealias ComparisonSums = [(count: Int, bias: Double, squares: Double)]

    static func compareSums(_ table: ObservationTable, design: [Double], logHeights: [Double], threads: Int)
        -> ComparisonSums
    {
        let n = table.count
        let models = WakeModel.allCases.count + 1  // and the ensemble, last
        let parts = ParallelFor.chunks(n, workers: threads, minimumItems: 10_000)
        var partSums = [[(count: Int, bias: Double, squares: Double)]](
            repeating: [(count: Int, bias: Double, squares: Double)](repeating: (0, 0, 0), count: models),
            count: parts.count)
        let lng = log(PhysicalConstants.gravity)
        let logLength = table.hulls.map { log($0.lengthM) }
        partSums.withUnsafeMutableBufferPointer { sums in
            let sums = SharedOutput(sums)
            let evaluator = PointEvaluator(hulls: table.hulls)
            ParallelFor.run(parts) { part, rows in
                var local = [(count: Int, bias: Double, squares: Double)](repeating: (0, 0, 0), count: models)
                for i in rows {
                    let hull = Int(table.hullIndex[i])
                    let lnV = 0.5 * (design[i + n] + lng)
                    let lny = design[i + 2 * n] + logLength[hull]
                    let lnh = 2 * (lnV - design[i + 3 * n]) - lng
                    let (h, ensemble) = evaluator.logHeights(
                        hull: hull, speedMPerS: table.speedKmh[i] / PhysicalConstants.kmhPerMetrePerSecond,
                        logSpeed: lnV, trackDepthM: table.trackDepthM[i], logDepth: lnh, logDistance: lny)
                    for (m, model) in WakeModel.allCases.enumerated() {
                        let (logHeight, valid) = h[model]
                        guard valid, logHeight.isFinite else { continue }
                        let d = logHeights[i] - logHeight
                        local[m] = (local[m].count + 1, local[m].bias + d, local[m].squares + d * d)
                    }
                    if let ensemble, ensemble.isFinite {
                        let d = logHeights[i] - ensemble
                        local[models - 1] = (
                            local[models - 1].count + 1, local[models - 1].bias + d, local[models - 1].squares + d * d
                        )
                    }
                }
                sums.base[part] = local
            }
        }
        return (0..<models).map { m in
            var total: (count: Int, bias: Double, squares: Double) = (0, 0, 0)
            for part in partSums {
                total.count += part[m].count
                total.bias += part[m].bias
                total.squares += part[m].squares
            }
            return total
        }
    }

    /// Two blocks' sums as one.
    static func adding(_ a: ComparisonSums, _ b: ComparisonSums) -> ComparisonSums {
        a.isEmpty ? b : zip(a, b).map { ($0.count + $1.count, $0.bias + $1.bias, $0.squares + $1.squares) }
    }

    /// The comparisons, from their sums.
    static func finish(_ sums: ComparisonSums) -> [String: ModelComparison] {
        var result: [String: ModelComparison] = [:]
        for (m, key) in (WakeModel.allCases.map(\.rawValue) + [Self.ensembleKey]).enumerated() {
            let s = m < sums.count ? sums[m] : (count: 0, bias: 0.0, squares: 0.0)
            guard s.count > 0 else {
                result[key] = ModelComparison(count: 0, logBias: nil, factor: nil, logRmse: nil)
                continue
            }
            let bias = s.bias / Double(s.count)
            result[key] = ModelComparison(
                count: s.count, logBias: bias, factor: exp(bias), logRmse: (s.squares / Double(s.count)).squareRoot())
        }
        return result
    }
}

extension PowerLawCalibration {
    /// A prediction of the calibrated power law with its 95 % prediction interval.
    package struct Prediction: Sendable, Equatable {
        package var waveHeightM: Double
        package var lower95: Double
        package var upper95: Double
        /// Whether every feature lies within the observations' range (else an extrapolation).
        package var withinObservations: Bool
    }

    /// ln H₀ = x₀·β ± t_{0.975, n−p} √(s² + x₀ᵀ Cov x₀), back-transformed.
    package func predict(hull: WakeHull, speedKmh: Double, trackDepthM: Double, distanceM: Double) -> Prediction {
        let x = Self.features(hull: hull, speedKmh: speedKmh, trackDepthM: trackDepthM, distanceM: distanceM)
        let beta = powerLaw.coefficients.map(\.value)
        let estimate = zip(x, beta).reduce(0) { $0 + $1.0 * $1.1 }
        var variance = powerLaw.residualStandardError * powerLaw.residualStandardError
        for a in x.indices { for b in x.indices { variance += x[a] * powerLaw.covariance[a][b] * x[b] } }
        let t = StudentT.quantile(0.975, dof: Double(max(powerLaw.degreesOfFreedom, 1)))
        let half = t * variance.squareRoot()
        let within = zip(x.dropFirst(), powerLaw.featureRanges).allSatisfy {
            $0 >= $1.min - 1e-12 && $0 <= $1.max + 1e-12
        }
        return Prediction(
            waveHeightM: exp(estimate), lower95: exp(estimate - half), upper95: exp(estimate + half),
            withinObservations: within)
    }
}

extension PowerLawCalibration {
    /// One observation beside what the models, their ensemble and the fitted law predicted for it.
    package struct Sample: Sendable, Equatable {
        /// The measured height, m.
        package var observedM: Double
        /// Each published model's height where it is valid (absent where not), m.
        package var models: [WakeModel: Double]
        /// The ensemble's height, m (nil where no ensemble model holds).
        package var ensembleM: Double?
        /// The fitted power law's height, m.
        package var fittedM: Double
    }

    /// At most `limit` observations, evenly spaced through the table, with every prediction: what
    /// a predicted-against-measured chart shows (a million points would not make a readable one).
    package func samples(_ table: ObservationTable, limit: Int = 2000) -> [Sample] {
        let n = table.count
        guard n > 0, limit > 0 else { return [] }
        let step = max(1, n / limit)
        let evaluator = PointEvaluator(hulls: table.hulls)
        let beta = powerLaw.coefficients.map(\.value)
        return stride(from: 0, to: n, by: step).prefix(limit).map { i in
            let hull = Int(table.hullIndex[i])
            let (kmh, h, y) = (table.speedKmh[i], table.trackDepthM[i], table.distanceM[i])
            let heights = evaluator.heights(hull: hull, speedKmh: kmh, trackDepthM: h, distanceM: y)
            var models: [WakeModel: Double] = [:]
            for model in WakeModel.allCases {
                let (height, valid) = heights[model]
                if valid, height > 0, height.isFinite { models[model] = height }
            }
            let x = Self.features(hull: table.hulls[hull], speedKmh: kmh, trackDepthM: h, distanceM: y)
            return Sample(
                observedM: table.heightM[i], models: models,
                ensembleM: evaluator.ensemble(hull: hull, speedKmh: kmh, trackDepthM: h, distanceM: y),
                fittedM: exp(zip(x, beta).reduce(0) { $0 + $1.0 * $1.1 }))
        }
    }
}
