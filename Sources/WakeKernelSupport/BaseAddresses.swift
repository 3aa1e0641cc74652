/// `body` with the base address of each array, in order, all valid for the whole call: the way
/// to hand a C kernel many columns at once without a closure nested per column.
package func withBaseAddresses<R>(of arrays: [[Double]], _ body: ([UnsafePointer<Double>?]) throws -> R) rethrows
    -> R
{
    func nest(_ rest: ArraySlice<[Double]>, _ bases: [UnsafePointer<Double>?]) throws -> R {
        guard let first = rest.first else { return try body(bases) }
        return try first.withUnsafeBufferPointer { try nest(rest.dropFirst(), bases + [$0.baseAddress]) }
    }
    return try nest(arrays[...], [])
}
