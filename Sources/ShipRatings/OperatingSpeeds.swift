import Foundation
import LegacyWakeModel
public import ShipRatingTable
import TextFormats
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

    /// How far sisters' published lengths and beams may differ (a share of the larger).
    static let sisterTolerance = 0.01

    /// Two ships of one fleet with the same hull: length and beam within ``sisterTolerance``.
    static func sisters(_ a: ResolvedFleet.Ship, _ b: ResolvedFleet.Ship) -> Bool {
        guard a.name != b.name, let la = a.length?.value, let ba = a.beam?.value, let lb = b.length?.value,
            let bb = b.beam?.value
        else { return false }
        return abs(la - lb) <= sisterTolerance * max(la, lb) && abs(ba - bb) <= sisterTolerance * max(ba, bb)
    }

    /// Several sisters' speeds as one: the inverse-variance mean with its standard error where all
    /// have one, else the plain mean with the largest spread.
    static func pooled(_ speeds: [OperatingSpeed]) -> (kmh: Double, spreadKmh: Double?)? {
        guard !speeds.isEmpty else { return nil }
        if speeds.count == 1 { return (speeds[0].kmh, speeds[0].spreadKmh) }
        let spreads = speeds.compactMap(\.spreadKmh).filter { $0 > 0 }
        guard spreads.count == speeds.count else {
            return (speeds.map(\.kmh).reduce(0, +) / Double(speeds.count), speeds.compactMap(\.spreadKmh).max())
        }
        let weights = spreads.map { 1 / ($0 * $0) }
        let total = weights.reduce(0, +)
        return (zip(speeds, weights).map { $0.kmh * $1 }.reduce(0, +) / total, (1 / total).squareRoot())
    }

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
                        "\(coursesReference): \(counted(fit.legs, "leg")) on \(counted(fit.days, "day")) of \(table.archive), "
                        + "\(table.from)…\(table.to)",
                    spreadKmh: fit.standardErrorKmh)
            }
        }
        // Sister ships: the same hull (length and beam within 1 %) in one operator's fleet sail the
        // same timetable, whatever engines a refit gave them: a ship without its own evidence takes
        // its sisters' (pooled by inverse variance when several have one).
        let measuredShips = ships.filter { speeds[$0.name] != nil }
        for ship in ships where speeds[ship.name] == nil {
            let evidence = measuredShips.filter { Self.sisters($0, ship) }.compactMap { sister in
                speeds[sister.name].map { (sister.name, $0) }
            }
            guard let pooled = Self.pooled(evidence.map(\.1)) else { continue }
            speeds[ship.name] = OperatingSpeed(
                kmh: pooled.kmh, basis: .sisterShip,
                source:
                    "sister ship\(evidence.count == 1 ? "" : "s") \(evidence.map(\.0).joined(separator: ", ")) (same length "
                    + "and beam): \(evidence.map { $0.1.basis.rawValue }.joined(separator: ", "))",
                spreadKmh: pooled.spreadKmh)
        }
        // The Admiralty relation, fitted on the ships with a published or measured speed, sisters
        // as one hull.
        let fitted = ships.compactMap { ship -> (ship: ResolvedFleet.Ship, known: AdmiraltyFit.Known)? in
            guard let speed = speeds[ship.name], speed.basis == .published || speed.basis == .courses,
                let d = ship.displacement, let p = ship.power
            else { return nil }
            return (ship, (ship.name, d.value, p.value, speed.kmh))
        }
        var hulls: [[(ship: ResolvedFleet.Ship, known: AdmiraltyFit.Known)]] = []
        for entry in fitted {
            if let i = hulls.firstIndex(where: { $0.contains { Self.sisters($0.ship, entry.ship) } }) {
                hulls[i].append(entry)
            } else {
                hulls.append([entry])
            }
        }
        let fit = AdmiraltyFit(hulls: hulls.map { $0.map(\.known) })
        // Only for a ship with neither its own evidence nor a sister's: each estimated; a class of
        // sisters without any evidence sails at the fastest member's estimate (the class keeps one
        // timetable; a sister refitted with less power was specified to keep it).
        var estimates: [String: OperatingSpeed] = [:]
        for ship in ships where speeds[ship.name] == nil {
            guard let d = ship.displacement, let p = ship.power else {
                let lacking = [("displacement", ship.displacement), ("power", ship.power)].filter { $0.1 == nil }.map(
                    \.0)
                missing[ship.name] =
                    "no published service speed, no archived courses, no sister with one, and no "
                    + "\(lacking.joined(separator: " or ")) to estimate one"
                continue
            }
            guard let fit, fit.hulls >= 2 else {
                missing[ship.name] =
                    "no published service speed and no archived courses; the Admiralty relation needs ships of "
                    + "two hulls (not sisters) with a known speed, power and displacement"
                continue
            }
            let estimate = fit.speedKmh(displacementT: d.value, powerKW: p.value)
            guard Self.plausibleKmh.contains(estimate.kmh) else {
                missing[ship.name] = "the Admiralty estimate (\(estimate.kmh) km/h) is implausible"
                continue
            }
            estimates[ship.name] = OperatingSpeed(
                kmh: estimate.kmh, basis: .admiralty,
                source:
                    "Admiralty relation from \(p.value) kW and \(d.value) t, C fitted on \(fit.ships.count) ships "
                    + "of \(fit.hulls) hulls (\(fit.ships.joined(separator: ", ")))",
                spreadKmh: estimate.spreadKmh)
        }
        for ship in ships where speeds[ship.name] == nil {
            let candidates = ships.filter { $0.name == ship.name || Self.sisters($0, ship) }.compactMap { sister in
                estimates[sister.name].map { (sister.name, $0) }
            }
            guard let (fastest, speed) = candidates.max(by: { $0.1.kmh < $1.1.kmh }) else { continue }
            missing[ship.name] = nil
            speeds[ship.name] =
                fastest == ship.name
                ? speed
                : OperatingSpeed(
                    kmh: speed.kmh, basis: .sisterShip,
                    source: "sister ship \(fastest) (same length and beam), the fastest of its class: \(speed.source)",
                    spreadKmh: speed.spreadKmh)
        }
        self.speeds = speeds
        self.missing = missing
        admiralty = fit
    }
}
