import Foundation
package import WaveRating

/// Heights at the rider above which a ship rates 2 and 3 (strict, as the legacy thresholds).
public struct HeightThresholds: Sendable, Equatable {
    /// [rating 2 above, rating 3 above], m, ascending (equal when a fit found one boundary).
    public let waveHeightM: [Double]

    public init(_ two: Double, _ three: Double) {
        precondition(two.isFinite && three.isFinite && two <= three, "two ascending thresholds")
        waveHeightM = [two, three]
    }

    package func rating(_ heightM: Double) -> Rating { Rating.classify(heightM, above: waveHeightM) }
}
