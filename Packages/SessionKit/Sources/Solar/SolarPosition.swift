import Foundation

/// The sun's apparent position terms of NOAA's solar calculator (after Jean Meeus,
/// *Astronomical Algorithms*, 2nd ed., ch. 25 low-precision formulae).
///
/// Valid for 1901–2099; NOAA states rise/set within one minute for latitudes within ±72°.
struct SolarPosition {
    /// Declination δ, radians.
    let declination: Double
    /// Equation of time, minutes (apparent − mean solar time).
    let equationOfTime: Double

    /// Position at Julian century `t` (TT ≈ UT here): `t = (JD − 2 451 545.0) / 36 525`.
    init(julianCentury t: Double) {
        let rad = Double.pi / 180
        let l0 = (280.46646 + t * (36000.76983 + t * 0.0003032)).truncatingRemainder(dividingBy: 360)
        let m = 357.52911 + t * (35999.05029 - 0.0001537 * t)
        let e = 0.016708634 - t * (0.000042037 + 0.0000001267 * t)
        let c =
            sin(m * rad) * (1.914602 - t * (0.004817 + 0.000014 * t)) + sin(2 * m * rad) * (0.019993 - 0.000101 * t)
            + sin(3 * m * rad) * 0.000289
        let trueLongitude = l0 + c
        let omega = 125.04 - 1934.136 * t
        let apparentLongitude = trueLongitude - 0.00569 - 0.00478 * sin(omega * rad)
        let meanObliquity = 23 + (26 + (21.448 - t * (46.815 + t * (0.00059 - t * 0.001813))) / 60) / 60
        let obliquity = meanObliquity + 0.00256 * cos(omega * rad)
        declination = asin(sin(obliquity * rad) * sin(apparentLongitude * rad))
        let y = pow(tan(obliquity * rad / 2), 2)
        let eot =
            y * sin(2 * l0 * rad) - 2 * e * sin(m * rad) + 4 * e * y * sin(m * rad) * cos(2 * l0 * rad)
            - 0.5 * y * y * sin(4 * l0 * rad) - 1.25 * e * e * sin(2 * m * rad)
        equationOfTime = 4 * eot / rad
    }
}
