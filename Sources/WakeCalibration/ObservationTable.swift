public import WakeModels

/// Observations as columns (structure of arrays): the form the fit and the comparison read, and
/// the form a million-row file is read into without a struct per row. Hulls are kept once each
/// (a file repeats a few ships many times) and referred to by index.
public struct ObservationTable: Sendable {
    /// The distinct hulls.
    public private(set) var hulls: [WakeHull] = []
    /// Per observation: the index of its hull in ``hulls``.
    public private(set) var hullIndex: [Int32] = []
    /// Per observation: ship speed (km/h), depth (m), distance (m), observed height (m).
    public private(set) var speedKmh: [Double] = []
    public private(set) var trackDepthM: [Double] = []
    public private(set) var distanceM: [Double] = []
    public private(set) var heightM: [Double] = []

    private var known: [HullKey: Int32] = [:]
    /// A direct-mapped cache in front of `known`: a file repeats a few hulls a million times,
    /// and hashing six doubles with `Hasher` for every row cost more than parsing them.
    private var recent = [(key: HullKey, index: Int32)?](repeating: nil, count: 64)

    public var count: Int { heightM.count }

    public init() {}

    public init(_ observations: [Observation]) {
        for o in observations {
            append(
                hull: o.hull, speedKmh: o.speedKmh, trackDepthM: o.trackDepthM, distanceM: o.distanceM,
                heightM: o.heightM)
        }
    }

    package mutating func reserveCapacity(_ n: Int) {
        hullIndex.reserveCapacity(n)
        speedKmh.reserveCapacity(n)
        trackDepthM.reserveCapacity(n)
        distanceM.reserveCapacity(n)
        heightM.reserveCapacity(n)
    }

    package mutating func append(
        hull: WakeHull, speedKmh: Double, trackDepthM: Double, distanceM: Double, heightM: Double
    ) {
        append(
            hullAt: index(of: hull), speedKmh: speedKmh, trackDepthM: trackDepthM, distanceM: distanceM,
            heightM: heightM)
    }

    /// The index of `hull`, adding it if it is new.
    package mutating func index(of hull: WakeHull) -> Int32 {
        let key = HullKey(hull)
        if let index = known[key] { return index }
        let index = Int32(hulls.count)
        hulls.append(hull)
        known[key] = index
        return index
    }

    /// The index of a hull already resolved from these raw values (NaN: not given), if any:
    /// spares validating it again for every row of the same ship.
    mutating func index(raw key: HullKey) -> Int32? {
        let slot = key.slot(of: recent.count)
        if let hit = recent[slot], hit.key == key { return hit.index }
        guard let index = known[key] else { return nil }
        recent[slot] = (key, index)
        return index
    }

    mutating func remember(raw key: HullKey, as index: Int32) { known[key] = index }

    /// Appends every observation of `other`, its hulls merged into these.
    package mutating func append(contentsOf other: ObservationTable) {
        let remap = other.hulls.map { index(of: $0) }
        hullIndex.append(contentsOf: other.hullIndex.lazy.map { remap[Int($0)] })
        speedKmh.append(contentsOf: other.speedKmh)
        trackDepthM.append(contentsOf: other.trackDepthM)
        distanceM.append(contentsOf: other.distanceM)
        heightM.append(contentsOf: other.heightM)
    }

    mutating func append(hullAt index: Int32, speedKmh: Double, trackDepthM: Double, distanceM: Double, heightM: Double)
    {
        hullIndex.append(index)
        self.speedKmh.append(speedKmh)
        self.trackDepthM.append(trackDepthM)
        self.distanceM.append(distanceM)
        self.heightM.append(heightM)
    }

    /// Six doubles identifying a hull (NaN for "not given"), hashed by their bits.
    struct HullKey: Hashable {
        let a, b, c, d, e, f: UInt64
        init(_ l: Double, _ b: Double, _ dis: Double, _ t: Double, _ cb: Double, _ le: Double) {
            (a, self.b, c) = (l.bitPattern, b.bitPattern, dis.bitPattern)
            (d, e, f) = (t.bitPattern, cb.bitPattern, le.bitPattern)
        }
        init(_ hull: WakeHull) {
            self.init(
                hull.lengthM, hull.beamM, hull.displacementT, hull.draftM, hull.blockCoefficient, hull.entranceLengthM)
        }

        /// A slot of a power-of-two table: the six words mixed by multiplication (a cache index,
        /// not a hash for an adversary: `known` stays the authority).
        func slot(of count: Int) -> Int {
            let m: UInt64 = 0xBF58_476D_1CE4_E5B9
            var h: UInt64 = 0x9E37_79B9_7F4A_7C15
            h = (h ^ a) &* m
            h = (h ^ b) &* m
            h = (h ^ c) &* m
            h = (h ^ d) &* m
            h = (h ^ e) &* m
            h = (h ^ f) &* m
            return Int(truncatingIfNeeded: (h >> 32) & UInt64(count - 1))
        }
    }
}
