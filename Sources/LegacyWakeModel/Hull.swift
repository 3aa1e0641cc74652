/// The hull of one ship as the legacy model needs it: length, beam and displacement (the
/// operator's published figures). ``HullDimensions`` holds a batch of them as columns for the
/// kernel; the distance-aware models' hull, with draft and block coefficient, is `WakeHull`.
public struct Hull: Sendable, Equatable {
    /// Length L, m.
    public var lengthM: Double
    /// Beam B, m.
    public var beamM: Double
    /// Displacement D, t.
    public var displacementT: Double

    public init(lengthM: Double, beamM: Double, displacementT: Double) {
        self.lengthM = lengthM
        self.beamM = beamM
        self.displacementT = displacementT
    }
}
