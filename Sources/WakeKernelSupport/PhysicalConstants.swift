import Foundation

/// The constants of the legacy wake model (`vesseldata.py`), in SI units.
package enum PhysicalConstants {
    /// Gravitational acceleration g, m/s².
    package static let gravity = 9.81
    /// Density of (fresh) water ρ, kg/m³.
    package static let waterDensity = 1000.0
    /// Kinematic viscosity of water ν, m²/s.
    package static let kinematicViscosity = 1.0e-6
    /// Half-angle of the Kelvin wake in deep water, degrees:
    ///
    /// ```
    /// θ_K = asin(1/3) · 180/π ≈ 19.47°
    /// ```
    package static let kelvinAngleDegrees = asin(1.0 / 3.0) * 180 / Double.pi
    /// Speed conversion: 1 m/s = 3.6 km/h.
    package static let kmhPerMetrePerSecond = 3.6
}
