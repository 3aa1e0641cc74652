/// How the ensemble weighs its models: the ensemble height is the weighted mean of the valid
/// models' log heights,
/// ```
/// ln H = (w_KS ln H_KS + w_SW ln H_SW) / (w_KS + w_SW)      (over the models valid there)
/// ```
/// With equal weights and both valid this is the median of the two on a log scale, their
/// geometric mean √(H_KS H_SW): the two disagree by a factor (4–15 on the Lake Zurich fleet), not
/// by an offset, so the middle is taken in logs. Weights from observations (``init(logMeanSquareErrors:)``)
/// favour the model that matched them better (docs/SCIENCE.md §5.2).
public struct EnsembleWeights: Sendable, Equatable {
    /// Kriebel & Seelig's weight (> 0, finite).
    public var kriebelSeelig: Double
    /// Sorensen & Weggel's weight (> 0, finite).
    public var sorensenWeggel: Double

    public init(kriebelSeelig: Double = 1, sorensenWeggel: Double = 1) {
        precondition(
            kriebelSeelig > 0 && kriebelSeelig.isFinite && sorensenWeggel > 0 && sorensenWeggel.isFinite,
            "weights must be finite and > 0")
        self.kriebelSeelig = kriebelSeelig
        self.sorensenWeggel = sorensenWeggel
    }

    /// Equal weights: the geometric mean of the valid models.
    public static let equal = EnsembleWeights()

    /// Inverse-variance weights from each model's mean squared log error against observations
    /// (bias included): w = 1 / mean((ln H_obs − ln H_model)²). A model without a finite, positive
    /// error keeps weight 1 relative to an equal share.
    public init(logMeanSquareErrors ks: Double?, _ sw: Double?) {
        func weight(_ mse: Double?) -> Double? { mse.flatMap { $0 > 0 && $0.isFinite ? 1 / $0 : nil } }
        switch (weight(ks), weight(sw)) {
        case (let a?, let b?): self.init(kriebelSeelig: a, sorensenWeggel: b)
        default: self.init()
        }
    }

    /// The weight of `model` (0 for a model outside the ensemble).
    package subscript(model: WakeModel) -> Double {
        switch model {
        case .kriebelSeelig2005: kriebelSeelig
        case .sorensenWeggel1984: sorensenWeggel
        case .pianc1987: 0
        }
    }
}
