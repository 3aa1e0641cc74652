/// What a ship's figures can physically be: from a small launch to the largest ships afloat.
/// Every value read from a page, a curated file, an observations file or the command line is
/// checked against these before it reaches a model; outside, it is reported and not used.
///
/// The bounds are generous on purpose (they catch a missing decimal point, a unit mix-up or a
/// page gone wrong, not an unusual ship): the toolkit's fleet spans 22.5–59.1 m, 3.8–12.3 m
/// and 38–382 t.
package enum PlausibleValues {
    /// Length over all, m.
    package static let lengthM: ClosedRange<Double> = 5...400
    /// Hull beam, m.
    package static let beamM: ClosedRange<Double> = 1...80
    /// Displacement, t.
    package static let displacementT: ClosedRange<Double> = 0.5...600_000
    /// Draft, m.
    package static let draftM: ClosedRange<Double> = 0.1...30
    /// Ship speed, km/h (the grid and wake commands also allow speeds down to 0.01).
    package static let speedKmh: ClosedRange<Double> = 1...100

    /// Whether `value` is finite and within `range`.
    package static func accepts(_ value: Double, in range: ClosedRange<Double>) -> Bool {
        value.isFinite && range.contains(value)
    }
}

/// The number of cells of a batch grid: the product of its axis sizes, or nil when a size is
/// negative or the product overflows `Int`. Callers compare it with their limit before
/// allocating anything.
package func gridCellCount(_ sizes: Int...) -> Int? {
    var total = 1
    for size in sizes {
        guard size >= 0 else { return nil }
        let (product, overflow) = total.multipliedReportingOverflow(by: size)
        guard !overflow else { return nil }
        total = product
    }
    return total
}
