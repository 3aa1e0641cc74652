/// How the central height weighs its two members: it is the weighted mean of their log heights,
/// ```
/// ln H = (w_KS ln H_KS + w_P ln H_P) / (w_KS + w_P)
/// ```
/// With equal weights this is their geometric mean √(H_KS H_P): the models disagree by a factor,
/// not by an offset, so the middle is taken in logs. The weights do not depend on the point (no
/// validity taper), so the central height never changes faster with speed, depth or distance
/// than its steeper member (docs/SCIENCE.md §5.2). Weights from observations
/// (``init(logMeanSquareErrors:_:)``) favour the model that matched them better.
public struct EnsembleWeights: Sendable, Equatable {
    /// Kriebel & Seelig's weight (> 0, finite).
    public var kriebelSeelig: Double
    /// PIANC's weight (> 0, finite).
    public var pianc: Double

    /// Weights for the two members (each finite and > 0; others are replaced by 1).
    public init(kriebelSeelig: Double = 1, pianc: Double = 1) {
        self.kriebelSeelig = kriebelSeelig > 0 && kriebelSeelig.isFinite ? kriebelSeelig : 1
        self.pianc = pianc > 0 && pianc.isFinite ? pianc : 1
    }

    /// Equal weights: the geometric mean of the two.
    public static let equal = EnsembleWeights()

    /// Inverse-variance weights from each member's mean squared log error against observations
    /// (bias included): w = 1 / mean((ln H_obs − ln H_model)²). Without a finite, positive error
    /// for both, the weights stay equal.
    public init(logMeanSquareErrors ks: Double?, _ pianc: Double?) {
        func weight(_ mse: Double?) -> Double? { mse.flatMap { $0 > 0 && $0.isFinite ? 1 / $0 : nil } }
        switch (weight(ks), weight(pianc)) {
        case (let a?, let b?): self.init(kriebelSeelig: a, pianc: b)
        default: self.init()
        }
    }

    /// The weight of `model` (0 for a model outside the central height).
    package subscript(model: WakeModel) -> Double {
        switch model {
        case .kriebelSeelig2005: kriebelSeelig
        case .sorensenWeggel1984: 0
        case .pianc1987: pianc
        }
    }
}
