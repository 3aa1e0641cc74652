import NextWaveSupport
public import WakeCalibration
public import WakeModels

/// What the wake reports show: the ships by name, their batch, and a calibration if given.
public struct WakeTable: Sendable {
    public var names: [String]
    public var ensemble: WakeEnsemble
    public var calibration: PowerLawCalibration?

    public init(names: [String], ensemble: WakeEnsemble, calibration: PowerLawCalibration? = nil) {
        precondition(names.count == ensemble.shipCount, "one name per ship")
        self.names = names
        self.ensemble = ensemble
        self.calibration = calibration
    }

    /// One operating case of the grid: a speed over a track depth, seen from a rider depth.
    struct Case: Hashable {
        var speed: Int
        var trackDepth: Int
        var riderDepth: Int
    }

    /// The cases in speed, track depth, rider depth order.
    var cases: [Case] {
        let e = ensemble
        return (0..<e.speedCount).flatMap { j in
            (0..<e.trackDepthCount).flatMap { k in
                (0..<e.riderDepthCount).map { Case(speed: j, trackDepth: k, riderDepth: $0) }
            }
        }
    }

    func point(ship: Int, _ c: Case, distance: Int) -> WakePoint {
        ensemble.point(
            ship: ship, speed: c.speed, trackDepth: c.trackDepth, riderDepth: c.riderDepth, distance: distance)
    }

    /// "18 km/h, track 10 m, rider 3 m".
    func label(_ c: Case) -> String {
        let e = ensemble
        return "\(fixed(e.speedsKmh[c.speed], 1)) km/h, track \(fixed(e.trackDepthsM[c.trackDepth], 1)) m, "
            + "rider \(fixed(e.riderDepthsM[c.riderDepth], 1)) m"
    }

    /// The calibrated law at a point (the track's depth, as it was fitted).
    func calibrated(ship: Int, _ p: WakePoint) -> PowerLawCalibration.Prediction? {
        calibration?.predict(
            hull: ensemble.hulls[ship], speedKmh: p.speedKmh, depthM: p.trackDepthM, distanceM: p.distanceM)
    }

    /// Visits every point in ship, speed, track depth, rider depth, distance order.
    func forEachPoint(
        _ body: (_ ship: Int, _ point: WakePoint, _ calibrated: PowerLawCalibration.Prediction?) throws -> Void
    ) rethrows {
        let cases = self.cases
        for i in 0..<ensemble.shipCount {
            for c in cases {
                for l in 0..<ensemble.distanceCount {
                    let p = point(ship: i, c, distance: l)
                    try body(i, p, calibrated(ship: i, p))
                }
            }
        }
    }
}
