import Foundation
import LegacyWakeModel
import WakeKernelSupport

/// The three models at single points, each ship's terms computed once (for observations, which
/// are scattered points rather than a grid). Gives the values of ``WakeEnsemble`` to rounding:
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

    /// - Parameter hulls: the ships the points refer to by index.
    package init(hulls: [WakeHull]) {
        self.hulls = hulls
        ships = hulls.map(ModelTerms.Ship.init)
    }

    /// The models' heights for hull number `hull` at `speedKmh` (> 0), depth `depthM` (> 0) and
    /// distance `distanceM` (> 0).
    package func heights(hull: Int, speedKmh: Double, depthM h: Double, distanceM y: Double) -> Heights {
        let ship = ships[hull]
        let v = speedKmh / PhysicalConstants.kmhPerMetrePerSecond
        let shipSpeed = ModelTerms.ShipSpeed(ship, speedMPerS: v)
        let fh = v / (PhysicalConstants.gravity * h).squareRoot()
        let row = ModelTerms.Row(ship, shipSpeed, depthM: h, froudeDepth: fh)
        let q = 1 / cbrt(y)
        return Heights(
            kriebelSeelig: row.ksCoefficient * q,
            sorensenWeggel: EnsembleExp.exp(row.swLogCoefficient + row.swExponent * log(y)),
            pianc: row.piancCoefficient * q, valid: row.valid)
    }

    /// The ensemble's height for hull number `hull` at a point of a track `depthM` deep
    /// (``WakeEnsemble``'s rule: the weighted log mean of the ensemble models valid there, over a
    /// subcritical track the hull is not aground on); nil when none holds.
    package func ensemble(
        hull: Int, speedKmh: Double, depthM h: Double, distanceM y: Double, weights: EnsembleWeights = .equal
    ) -> Double? {
        let ship = ships[hull]
        let v = speedKmh / PhysicalConstants.kmhPerMetrePerSecond
        let shipSpeed = ModelTerms.ShipSpeed(ship, speedMPerS: v)
        let fh = v / (PhysicalConstants.gravity * h).squareRoot()
        let row = ModelTerms.Row(ship, shipSpeed, depthM: h, froudeDepth: fh)
        let mask = WakeEnsemble.ensembleMask(
            shares: (row.ksTaper, row.swTaper), froudeDepth: fh, aground: hulls[hull].isAground(trackDepthM: h))
        guard mask != 0 else { return nil }
        let log = row.ensembleLog(mask: mask, weights: weights)
        return EnsembleExp.exp(log.c0 + log.c1 * Foundation.log(y))
    }

    /// Each model's ln H for hull number `hull` at a point, which are valid there, and the
    /// ensemble's ln H (nil where it has none), from the logs of the speed (m/s), depth and
    /// distance already at hand (``ModelTerms/logHeights``).
    package func logHeights(
        hull: Int, speedMPerS v: Double, logSpeed lnV: Double, depthM h: Double, logDepth lnh: Double,
        logDistance lny: Double, weights: EnsembleWeights = .equal
    ) -> (models: Heights, ensemble: Double?) {
        let l = ModelTerms.logHeights(
            ships[hull], speedMPerS: v, logSpeed: lnV, depthM: h, logDepth: lnh, logDistance: lny)
        let models = Heights(kriebelSeelig: l.ks, sorensenWeggel: l.sw, pianc: l.pianc, valid: l.valid)
        guard l.subcritical, !hulls[hull].isAground(trackDepthM: h) else { return (models, nil) }
        let wKS = weights.kriebelSeelig * l.ksShare
        let wSW = weights.sorensenWeggel * l.swShare
        guard wKS + wSW > 0 else { return (models, nil) }
        let ks = wKS > 0 ? wKS * l.ks : 0
        let sw = wSW > 0 ? wSW * l.sw : 0
        return (models, (ks + sw) / (wKS + wSW))
    }

    /// The models' heights for one hull at one point.
    package static func heights(hull: WakeHull, speedKmh: Double, depthM: Double, distanceM: Double) -> Heights {
        PointEvaluator(hulls: [hull]).heights(hull: 0, speedKmh: speedKmh, depthM: depthM, distanceM: distanceM)
    }
}
