import Foundation
import LegacyWakeModel
import ShipRatingTable
import WakeKernelSupport

/// The Admiralty relation between installed power P (kW), displacement Δ (t) and speed V (kn):
/// ```
/// C = Δ^(2/3) V³ / P          (the Admiralty coefficient)
/// V = (C P / Δ^(2/3))^(1/3)
/// ```
/// fitted on ships with a known operating speed as the geometric mean of their C, with the
/// standard deviation s of ln C; an estimate's relative spread is s/3 (V ∝ C^(1/3)).
/// Sister ships (one hull) are one observation: their ln C is averaged first, and the mean and s
/// are taken over hulls. Three sisters with one published speed are one design measured once, not
/// three agreeing measurements: counted apart, they would make s small (0 for three alike, the
/// e-boats of Lake Zurich) and every estimate look exact.
/// It assumes ships of like form at like Froude numbers (D. G. M. Watson, *Practical Ship
/// Design*, 1998, ch. 11); across a mixed fleet s says how far that holds.
public struct AdmiraltyFit: Sendable, Equatable {
    /// ln C: mean over the fitted hulls.
    public var logCoefficient: Double
    /// Standard deviation of ln C over the fitted hulls (0 for one hull).
    public var logSpread: Double
    /// The ships it was fitted on.
    public var ships: [String]
    /// How many hulls they are (sisters counted once): the observations behind ``logSpread``.
    public var hulls: Int

    package static let kmhPerKnot = 1.852

    /// ln C of one ship.
    package static func logCoefficient(displacementT: Double, powerKW: Double, speedKmh: Double) -> Double {
        2.0 / 3.0 * log(displacementT) + 3 * log(speedKmh / kmhPerKnot) - log(powerKW)
    }

    /// One known ship: name, displacement Δ (t), power P (kW), operating speed V (km/h).
    public typealias Known = (name: String, displacementT: Double, powerKW: Double, speedKmh: Double)

    /// Fitted on `known`, every ship a hull of its own; nil without a ship.
    public init?(_ known: [Known]) {
        self.init(hulls: known.map { [$0] })
    }

    /// Fitted on `hulls`, each the known ships of one hull (sisters); nil without a ship.
    public init?(hulls: [[Known]]) {
        let hulls = hulls.filter { !$0.isEmpty }
        guard !hulls.isEmpty else { return nil }
        let logs = hulls.map { members in
            members.map {
                Self.logCoefficient(displacementT: $0.displacementT, powerKW: $0.powerKW, speedKmh: $0.speedKmh)
            }.reduce(0, +) / Double(members.count)
        }
        let mean = logs.reduce(0, +) / Double(logs.count)
        let variance =
            logs.count < 2 ? 0 : logs.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(logs.count - 1)
        logCoefficient = mean
        logSpread = variance.squareRoot()
        ships = hulls.flatMap { $0.map(\.name) }
        self.hulls = hulls.count
    }

    /// C, t^(2/3) kn³ / kW.
    public var coefficient: Double { exp(logCoefficient) }

    /// The speed of a ship of displacement Δ and power P, km/h, and its spread (one standard
    /// deviation, km/h).
    package func speedKmh(displacementT: Double, powerKW: Double) -> (kmh: Double, spreadKmh: Double) {
        let logKnots = (logCoefficient + log(powerKW) - 2.0 / 3.0 * log(displacementT)) / 3
        let kmh = exp(logKnots) * Self.kmhPerKnot
        return (kmh, kmh * logSpread / 3)
    }
}
