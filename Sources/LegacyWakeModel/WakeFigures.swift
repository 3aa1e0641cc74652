public import WaveRating

/// All wake figures of one ship at one speed and depth (one cell of a ``WakeGrid``).
public struct WakeFigures: Sendable, Equatable, Codable {
    /// Maximum wave height H, m.
    public var waveHeightM: Double
    /// Transverse wavelength λ = 2πv²/g, m.
    public var wavelengthM: Double
    /// Wave period T = √(2πλ/g), s.
    public var periodS: Double
    /// Wave celerity c = λ/T (equals the ship speed v), m/s.
    public var celerityMPerS: Double
    /// Energy density E = ρgH²/8, J/m².
    public var energyJPerM2: Double
    /// Power per metre of crest P = E·c, W/m.
    public var powerWPerM: Double
    /// Impact force F = ρgHc²/2, N/m².
    public var forceNPerM2: Double
    /// Length Froude number Fr_L = v/√(gL).
    public var froudeLength: Double
    /// Depth Froude number Fr_h = v/√(gh).
    public var froudeDepth: Double
    /// Reynolds number Re = Lv/ν.
    public var reynolds: Double
    /// Kelvin half-angle, degrees (19.47°).
    public var kelvinAngleDeg: Double
    /// Wave rating.
    public var rating: Rating
    /// Rating from energy alone.
    public var energyRating: Rating
    /// Rating from force alone.
    public var forceRating: Rating
}
