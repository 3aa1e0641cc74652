import ArgumentParser

/// The operating ranges every command accepts, in one place, so that `ratings`, `wake` and
/// `grid` refuse and accept the same values (a sweep over them is tested to never trap).
enum OperatingRanges {
    /// Ship speed through the water, km/h.
    static let speedKmh: ClosedRange<Double> = 1...100
    /// Water depth at the ship's track or at the rider's spot, m.
    static let depthM: ClosedRange<Double> = 0.1...1000
    /// The rider's distance from the sailing line, m.
    static let distanceM: ClosedRange<Double> = 1...10_000

    /// Refuses any of `values` outside `range` (or not finite), naming `flag`, the range and
    /// the first value outside it.
    static func check(_ values: [Double], in range: ClosedRange<Double>, flag: String, unit: String) throws {
        guard let bad = values.first(where: { !$0.isFinite || !range.contains($0) }) else { return }
        throw ValidationError(
            "\(flag) must lie in \(plain(range.lowerBound))…\(plain(range.upperBound)) \(unit), got \(plain(bad))")
    }

    private static func plain(_ x: Double) -> String {
        x.isFinite && x == x.rounded() && abs(x) < 1e9 ? String(Int(x)) : "\(x)"
    }
}
