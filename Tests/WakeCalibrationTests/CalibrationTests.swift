import Foundation
import Testing
import WakeModels
import _TestSupport

@_spi(Benchmarks) @testable import WakeCalibration

/// The power-law fit against known truths and an independent least-squares solve.
@Suite struct CalibrationTests {
    static let truth = [-1.2, 0.9, -0.33, 1.8, 0.45]

    /// Observations of the power law `truth` with log-normal noise of `sigma`.
    static func synthetic(_ count: Int, sigma: Double, seed: UInt64 = 1) throws -> [Observation] {
        var rng = SplitMix64(seed: seed)
        let hulls = try (0..<12).map { _ in
            try WakeHull(lengthM: rng.uniform(20, 70), beamM: rng.uniform(4, 12), displacementT: rng.uniform(30, 500))
        }
        return try (0..<count).map { i in
            let hull = hulls[rng.index(hulls.count)]
            let (speed, depth, distance) = (rng.uniform(8, 30), rng.uniform(2, 40), rng.uniform(10, 300))
            let x = PowerLawCalibration.features(hull: hull, speedKmh: speed, trackDepthM: depth, distanceM: distance)
            // Box–Muller for a normal deviate.
            let noise = sigma * (-2 * log(rng.uniform(1e-12, 1))).squareRoot() * cos(2 * Double.pi * rng.uniform(0, 1))
            let lnH = zip(x, truth).reduce(0) { $0 + $1.0 * $1.1 } + noise
            _ = try #require(exp(lnH) > 0)
            return Observation(
                line: i + 2, ship: nil, hull: hull, speedKmh: speed, trackDepthM: depth, distanceM: distance,
                heightM: exp(lnH))
        }
    }

    @Test func noiseFreeObservationsGiveTheExactCoefficients() throws {
        let fit = try PowerLawCalibration(observations: try Self.synthetic(200, sigma: 0))
        for (c, t) in zip(fit.powerLaw.coefficients, Self.truth) { #expect(abs(c.value - t) < 1e-9, "\(c.name)") }
        #expect(fit.powerLaw.residualStandardError < 1e-9)
        #expect(abs(fit.powerLaw.rSquared - 1) < 1e-12)
    }

    @Test func noisyObservationsRecoverTheCoefficientsWithinTheirStandardErrors() throws {
        let fit = try PowerLawCalibration(observations: try Self.synthetic(2000, sigma: 0.15, seed: 9))
        for (c, t) in zip(fit.powerLaw.coefficients, Self.truth) {
            #expect(abs(c.value - t) <= 2.5 * c.standardError, "\(c.name): \(c.value) ± \(c.standardError) vs \(t)")
            #expect(c.standardError > 0)
        }
        #expect(abs(fit.powerLaw.residualStandardError - 0.15) < 0.01)
        let loo = try #require(fit.powerLaw.leaveOneOutRmse)
        #expect(loo >= fit.powerLaw.residualStandardError * 0.99 && loo < 0.16)
    }

    /// The fit equals the normal equations solved independently (Gauss–Jordan on XᵀX), and so do
    /// the standard errors and the leave-one-out RMSE (leverages from (XᵀX)⁻¹ directly).
    @Test func equalsAnIndependentLeastSquaresSolve() throws {
        let observations = try Self.synthetic(300, sigma: 0.2, seed: 4)
        let fit = try PowerLawCalibration(observations: observations)
        let rows = observations.map {
            PowerLawCalibration.features(
                hull: $0.hull, speedKmh: $0.speedKmh, trackDepthM: $0.trackDepthM, distanceM: $0.distanceM)
        }
        let y = observations.map { log($0.heightM) }
        let p = 5
        var xtx = [[Double]](repeating: [Double](repeating: 0, count: p), count: p)
        var xty = [Double](repeating: 0, count: p)
        for (x, yi) in zip(rows, y) {
            for a in 0..<p {
                xty[a] += x[a] * yi
                for b in 0..<p { xtx[a][b] += x[a] * x[b] }
            }
        }
        let inverse = Self.invert(xtx)
        let beta = (0..<p).map { a in (0..<p).reduce(0) { $0 + inverse[a][$1] * xty[$1] } }
        let residuals = zip(rows, y).map { x, yi in yi - zip(x, beta).reduce(0) { $0 + $1.0 * $1.1 } }
        let s2 = residuals.reduce(0) { $0 + $1 * $1 } / Double(rows.count - p)
        for a in 0..<p {
            #expect(abs(fit.powerLaw.coefficients[a].value - beta[a]) <= 1e-9 * max(1, abs(beta[a])))
            let se = (s2 * inverse[a][a]).squareRoot()
            #expect(abs(fit.powerLaw.coefficients[a].standardError - se) <= 1e-8 * se)
        }
        var loo = 0.0
        for (x, e) in zip(rows, residuals) {
            let h = (0..<p).reduce(0.0) { (sum: Double, a: Int) -> Double in
                sum + (0..<p).reduce(0.0) { (t: Double, b: Int) -> Double in t + x[a] * inverse[a][b] * x[b] }
            }
            loo += (e / (1 - h)) * (e / (1 - h))
        }
        #expect(abs(fit.powerLaw.leaveOneOutRmse! - (loo / Double(rows.count)).squareRoot()) < 1e-9)
        // The prediction interval, by hand: ln H ± t(0.975, n − p) √(s² + x Cov x).
        let o = observations[0]
        let prediction = fit.predict(
            hull: o.hull, speedKmh: o.speedKmh, trackDepthM: o.trackDepthM, distanceM: o.distanceM)
        let x = rows[0]
        let xcx = (0..<p).reduce(0.0) { (sum: Double, a: Int) -> Double in
            sum + (0..<p).reduce(0.0) { (t: Double, b: Int) -> Double in t + x[a] * s2 * inverse[a][b] * x[b] }
        }
        let half = StudentT.quantile(0.975, dof: Double(rows.count - p)) * (s2 + xcx).squareRoot()
        let center = zip(x, beta).reduce(0) { $0 + $1.0 * $1.1 }
        #expect(abs(log(prediction.upper95) - (center + half)) < 1e-8)
        #expect(abs(log(prediction.lower95) - (center - half)) < 1e-8)
        #expect(prediction.withinObservations)
    }

    static func invert(_ m: [[Double]]) -> [[Double]] {
        let n = m.count
        var a = m.enumerated().map { i, row in row + (0..<n).map { $0 == i ? 1.0 : 0.0 } }
        for col in 0..<n {
            let pivot = (col..<n).max { abs(a[$0][col]) < abs(a[$1][col]) }!
            a.swapAt(col, pivot)
            let d = a[col][col]
            a[col] = a[col].map { $0 / d }
            for r in 0..<n where r != col {
                let f = a[r][col]
                a[r] = zip(a[r], a[col]).map { $0 - f * $1 }
            }
        }
        return a.map { Array($0[n...]) }
    }

    @Test func observationsOfOneSpeedAndDepthCannotSeparateTheCoefficients() throws {
        let hull = try WakeHull(lengthM: 40, beamM: 8, displacementT: 120)
        let flat = (0..<30).map {
            Observation(
                line: $0 + 2, ship: nil, hull: hull, speedKmh: 18, trackDepthM: 10, distanceM: 20 + Double($0) * 5,
                heightM: 0.3)
        }
        #expect {
            try PowerLawCalibration(observations: flat)
        } throws: { error in
            guard case CalibrationError.rankDeficient(let reason) = error else { return false }
            return reason.contains("constant or a combination")
        }
        #expect(throws: CalibrationError.tooFewObservations(valid: 4, needed: 5, skipped: 2)) {
            try PowerLawCalibration(observations: Array(flat.prefix(4)), skipped: 2)
        }
    }

    /// A model compared with observations generated by that model: no bias, no error.
    @Test func aModelMatchesObservationsItGenerated() throws {
        var rng = SplitMix64(seed: 5)
        var observations: [Observation] = []
        for i in 0..<400 {
            let hull = try WakeHull(
                lengthM: rng.uniform(30, 60), beamM: rng.uniform(6, 11), displacementT: rng.uniform(80, 400))
            let (speed, depth, distance) = (rng.uniform(10, 22), rng.uniform(6, 40), rng.uniform(20, 200))
            let h = PointEvaluator.heights(hull: hull, speedKmh: speed, trackDepthM: depth, distanceM: distance)
            observations.append(
                Observation(
                    line: i + 2, ship: nil, hull: hull, speedKmh: speed, trackDepthM: depth, distanceM: distance,
                    heightM: h[.kriebelSeelig2005].height))
        }
        let fit = try PowerLawCalibration(observations: observations)
        let ks = try #require(fit.models[WakeModel.kriebelSeelig2005.rawValue])
        #expect(ks.count > 100)
        #expect(abs(ks.logBias!) < 1e-12 && ks.logRmse! < 1e-12 && abs(ks.factor! - 1) < 1e-12)
        let sw = try #require(fit.models[WakeModel.sorensenWeggel1984.rawValue])
        #expect(sw.logRmse! > 0.01)
    }

    /// The ensemble compared with observations it generated (over subcritical tracks the hulls
    /// clear): no bias, no error; and the chart's samples carry each prediction.
    @Test func theEnsembleMatchesObservationsItGenerated() throws {
        var rng = SplitMix64(seed: 6)
        var observations: [Observation] = []
        while observations.count < 300 {
            let hull = try WakeHull(
                lengthM: rng.uniform(30, 60), beamM: rng.uniform(6, 11), displacementT: rng.uniform(80, 400))
            let (speed, depth, distance) = (rng.uniform(10, 22), rng.uniform(6, 40), rng.uniform(20, 200))
            guard
                let h = PointEvaluator(hulls: [hull]).ensemble(
                    hull: 0, speedKmh: speed, trackDepthM: depth, distanceM: distance)
            else { continue }
            observations.append(
                Observation(
                    line: observations.count + 2, ship: nil, hull: hull, speedKmh: speed, trackDepthM: depth,
                    distanceM: distance, heightM: h))
        }
        let fit = try PowerLawCalibration(observations: observations)
        let ensemble = try #require(fit.models[PowerLawCalibration.ensembleKey])
        #expect(ensemble.count == 300)
        #expect(abs(ensemble.logBias!) < 1e-12 && ensemble.logRmse! < 1e-12)
        let samples = fit.samples(ObservationTable(observations), limit: 50)
        #expect(samples.count == 50)
        for s in samples { #expect(abs(s.ensembleM! / s.observedM - 1) < 1e-12) }
    }

    @Test func studentTQuantilesMatchTables() {
        for (dof, value) in [
            (1.0, 12.706_204_736), (2, 4.302_652_730), (10, 2.228_138_852), (30, 2.042_272_456), (1000, 1.962_339_081),
        ] {
            #expect(abs(StudentT.quantile(0.975, dof: dof) - value) < 1e-8, "dof \(dof)")
        }
        #expect(abs(StudentT.quantile(0.025, dof: 10) + 2.228_138_852) < 1e-8)
    }
}

/// The fit of a file read twice in blocks (memory of one block) is the fit of the same rows held
/// whole, whatever the block size: coefficients, errors, R², leave-one-out, model comparisons.
@Suite struct StreamedCalibrationTests {
    @Test func readingInBlocksGivesTheWholeFit() throws {
        let url = RepositoryPaths.data.appendingPathComponent("observations/example.csv")
        let whole = try PowerLawCalibration(table: try ObservationsFile.read(url).observations)
        for blockRows in [5, 7, 48, 65_536] {
            let streamed = try PowerLawCalibration.fit(file: url, blockRows: blockRows, wholeFileLimit: 0)
            let c = streamed.calibration
            #expect(c.observations == 48 && streamed.file.rows == 48, "\(blockRows)")
            for (a, b) in zip(c.powerLaw.coefficients, whole.powerLaw.coefficients) {
                #expect(
                    abs(a.value - b.value) < 1e-10 && abs(a.standardError - b.standardError) < 1e-10, "\(blockRows)")
            }
            #expect(abs(c.powerLaw.rSquared - whole.powerLaw.rSquared) < 1e-12)
            #expect(abs((c.powerLaw.leaveOneOutRmse ?? 0) - (whole.powerLaw.leaveOneOutRmse ?? 1)) < 1e-10)
            #expect(c.powerLaw.featureRanges == whole.powerLaw.featureRanges)
            for (key, model) in whole.models {
                let other = try #require(c.models[key])
                #expect(
                    other.count == model.count && abs((other.logRmse ?? 0) - (model.logRmse ?? 0)) < 1e-12, "\(key)")
            }
            #expect(streamed.samples.count == 48)
        }
    }

    /// A file under the limit is read whole: the same figures and samples as streaming it.
    @Test func aSmallFileReadWholeGivesTheStreamedFit() throws {
        let url = RepositoryPaths.data.appendingPathComponent("observations/example.csv")
        let streamed = try PowerLawCalibration.fit(file: url, blockRows: 7, wholeFileLimit: 0)
        let whole = try PowerLawCalibration.fit(file: url)
        for (a, b) in zip(whole.calibration.powerLaw.coefficients, streamed.calibration.powerLaw.coefficients) {
            #expect(abs(a.value - b.value) < 1e-10 && abs(a.standardError - b.standardError) < 1e-10)
        }
        #expect(whole.file.rows == streamed.file.rows && whole.file.skippedCount == streamed.file.skippedCount)
        #expect(whole.file.illustrativeCount == streamed.file.illustrativeCount)
        #expect(whole.samples.count == streamed.samples.count)
        #expect(
            zip(whole.samples, streamed.samples).allSatisfy { abs($0.observedM - $1.observedM) < 1e-12 })
    }
}
