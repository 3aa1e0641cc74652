import Foundation
public import JobContract

/// The values one axis of a sweep takes (speeds, depths, distances), from the text a user
/// writes for it:
/// - `start:stop:step`, `stop` included when the steps reach it (within 10⁻⁹ of a step);
/// - a single value, e.g. `18`;
/// - a comma list, e.g. `14,17,20` (kept in the order given).
///
/// A range whose three parts are plain decimals with at most 9 places is counted in whole units
/// of its finest place, so `0.01:100:0.01` gives exactly the doubles `0.01`, `0.02`, …, `100`
/// that typing each value gives (adding 0.01 ten thousand times would end at
/// 100.00000000000001). Other ranges (`1e3:2e3:250`) step in floating point, each value clamped
/// to `stop`. At most ``maximumCount`` values.
///
/// Whether the values suit a job (1…100 km/h, 0.1…1000 m, …) is the job's check
/// (``OperatingRanges``), not this grammar's.
public struct ValueSweep: Sendable, Equatable {
    /// The values, in order: ascending for a range, as written for a list.
    public let values: [Double]
    /// The text the values were read from.
    public let text: String

    /// The most values one sweep may hold: 100 000.
    public static let maximumCount = 100_000

    /// Reads `text` (spaces around each part are ignored).
    /// - Throws: ``Problem`` saying what is wrong with the text.
    public init(_ text: String) throws(Problem) {
        self.text = text
        if text.contains(",") {
            values = try Self.list(text)
        } else {
            let parts = text.split(separator: ":", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            values = parts.count == 1 ? [try Self.number(parts[0])] : try Self.range(parts)
        }
    }

    private static func list(_ text: String) throws(Problem) -> [Double] {
        let items = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        guard !items.isEmpty else { throw .empty }
        guard items.count <= maximumCount else { throw .tooMany }
        var values: [Double] = []
        values.reserveCapacity(items.count)
        for item in items { values.append(try number(item)) }
        return values
    }

    private static func number(_ text: String) throws(Problem) -> Double {
        guard !text.isEmpty else { throw .empty }
        guard let value = Double(text) else { throw .notANumber(text) }
        guard value.isFinite else { throw .notFinite(text) }
        return value
    }

    private static func range(_ parts: [String]) throws(Problem) -> [Double] {
        guard parts.count == 3 else { throw .notThreeParts(parts.count) }
        let start = try number(parts[0])
        let stop = try number(parts[1])
        let step = try number(parts[2])
        guard step > 0 else { throw .stepNotPositive(parts[2]) }
        guard stop >= start else { throw .stopBelowStart(start: parts[0], stop: parts[1]) }
        if let units = DecimalUnits(parts) { return try units.values() }
        let span = (stop - start) / step
        guard span < Double(maximumCount) else { throw .tooMany }
        let count = Int((span + 1e-9).rounded(.down)) + 1
        return (0..<count).map { min(start + Double($0) * step, stop) }
    }

    /// A range's three parts as whole numbers of 10^−places, `places` the most decimal places
    /// any part has (at most 9), read digit by digit; nil when a part is not a plain decimal
    /// (`12`, `-0.5`, `+3.25`) or has more than 15 digits in units (so that every count and
    /// every value below stays exact: 10^15 < 2^53).
    private struct DecimalUnits {
        let start: Int64
        let stop: Int64
        let step: Int64
        /// 10^places.
        let unit: Double

        init?(_ parts: [String]) {
            var split: [(negative: Bool, whole: Substring, fraction: Substring)] = []
            for part in parts {
                let negative = part.hasPrefix("-")
                let body = negative || part.hasPrefix("+") ? part.dropFirst() : Substring(part)
                let pieces = body.split(separator: ".", omittingEmptySubsequences: false)
                guard (1...2).contains(pieces.count), body != ".",
                    pieces.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } })
                else { return nil }
                split.append((negative, pieces[0], pieces.count == 2 ? pieces[1] : ""))
            }
            guard let places = split.map(\.fraction.count).max(), places <= 9 else { return nil }
            var units: [Int64] = []
            for (negative, whole, fraction) in split {
                let digits = (whole + fraction + String(repeating: "0", count: places - fraction.count))
                    .drop { $0 == "0" }
                guard digits.count <= 15 else { return nil }
                let magnitude = digits.isEmpty ? 0 : Int64(digits)!
                units.append(negative ? -magnitude : magnitude)
            }
            (start, stop, step) = (units[0], units[1], units[2])
            unit = (0..<places).reduce(1.0) { value, _ in value * 10 }
        }

        /// The values, each `units / 10^places` (one correctly rounded division, hence the double
        /// the decimal text gives); the caller has checked that `step > 0` and `stop >= start`.
        func values() throws(Problem) -> [Double] {
            guard (stop - start) / step < Int64(ValueSweep.maximumCount) else { throw .tooMany }
            let count = Int((stop - start) / step) + 1
            return (0..<count).map { Double(start + Int64($0) * step) / unit }
        }
    }
}

extension ValueSweep {
    /// What is wrong with a sweep's text: always a usage error (the text came from the user).
    public enum Problem: KindedError, Equatable {
        /// Nothing where a value belongs (`""`, `,`, `10::2`).
        case empty
        /// A part that is no number.
        case notANumber(String)
        /// A part that reads as infinity or NaN.
        case notFinite(String)
        /// A range of two, or more than three, `:`-separated parts.
        case notThreeParts(Int)
        /// A range whose step is zero or negative.
        case stepNotPositive(String)
        /// A range whose stop lies below its start.
        case stopBelowStart(start: String, stop: String)
        /// More than ``ValueSweep/maximumCount`` values.
        case tooMany

        public var kind: ProblemKind { .usage }

        public var description: String { description(alsoAccepting: nil) }

        /// The description, where an option takes one more form besides a sweep (`--speeds
        /// service`) naming it among the forms to write.
        public func description(alsoAccepting other: String?) -> String {
            let form =
                "write start:stop:step (e.g. 20:200:20), one value, "
                + (other.map { "a comma list, or \($0)" } ?? "or a comma list")
            return switch self {
            case .empty: "a value is missing; \(form)"
            case .notANumber(let text): "'\(text)' is not a number; \(form)"
            case .notFinite(let text): "'\(text)' is not a finite number"
            case .notThreeParts(let count): "a range has three parts, this one \(count); \(form)"
            case .stepNotPositive(let step): "the step \(step) is not above 0; \(form)"
            case .stopBelowStart(let start, let stop):
                "the stop \(stop) lies below the start \(start); a range runs upwards, e.g. \(stop):\(start):STEP"
            case .tooMany: "more than \(ValueSweep.maximumCount) values; choose a larger step or a shorter range"
            }
        }
    }
}
