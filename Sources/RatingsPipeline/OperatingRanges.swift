public import JobContract
import TextFormats

/// The values every ratings-side job accepts, in one table: `RatingsJob`, `WakeJob` and `GridJob`
/// check their input against it in `validate()`, so a library caller and the command line refuse
/// and accept the same values. Each range lies strictly inside what the kernels can compute
/// (positive, finite), so an accepted value never reaches a kernel's precondition.
public enum OperatingRanges {
    /// Ship speed through the water, km/h: 1…100 (the models are fitted on ferries of 5–40 km/h;
    /// below 1 km/h no ship makes a wave a rider notices).
    public static let speedKmh: ClosedRange<Double> = 1...100
    /// Water depth at the ship's track or at the rider's spot, m: 0.1…1000 (the deepest Swiss
    /// lake is 372 m).
    public static let depthM: ClosedRange<Double> = 0.1...1000
    /// The rider's distance from the sailing line, m: 1…10 000.
    public static let distanceM: ClosedRange<Double> = 1...10_000

    /// Throws `InvalidInput` naming `field` for the first of `values` outside `range` or not
    /// finite, and for an empty list.
    public static func check(
        _ values: [Double], field: String, in range: ClosedRange<Double>, unit: String
    ) throws(InvalidInput) {
        if values.isEmpty {
            throw InvalidInput(field: field, value: nil, accepted: "at least one value")
        }
        guard let bad = values.first(where: { !$0.isFinite || !range.contains($0) }) else { return }
        throw InvalidInput(
            field: field, value: plain(bad), accepted: "\(plain(range.lowerBound))…\(plain(range.upperBound)) \(unit)")
    }
}
