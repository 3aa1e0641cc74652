import Foundation
import WakePhysics

/// The three models at single points, each ship's terms computed once (for observations, which
/// are scattered points rather than a grid). Gives the values of ``WakeEnsemble`` to rounding:
/// the same terms and the kernel's exp (BLAS may fuse a multiply-add the scalar path rounds twice).
public struct PointEvaluator: Sendable {
    /// The heights of the three models at one point, in ``WakeModel/allCases`` order, and which
    /// are valid there.
    public struct Heights: Sendable, Equatable {
        public var kriebelSeelig: Double
        public var sorensenWeggel: Double
        public var pianc: Double
        /// Bit set of the valid models.
        let valid: UInt8

        public subscript(model: WakeModel) -> (height: Double, valid: Bool) {
            let height =
                switch model {
                case .kriebelSeelig2005: kriebelSeelig
                case .sorensenWeggel1984: sorensenWeggel
                case .pianc1987: pianc
                }
            return (height, valid & model.bit != 0)
        }
    }

    public let hulls: [WakeHull]
    private let ships: [ModelTerms.Ship]

    /// - Parameter hulls: the ships the points refer to by index.
    public init(hulls: [WakeHull]) {
        self.hulls = hulls
        ships = hulls.map(ModelTerms.Ship.init)
    }

    /// The models' heights for hull number `hull` at `speedKmh` (> 0), depth `depthM` (> 0) and
    /// distance `distanceM` (> 0).
    public func heights(hull: Int, speedKmh: Double, depthM h: Double, distanceM y: Double) -> Heights {
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

    /// The models' heights for one hull at one point.
    public static func heights(hull: WakeHull, speedKmh: Double, depthM: Double, distanceM: Double) -> Heights {
        PointEvaluator(hulls: [hull]).heights(hull: 0, speedKmh: speedKmh, depthM: depthM, distanceM: distanceM)
    }
}
