import Foundation
import WaveRating

/// The precision of the figures a rating table publishes: 6 significant digits. Computed
/// figures carry float noise in their last bits (`166499999.99999997`), which would make
/// unchanged tables differ and tell the apps nothing; inputs (length, beam, displacement) are
/// published as given. Ratings are decided on the unrounded figures.
public enum PublishedPrecision {
    public static let significantDigits = 6

    /// `value` rounded to ``significantDigits`` significant digits, as the nearest double to
    /// that decimal (so it prints as the short decimal); zero, infinities and NaN unchanged.
    public static func rounded(_ value: Double) -> Double {
        guard value.isFinite, value != 0 else { return value }
        let exponent = Int(floor(log10(abs(value))))
        let shift = significantDigits - 1 - exponent
        // Scale by an exact power of ten, round, and undo the scaling with one exact operation.
        if shift >= 0 {
            let scale = pow(10, Double(shift))
            return (value * scale).rounded() / scale
        }
        let scale = pow(10, Double(-shift))
        return (value / scale).rounded() * scale
    }

    static func rounded(_ value: Double?) -> Double? { value.map(rounded) }
}

extension RatingTable {
    /// The table with every computed figure at the published precision.
    public func withPublishedPrecision() -> RatingTable {
        var table = self
        if var wake = table.model.wake {
            wake.thresholdHeightsM = wake.thresholdHeightsM.map {
                ThresholdPair($0.two.map(PublishedPrecision.rounded), $0.three.map(PublishedPrecision.rounded))
            }
            let tau = PublishedPrecision.rounded(wake.agreementWithApp?.kendallTau)
            wake.agreementWithApp?.kendallTau = tau
            table.model.wake = wake
        }
        table.ships = ships.map { ship in
            var s = ship
            let r: (Double?) -> Double? = PublishedPrecision.rounded
            s.waveHeightM = r(s.waveHeightM)
            s.energyJPerM2 = r(s.energyJPerM2)
            s.forceNPerM2 = r(s.forceNPerM2)
            s.powerWPerM = r(s.powerWPerM)
            s.froudeLength = r(s.froudeLength)
            s.froudeDepth = r(s.froudeDepth)
            s.reynolds = r(s.reynolds)
            if var wake = s.wake {
                func range(_ h: ShipRating.Wake.HeightRange?) -> ShipRating.Wake.HeightRange? {
                    h.map {
                        .init(
                            median: PublishedPrecision.rounded($0.median), min: PublishedPrecision.rounded($0.min),
                            max: PublishedPrecision.rounded($0.max))
                    }
                }
                wake.waveHeightM = range(wake.waveHeightM)
                wake.generatedWaveHeightM = range(wake.generatedWaveHeightM)
                wake.heightSpreadFactor = r(wake.heightSpreadFactor)
                wake.speedKmh = PublishedPrecision.rounded(wake.speedKmh)
                wake.speedSpreadKmh = r(wake.speedSpreadKmh)
                wake.periodS = r(wake.periodS)
                wake.wavelengthM = r(wake.wavelengthM)
                wake.energyPerWaveJPerM = r(wake.energyPerWaveJPerM)
                wake.shorewardFluxWPerM = r(wake.shorewardFluxWPerM)
                wake.uncertainty = wake.uncertainty?.mapValues {
                    .init(low: PublishedPrecision.rounded($0.low), high: PublishedPrecision.rounded($0.high))
                }
                s.wake = wake
            }
            return s
        }
        return table
    }
}
