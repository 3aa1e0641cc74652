import NextWaveSupport
import WakeCalibration
import WakeModels

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

    /// Visits every point in ship, speed, depth, distance order.
    func forEachPoint(
        _ body: (_ ship: Int, _ point: WakePoint, _ calibrated: PowerLawCalibration.Prediction?) throws -> Void
    )
        rethrows
    {
        let e = ensemble
        for i in 0..<e.shipCount {
            for j in 0..<e.speedCount {
                for k in 0..<e.depthCount {
                    for l in 0..<e.distanceCount {
                        let point = e.point(ship: i, speed: j, depth: k, distance: l)
                        let calibrated = calibration?.predict(
                            hull: e.hulls[i], speedKmh: point.speedKmh, depthM: point.depthM,
                            distanceM: point.distanceM)
                        try body(i, point, calibrated)
                    }
                }
            }
        }
    }
}

/// JSON numbers: shortest round-trip decimals, `null` for what does not exist (never NaN).
enum JSONNumber {
    static func text(_ value: Double?) -> String {
        guard let value, value.isFinite else { return "null" }
        return "\(value)"
    }

    /// A JSON string literal.
    static func string(_ text: String) -> String { PrettyJSON.quoted(text) }
}
