/// Two thresholds of a 1–3 rating: above ``two`` a value rates 2, above ``three`` it rates 3
/// (strictly). Encoded as the two-element array `[two, three]` the published tables have
/// always used; decoding anything else (another length, a non-number) is an error that says so.
///
/// `Value` is `Double` where both thresholds exist (the legacy model's energy and force) and
/// `Double?` where either may be missing (the wake model's heights, when the physics separates
/// the ships at one boundary only: encoded `[0.25, null]`).
public struct ThresholdPair<Value: Sendable & Equatable & Codable>: Sendable, Equatable, Codable {
    /// Above this a value rates 2.
    public var two: Value
    /// Above this a value rates 3.
    public var three: Value

    public init(_ two: Value, _ three: Value) {
        self.two = two
        self.three = three
    }

    /// Both thresholds, in rating order.
    public var values: [Value] { [two, three] }

    public init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        if let count = container.count, count != 2 {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "expected two thresholds (ratings 2 and 3), got \(count)")
        }
        two = try container.decode(Value.self)
        three = try container.decode(Value.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        try container.encode(two)
        try container.encode(three)
    }
}

extension ThresholdPair where Value == Double {
    /// Finite and ascending (the one for 3 not below the one for 2).
    public var isAscending: Bool { two.isFinite && three.isFinite && two <= three }
}

extension Rating {
    /// The rating of a value against two thresholds, strictly: above `three` is 3, above `two`
    /// is 2, else 1.
    @inlinable public static func classify(_ value: Double, above thresholds: ThresholdPair<Double>) -> Rating {
        value > thresholds.three ? .three : value > thresholds.two ? .two : .one
    }
}
