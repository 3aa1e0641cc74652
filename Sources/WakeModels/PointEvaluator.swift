import Foundation
import LegacyWakeModel
import WakeKernelSupport

/// The three models and the central height at single points, each ship's terms computed once (for
/// observations, which are scattered points rather than a grid). Gives the values of ``WakeEnsemble`` to rounding:
/// the same terms and the kernel's exp (BLAS may fuse a multiply-add the scalar path rounds twice).
package struct PointEvaluator: Sendable {
    /// The heights of the three models at one point, in ``WakeModel/allCases`` order, and which
    /// are valid there.
    package struct Heights: Sendable, Equatable {
        package var kriebelSeelig: Double
        package var sorensenWeggel: Double
        package var pianc: Double
        /// Bit set of the valid models.
        let valid: UInt8

        package subscript(model: WakeModel) -> (height: Double, valid: Bool) {
            let height =
                switch model {
                case .kriebelSeelig2005: kriebelSeelig
                case .sorensenWeggel1984: sorensenWeggel
                case .pianc1987: pianc
                }
            return (height, valid & model.bit != 0)
        }
    }

    package let hulls: [WakeHull]
    private let ships: [ModelTerms.Ship]
    private let variants: [[HullVariant]]

    /// - Parameter hulls: the ships the points refer to by index.
    package init(hulls: [WakeHull]) {
        self.hulls = hulls
        ships = hulls.map(ModelTerms.Ship.init)
        variants = hulls.map(HullVariant.of)
    }

    private func row(hull: Int, speedKmh: Double, trackDepthM h: Double, weights: EnsembleWeights) -> (
        ModelTerms.Row, froudeDepth: Double
    ) {
        let ship = ships[hull]
        let v = speedKmh / PhysicalConstants.kmhPerMetrePerSecond
        let shipSpeed = ModelTerms.ShipSpeed(ship, speedMPerS: v)
        let fh = v / (PhysicalConstants.gravity * h).squareRoot()
        let track = ModelTerms.Track(
            trackDepthM: h, froudeDepth: fh, velocitySquaredOverG: shipSpeed.velocitySquaredOverG)
        let row = ModelTerms.Row(
            ship, shipSpeed, track: track, variants: variants[hull], aground: hulls[hull].isAground(trackDepthM: h),
            weights: weights)
        return (row, fh)
    }

    /// The models' heights for hull number `hull` at `speedKmh` (> 0), track depth `trackDepthM` (> 0)
    /// and distance `distanceM` (> 0).
    package func heights(hull: Int, speedKmh: Double, trackDepthM h: Double, distanceM y: Double) -> Heights {
        let (row, _) = row(hull: hull, speedKmh: speedKmh, trackDepthM: h, weights: .equal)
        let q = 1 / cbrt(y)
        return Heights(
            kriebelSeelig: row.ksCoefficient * q,
            sorensenWeggel: EnsembleExp.exp(row.swLogCoefficient + row.swExponent * log(y)),
            pianc: row.piancCoefficient * q, valid: row.valid)
    }

    /// The central height for hull number `hull` at a point of a track `trackDepthM` deep, at the
    /// track (``WakeEnsemble``'s rule: the weighted geometric mean of Kriebel & Seelig and PIANC at
    /// their held depths); nil over a supercritical track or an aground hull.
    package func ensemble(
        hull: Int, speedKmh: Double, trackDepthM h: Double, distanceM y: Double, weights: EnsembleWeights = .equal
    ) -> Double? {
        let (row, _) = row(hull: hull, speedKmh: speedKmh, trackDepthM: h, weights: weights)
        guard !row.centralLog.isNaN else { return nil }
        // As the kernel forms it: e^(c0) · y^(−1/3).
        return EnsembleExp.exp(row.centralLog) * (1 / cbrt(y))
    }

    /// The central height's uncertainty at a point, by cause (without the speed's).
    package func uncertainty(hull: Int, speedKmh: Double, trackDepthM h: Double, weights: EnsembleWeights = .equal)
        -> HeightUncertainty
    {
        row(hull: hull, speedKmh: speedKmh, trackDepthM: h, weights: weights).0.uncertainty
    }

    /// Each model's ln H for hull number `hull` at a point, which are valid there, and the
    /// central ln H (nil where there is none), from the logs of the speed (m/s), depth and
    /// distance already at hand (``ModelTerms/logHeights``).
    package func logHeights(
        hull: Int, speedMPerS v: Double, logSpeed lnV: Double, trackDepthM h: Double, logDepth lnh: Double,
        logDistance lny: Double, weights: EnsembleWeights = .equal
    ) -> (models: Heights, ensemble: Double?) {
        let l = ModelTerms.logHeights(
            ships[hull], speedMPerS: v, logSpeed: lnV, trackDepthM: h, logDepth: lnh, logDistance: lny,
            aground: hulls[hull].isAground(trackDepthM: h), weights: weights)
        let models = Heights(kriebelSeelig: l.ks, sorensenWeggel: l.sw, pianc: l.pianc, valid: l.valid)
        return (models, l.central)
    }

    /// The models' heights for one hull at one point.
    package static func heights(hull: WakeHull, speedKmh: Double, trackDepthM: Double, distanceM: Double) -> Heights {
        PointEvaluator(hulls: [hull]).heights(
            hull: 0, speedKmh: speedKmh, trackDepthM: trackDepthM, distanceM: distanceM)
    }
}
