import Foundation
import LegacyWakeModel
public import ShipRatingTable
import WakeKernelSupport

/// Every ship's operating speed from the evidence there is (docs/SCIENCE.md §7): a published
/// service speed; else the cruising speed of the courses it ran; else that of a sister ship;
/// else the Admiralty relation fitted on the ships with one of those and a known power and
/// displacement. Ships with none of these have no operating speed (``missing`` says why).
public struct OperatingSpeeds: Sendable {
    /// By ship name (``ResolvedFleet/Ship/name``).
    public var speeds: [String: OperatingSpeed]
    /// Ships without one, with the reason.
    public var missing: [String: String]
    /// The Admiralty fit, when there were ships to fit it on.
    public var admiralty: AdmiraltyFit?

    /// How far sisters' published displacements may differ (a share of the larger).
    static let sisterDisplacementTolerance = 0.05

    /// The highest a ship's measured or estimated operating speed may be, km/h.
    static let plausibleKmh = PlausibleValues.speedKmh

    /// - Parameters:
    ///   - courses: cruising speeds from an archive (matched by name or alias).
    ///   - coursesReference: how the courses file is cited ("Data/operating-speeds.json").
    public init(ships: [ResolvedFleet.Ship], courses: CourseSpeedTable?, coursesReference: String) {
        var speeds: [String: OperatingSpeed] = [:]
        var missing: [String: String] = [:]
        let measured = courses.map { table in
            Dictionary(table.ships.map { (ShipNames.key($0.name), $0) }, uniquingKeysWith: { a, _ in a })
        }
        for ship in ships {
            if let service = ship.serviceSpeed {
                speeds[ship.name] = OperatingSpeed(kmh: service.value, basis: .published, source: service.source)
                continue
            }
            let keys = ([ship.name] + ship.aliases).map(ShipNames.key)
            if let table = courses, let fit = keys.lazy.compactMap({ measured?[$0] }).first {
                speeds[ship.name] = OperatingSpeed(
                    kmh: fit.cruisingSpeedKmh, basis: .courses,
                    source:
                        "\(coursesReference): \(fit.legs) legs on \(fit.days) days of \(table.archive), "
                        + "\(table.from)…\(table.to)",
                    spreadKmh: fit.standardErrorKmh)
            }
        }
        // Sister ships: the same hull and engines (sisters' published displacements differ by a
        // few tonnes: DS Stadt Zürich 260 t, DS Stadt Rapperswil 258 t).
        func sisters(_ a: ResolvedFleet.Ship, _ b: ResolvedFleet.Ship) -> Bool {
            guard let la = a.length, let ba = a.beam, let da = a.displacement, let pa = a.power,
                let lb = b.length, let bb = b.beam, let db = b.displacement, let pb = b.power
            else { return false }
            return la.value == lb.value && ba.value == bb.value && pa.value == pb.value
                && abs(da.value - db.value) <= Self.sisterDisplacementTolerance * max(da.value, db.value)
        }
        let known = ships.filter { speeds[$0.name] != nil }
        for ship in ships where speeds[ship.name] == nil {
            guard let sister = known.first(where: { sisters($0, ship) }), let speed = speeds[sister.name] else {
                continue
            }
            speeds[ship.name] = OperatingSpeed(
                kmh: speed.kmh, basis: .sisterShip,
                source:
                    "\(sister.name) (same length, beam and power, displacement within 5 %): \(speed.basis.rawValue)",
                spreadKmh: speed.spreadKmh)
        }
        // The Admiralty relation, fitted on the ships with a published or measured speed.
        let fitted = ships.compactMap { ship -> (String, Double, Double, Double)? in
            guard let speed = speeds[ship.name], speed.basis == .published || speed.basis == .courses,
                let d = ship.displacement, let p = ship.power
            else { return nil }
            return (ship.name, d.value, p.value, speed.kmh)
        }
        let fit = AdmiraltyFit(fitted.map { (name: $0.0, displacementT: $0.1, powerKW: $0.2, speedKmh: $0.3) })
        for ship in ships where speeds[ship.name] == nil {
            guard let d = ship.displacement, let p = ship.power else {
                let lacking = [("displacement", ship.displacement), ("power", ship.power)].filter { $0.1 == nil }.map(
                    \.0)
                missing[ship.name] =
                    "no published service speed, no archived courses, and no \(lacking.joined(separator: " or ")) "
                    + "to estimate one"
                continue
            }
            guard let fit, fit.ships.count >= 2 else {
                missing[ship.name] =
                    "no published service speed and no archived courses; the Admiralty relation needs two ships "
                    + "with a known speed, power and displacement"
                continue
            }
            let estimate = fit.speedKmh(displacementT: d.value, powerKW: p.value)
            guard Self.plausibleKmh.contains(estimate.kmh) else {
                missing[ship.name] = "the Admiralty estimate (\(estimate.kmh) km/h) is implausible"
                continue
            }
            speeds[ship.name] = OperatingSpeed(
                kmh: estimate.kmh, basis: .admiralty,
                source:
                    "Admiralty relation from \(p.value) kW and \(d.value) t, C fitted on \(fit.ships.count) ships "
                    + "(\(fit.ships.joined(separator: ", ")))",
                spreadKmh: estimate.spreadKmh)
        }
        self.speeds = speeds
        self.missing = missing
        admiralty = fit
    }
}
