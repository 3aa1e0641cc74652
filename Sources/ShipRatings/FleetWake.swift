import Foundation
import ShipRatingTable
import WakeModels

/// The distance-aware wake of every ship at one reference point, in one ensemble batch: the
/// ships with known hulls × their speeds (each ship's own, and ± its spread) × the reference's
/// track depth, rider depth and distance.
struct FleetWake {
    /// Per ship of the resolved fleet: the wake at the reference (nil when it cannot be rated).
    var wakes: [ShipRating.Wake?]
    /// Per ship: what the rating fit needs (nil when there is no height).
    var fitShips: [WakeRatingFit.Ship?]
    /// Per ship: each model's height at the track (``WakeModels/WakeModel/allCases`` order), m.
    var modelHeights: [[Double]?]
    /// Per ship without a wake: why, in words.
    var unrated: [String?]

    /// - Throws: ``JobContract/InvalidInput`` from the ensemble for a reference or a speed no model
    ///   can take (the jobs check the reference first; operating speeds are 1–100 km/h wherever
    ///   they are read).
    init(ships: [ResolvedFleet.Ship], reference: WakeReference, speeds: OperatingSpeeds?) throws {
        var unrated = [String?](repeating: nil, count: ships.count)
        var hulls: [WakeHull] = []
        var members: [(ship: Int, hull: Int, speed: OperatingSpeed)] = []
        for (index, ship) in ships.enumerated() {
            let hull: WakeHull
            do {
                guard let known = try ship.wakeHull() else {
                    unrated[index] = "no published \(ship.missingDimensions.joined(separator: ", "))"
                    continue
                }
                hull = known
            } catch {
                unrated[index] = "hull values the models refuse (\(error))"
                continue
            }
            if hull.isAground(trackDepthM: reference.trackDepthM) {
                unrated[index] =
                    "aground: it draws \(Self.text(hull.draftM)) m, the reference track is \(Self.text(reference.trackDepthM)) m deep"
                continue
            }
            if reference.distanceM <= hull.beamM / 2 {
                unrated[index] =
                    "the reference distance, \(Self.text(reference.distanceM)) m from the sailing line, is inside its hull "
                    + "(half its beam is \(Self.text(hull.beamM / 2)) m)"
                continue
            }
            let speed: OperatingSpeed
            switch reference.speed {
            case .fixed(let kmh): speed = OperatingSpeed(kmh: kmh, basis: .fixed, source: "given")
            case .operating:
                guard let known = speeds?.speeds[ship.name] else {
                    unrated[index] = "no operating speed: " + (speeds?.missing[ship.name] ?? "no evidence")
                    continue
                }
                speed = known
            }
            members.append((index, hulls.count, speed))
            hulls.append(hull)
        }
        var wakes = [ShipRating.Wake?](repeating: nil, count: ships.count)
        var fitShips = [WakeRatingFit.Ship?](repeating: nil, count: ships.count)
        var modelHeights = [[Double]?](repeating: nil, count: ships.count)
        if !hulls.isEmpty {
            var all = Set<Double>()
            for m in members {
                all.insert(m.speed.kmh)
                if let s = m.speed.spreadKmh, s > 0 {
                    all.insert(m.speed.kmh + s)
                    if m.speed.kmh - s > 0 { all.insert(m.speed.kmh - s) }
                }
            }
            let speedList = all.sorted()
            let grid = try WakeEnsemble(
                hulls: hulls, speedsKmh: speedList, trackDepthsM: [reference.trackDepthM],
                riderDepthsM: [reference.riderDepthM], distancesM: [reference.distanceM])
            func point(_ hull: Int, _ kmh: Double) -> WakePoint? {
                speedList.firstIndex(of: kmh).map {
                    grid.point(ship: hull, speed: $0, trackDepth: 0, riderDepth: 0, distance: 0)
                }
            }
            for m in members {
                let p = point(m.hull, m.speed.kmh)!
                let spread = m.speed.spreadKmh ?? 0
                // The speed's share of the uncertainty: the central height at V ± σ.
                var speedSpread = HeightUncertainty.Spread.none
                var logSpread = 0.0
                if spread > 0 {
                    let up = point(m.hull, m.speed.kmh + spread)?.generated?.median
                    let down = m.speed.kmh - spread > 0 ? point(m.hull, m.speed.kmh - spread)?.generated?.median : nil
                    if let h = p.generated?.median, let up, let down, up > 0, down > 0, h > 0 {
                        speedSpread = .init(lower: max(0, log(h / down)), upper: max(0, log(up / h)))
                        logSpread = abs(log(up / down)) / 2
                    } else {
                        speedSpread = .init(lower: .infinity, upper: .infinity)
                        logSpread = .infinity
                    }
                }
                // A speed range across which the height is not defined leaves the ship unrated
                // (logSpread), and its band without a speed cause it cannot bound.
                let uncertainty =
                    spread > 0 && logSpread.isFinite ? p.uncertainty.adding(speed: speedSpread) : p.uncertainty
                modelHeights[m.ship] = WakeModel.allCases.map { p.models[$0]!.waveHeightM }
                wakes[m.ship] = Self.wake(
                    p, speed: m.speed, logSpread: logSpread, hull: hulls[m.hull], uncertainty: uncertainty)
                if let h = p.waveHeightM?.median, h > 0 {
                    let factor = p.rider?.factor ?? .nan
                    let cap = p.rider?.breakingHeightM ?? .nan
                    fitShips[m.ship] = WakeRatingFit.Ship(
                        name: ships[m.ship].name, heightM: h, logSpread: logSpread,
                        modelHeightsM: WakeModel.ensemble.map { model in
                            p.ensembleModels.contains(model) ? min(cap, p.models[model]!.waveHeightM * factor) : nil
                        }, label: nil)
                } else if unrated[m.ship] == nil {
                    unrated[m.ship] = Self.noHeight(p)
                }
            }
        }
        self.wakes = wakes
        self.fitShips = fitShips
        self.modelHeights = modelHeights
        self.unrated = unrated
    }

    /// The table's wake of one ship: the point at its speed, with the band of every cause.
    static func wake(
        _ p: WakePoint, speed: OperatingSpeed, logSpread: Double, hull: WakeHull, uncertainty: HeightUncertainty
    ) -> ShipRating.Wake {
        let total = uncertainty.total.factors
        let (top, bottom) = (p.higherMemberM, p.lowerMemberM)
        let generated = p.generated.map { g in
            ShipRating.Wake.HeightRange(
                median: g.median, min: WakePoint.bandBottom(central: g.median * total.low, member: bottom),
                max: WakePoint.bandTop(central: g.median * total.high, member: top))
        }
        let atRider = p.waveHeightM.map { h -> ShipRating.Wake.HeightRange in
            guard let g = p.generated?.median, let rider = p.rider else {
                return .init(median: h.median, min: h.min, max: h.max)
            }
            let (k, cap) = (rider.factor, rider.breakingHeightM)
            return .init(
                median: h.median, min: min(cap, WakePoint.bandBottom(central: g * k * total.low, member: bottom * k)),
                max: min(cap, WakePoint.bandTop(central: g * k * total.high, member: top * k)))
        }
        // The band by cause of a height that exists; a cause across which the height is not
        // defined (a speed range that leaves the domain) has no finite factor to publish.
        var factors: [String: ShipRating.Wake.Factors] = [:]
        for (cause, spread) in uncertainty.spreads where p.generated != nil {
            let f = spread.factors
            guard f.low.isFinite, f.high.isFinite else { continue }
            factors[cause.rawValue] = .init(low: f.low, high: f.high)
        }
        return ShipRating.Wake(
            speedKmh: speed.kmh, speedBasis: speed.basis, speedSource: speed.source,
            speedSpreadKmh: speed.spreadKmh, waveHeightM: atRider, generatedWaveHeightM: generated,
            heightSpreadFactor: logSpread.isFinite ? exp(logSpread) : nil, breaking: p.breaking,
            periodS: p.cusp?.periodS, wavelengthM: p.rider?.wavelengthM, energyPerWaveJPerM: p.energyPerWaveJPerM,
            shorewardFluxWPerM: p.shorewardFluxWPerM, ensembleModels: p.ensembleModels.map(\.rawValue),
            validModels: WakeModel.allCases.filter { p.models[$0]?.valid == true }.map(\.rawValue), flags: p.flags,
            hullDefaults: hull.defaults, uncertainty: factors.isEmpty ? nil : factors)
    }

    /// Why a point has no height, from its first flag.
    static func noHeight(_ p: WakePoint) -> String {
        p.flags.first.map { String($0.prefix { $0 != ":" }) + " at the reference point" }
            ?? "no distance-aware model holds at the reference point"
    }

    static func text(_ x: Double) -> String { String(format: "%g", (x * 100).rounded() / 100) }
}
