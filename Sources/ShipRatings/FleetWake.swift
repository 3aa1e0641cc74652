import ShipRatingTable
import WakeModels

/// The distance-aware wake of every ship at one reference point, in one ensemble batch: the
/// ships with known hulls × their distinct speeds × the reference depth × the reference distance.
struct FleetWake {
    /// Per ship of the resolved fleet: the wake at the reference (nil without length, beam and
    /// displacement, or when the hull values are implausible together).
    var wakes: [ShipRating.Wake?]
    /// Per ship: each model's height (``WakeModels/WakeModel/allCases`` order), m.
    var modelHeights: [[Double]?]
    /// Ships whose values the models refuse, with the reason.
    var problems: [String]

    init(ships: [ResolvedFleet.Ship], reference: WakeReference) {
        var problems: [String] = []
        var hulls: [WakeHull] = []
        var members: [(ship: Int, hull: Int, speed: (kmh: Double, source: String))] = []
        for (index, ship) in ships.enumerated() {
            do {
                guard let hull = try ship.wakeHull() else { continue }
                members.append((index, hulls.count, reference.speed(of: ship)))
                hulls.append(hull)
            } catch {
                problems.append("\(ship.name): no wake figures (\(error))")
            }
        }
        let speeds = Array(Set(members.map(\.speed.kmh))).sorted()
        var wakes = [ShipRating.Wake?](repeating: nil, count: ships.count)
        var modelHeights = [[Double]?](repeating: nil, count: ships.count)
        if !hulls.isEmpty {
            let grid = WakeEnsemble(
                hulls: hulls, speedsKmh: speeds, depthsM: [reference.depthM], distancesM: [reference.distanceM])
            for member in members {
                let j = speeds.firstIndex(of: member.speed.kmh)!
                let p = grid.point(ship: member.hull, speed: j, depth: 0, distance: 0)
                wakes[member.ship] = ShipRating.Wake(
                    speedKmh: member.speed.kmh, speedSource: member.speed.source,
                    waveHeightM: p.waveHeightM.map { .init(median: $0.median, min: $0.min, max: $0.max) },
                    periodS: p.cusp?.periodS, wavelengthM: p.cusp?.wavelengthM,
                    energyPerWaveJPerM: p.energyPerWaveJPerM, shorewardFluxWPerM: p.shorewardFluxWPerM,
                    validModels: WakeModel.allCases.filter { p.models[$0]?.valid == true }.map(\.rawValue),
                    flags: p.flags, hullDefaults: hulls[member.hull].defaults)
                modelHeights[member.ship] = WakeModel.allCases.map { p.models[$0]!.waveHeightM }
            }
        }
        self.wakes = wakes
        self.modelHeights = modelHeights
        self.problems = problems
    }
}

/// The wake ratings of the fleet compared with the app's, at a fixed speed and at the ships'
/// own speeds: the numbers behind "why the models and the riders disagree" (DOMAIN §8.3).
public struct WakeComparison: Sendable {
    public struct Variant: Sendable {
        /// "every ship at 18 km/h", "each ship at its service speed".
        public var label: String
        /// Per ship name: the ensemble median height at the reference, m, and the speed used.
        public var heights: [String: Double]
        /// Per ship name: each model's height (``WakeModels/WakeModel/allCases`` order), m.
        public var modelHeights: [String: [Double]]
        public var speeds: [String: (kmh: Double, source: String)]
        /// Thresholds fitted to the app's ratings, and how many ships they rate as the app does.
        public var thresholds: HeightThresholds?
        public var matches: Int
        public var compared: Int
        /// Mean height of the ships the app rates 1, 2 and 3 (index 0…2), m.
        public var meanHeightByAppRating: [Double?]
    }

    public var fixedSpeed: Variant
    public var ownSpeed: Variant
    public var reference: WakeReference
}
