import Foundation
public import JobContract
public import ShipRatingTable
import TextFormats
public import WakeCalibration
public import WakeModels

/// What the wake reports show: the ships by name, their batch, and a calibration if given.
///
/// Its parts are fixed at ``init(names:ensemble:calibration:operating:)``, which checks that they
/// fit together, so every report can index the batch by them.
public struct WakeTable: Sendable {
    public private(set) var names: [String]
    public private(set) var ensemble: WakeEnsemble
    public private(set) var calibration: PowerLawCalibration?
    /// With operating speeds: each ship's own speed in the batch (and its ± one standard deviation),
    /// so that each ship is shown at its speed only, its band including the speed's share; nil:
    /// every ship at every speed.
    public private(set) var operating: [OperatingColumn]?
    /// Ships of the fleet a run over the whole fleet could not compute, with why (no published
    /// dimensions; with operating speeds, no evidence of one). Empty when ships were named: a
    /// named ship that cannot be computed is an error.
    public var leftOut: [LeftOutShip] = []

    /// One ship's operating speed as columns of the batch.
    public struct OperatingColumn: Sendable {
        /// The speed's index in ``WakeModels/WakeEnsemble/speedsKmh``.
        public var speed: Int
        /// The indices of V − σ and V + σ (nil without a spread).
        public var minus: Int?
        public var plus: Int?
        /// Where the speed comes from (courses, a sister ship, …) and its standard error, km/h.
        public var basis: SpeedBasis
        public var spreadKmh: Double?

        public init(speed: Int, minus: Int?, plus: Int?, basis: SpeedBasis, spreadKmh: Double?) {
            self.speed = speed
            self.minus = minus
            self.plus = plus
            self.basis = basis
            self.spreadKmh = spreadKmh
        }
    }

    /// - Throws: ``JobContract/InvalidInput`` unless there is one name per ship of the batch and,
    ///   with `operating`, one column per ship whose indices are speeds of the batch.
    public init(
        names: [String], ensemble: WakeEnsemble, calibration: PowerLawCalibration? = nil,
        operating: [OperatingColumn]? = nil
    ) throws(InvalidInput) {
        guard names.count == ensemble.shipCount else {
            throw InvalidInput(
                field: "names", value: "\(names.count) names",
                accepted: "one per ship of the batch (\(ensemble.shipCount))")
        }
        if let operating {
            guard operating.count == names.count else {
                throw InvalidInput(
                    field: "operating", value: "\(operating.count) columns", accepted: "one per ship (\(names.count))")
            }
            let speeds = 0..<ensemble.speedCount
            if let bad = operating.flatMap({ [$0.speed, $0.minus, $0.plus] }).compactMap({ $0 }).first(where: {
                !speeds.contains($0)
            }) {
                throw InvalidInput(
                    field: "operating", value: "speed index \(bad)",
                    accepted: "indices of the batch's \(ensemble.speedCount) speeds")
            }
        }
        self.names = names
        self.ensemble = ensemble
        self.calibration = calibration
        self.operating = operating
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

    /// One point; at an operating speed, its band with the speed's share (the central height at
    /// V ± σ over the same track).
    func point(ship: Int, _ c: Case, distance: Int) -> WakePoint {
        let p = ensemble.point(
            ship: ship, speed: c.speed, trackDepth: c.trackDepth, riderDepth: c.riderDepth, distance: distance)
        guard let column = operating?[ship], let minus = column.minus, let plus = column.plus else { return p }
        func central(_ speed: Int) -> Double? {
            ensemble.point(
                ship: ship, speed: speed, trackDepth: c.trackDepth, riderDepth: c.riderDepth, distance: distance
            )
            .generated?.median
        }
        guard let h = p.generated?.median, let down = central(minus), let up = central(plus), h > 0, down > 0, up > 0
        else { return p.adding(speed: .init(lower: .infinity, upper: .infinity)) }
        return p.adding(speed: .init(lower: max(0, log(h / down)), upper: max(0, log(up / h))))
    }

    /// The cases a ship is shown in: all of them, or those at its operating speed.
    func cases(ship: Int) -> [Case] {
        guard let column = operating?[ship] else { return cases }
        return cases.filter { $0.speed == column.speed }
    }

    /// "18 km/h, track 10 m, rider 3 m".
    func label(_ c: Case) -> String {
        let e = ensemble
        let speed = operating == nil ? "\(fixed(e.speedsKmh[c.speed], 1)) km/h" : "operating speed"
        return
            "\(speed), track \(fixed(e.trackDepthsM[c.trackDepth], 1)) m, rider \(fixed(e.riderDepthsM[c.riderDepth], 1)) m"
    }

    /// The number of points the reports show.
    public var pointCount: Int {
        (0..<ensemble.shipCount).map { cases(ship: $0).count }.reduce(0, +) * ensemble.distanceCount
    }

    /// The calibrated law at a point (the track's depth, as it was fitted).
    func calibrated(ship: Int, _ p: WakePoint) -> PowerLawCalibration.Prediction? {
        calibration?.predict(
            hull: ensemble.hulls[ship], speedKmh: p.speedKmh, trackDepthM: p.trackDepthM, distanceM: p.distanceM)
    }

    /// Visits every point in ship, speed, track depth, rider depth, distance order.
    func forEachPoint(
        _ body: (_ ship: Int, _ point: WakePoint, _ calibrated: PowerLawCalibration.Prediction?) throws -> Void
    ) rethrows {
        for i in 0..<ensemble.shipCount {
            for c in cases(ship: i) {
                for l in 0..<ensemble.distanceCount {
                    let p = point(ship: i, c, distance: l)
                    try body(i, p, calibrated(ship: i, p))
                }
            }
        }
    }
}
