/// Hull dimensions of a batch of ships, structure of arrays (index `i` is one ship).
public struct HullDimensions: Sendable, Equatable {
    /// Length L, m; each > 0.
    public private(set) var lengthM: [Double]
    /// Beam B, m; each > 0.
    public private(set) var beamM: [Double]
    /// Displacement D, metric tonnes; each ≥ 0.
    public private(set) var displacementT: [Double]

    public var count: Int { lengthM.count }

    /// - Precondition: equal lengths, L > 0, B > 0, D ≥ 0, all finite. Callers validate
    ///   user data first (see `ShipRatings`); a violation here is a programming error.
    public init(lengthM: [Double], beamM: [Double], displacementT: [Double]) {
        precondition(lengthM.count == beamM.count && beamM.count == displacementT.count, "one L, B, D per ship")
        for i in lengthM.indices {
            precondition(
                lengthM[i].isFinite && lengthM[i] > 0 && beamM[i].isFinite && beamM[i] > 0
                    && displacementT[i].isFinite && displacementT[i] >= 0,
                "hull \(i): L and B must be > 0 and D ≥ 0")
        }
        self.lengthM = lengthM
        self.beamM = beamM
        self.displacementT = displacementT
    }

    /// A batch of hulls, in order.
    public init(_ hulls: [Hull]) {
        self.init(
            lengthM: hulls.map(\.lengthM), beamM: hulls.map(\.beamM), displacementT: hulls.map(\.displacementT))
    }

    /// One ship.
    public init(lengthM: Double, beamM: Double, displacementT: Double) {
        self.init(lengthM: [lengthM], beamM: [beamM], displacementT: [displacementT])
    }
}
