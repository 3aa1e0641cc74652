import FleetScraper
import LegacyWakeModel
import NextWaveSupport
import WakeKernelSupport

/// The hull dimensions the legacy model needs.
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
