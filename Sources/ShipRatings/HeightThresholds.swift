import Foundation
public import JobContract
public import WaveRating

/// Heights at the rider above which a ship rates 2 and 3 (strict, as the legacy thresholds),
/// either of which may be absent: a fit that finds one boundary the physics supports puts no
/// threshold where no ship is near (docs/SCIENCE.md §5.6).
public struct HeightThresholds: Sendable, Equatable {
    /// Above this a ship rates 2 (or 3); nil: none rates 1.
    public let two: Double?
    /// Above this a ship rates 3; nil: none rates 3.
    public let three: Double?

    /// Heights that cannot be thresholds: none given, one not finite or not positive, or the
    /// threshold for 3 below the one for 2.
    public struct Invalid: KindedError, Equatable {
        /// Thresholds that cannot be: a usage error.
        public var kind: ProblemKind { .usage }
        /// The heights given, m.
        public var two: Double?
        public var three: Double?
        public var description: String {
            let shown = [two, three].map { $0.map { "\($0)" } ?? "none" }.joined(separator: ", ")
            return "height thresholds (\(shown)) must be at least one positive height in m, "
                + "the one for 3 not below the one for 2"
        }
    }

    /// Thresholds, at least one, each finite and > 0 m; ascending when both are given.
    /// - Throws: ``Invalid`` otherwise.
    public init(_ two: Double?, _ three: Double?) throws(Invalid) {
        let given = [two, three].compactMap { $0 }
        guard !given.isEmpty, given.allSatisfy({ $0.isFinite && $0 > 0 }), given == given.sorted() else {
            throw Invalid(two: two, three: three)
        }
        self.two = two
        self.three = three
    }

    /// The pair the table publishes (`model.wake.thresholdHeightsM`, `[two, three]`; null for an
    /// absent one).
    public var pair: ThresholdPair<Double?> { ThresholdPair(two, three) }

    /// The thresholds that exist.
    package var present: [Double] { [two, three].compactMap { $0 } }

    package func rating(_ heightM: Double) -> Rating {
        if let three, heightM > three { return .three }
        guard let two else { return .two }
        return heightM > two ? .two : .one
    }

    /// The rating of a height whose uncertainty is `logSpread` (u: the height lies within
    /// [H e^(−u), H e^(u)]), or nil when a threshold lies inside that range: the ship could rate
    /// on either side of it. With u = 0 this is ``rating(_:)``.
    package func rating(_ heightM: Double, logSpread u: Double) -> Rating? {
        straddled(heightM, logSpread: u) == nil ? rating(heightM) : nil
    }

    /// The threshold inside [H e^(−u), H e^(u)], if any (none when u is 0).
    package func straddled(_ heightM: Double, logSpread u: Double) -> Double? {
        guard u > 0 else { return nil }
        return present.first { abs(log(heightM / $0)) <= u }
    }

    /// "2 above 0.062 m, 3 above 0.094 m": the rule in a rider's terms.
    package var words: String {
        func m(_ x: Double) -> String { String(format: "%.3f m", x) }
        switch (two, three) {
        case (let two?, let three?): return "2 above \(m(two)), 3 above \(m(three)) (1 below)"
        case (let two?, nil): return "2 above \(m(two)), 1 below (none rates 3)"
        case (nil, let three?): return "3 above \(m(three)), 2 below (none rates 1)"
        case (nil, nil): return "none"
        }
    }
}
