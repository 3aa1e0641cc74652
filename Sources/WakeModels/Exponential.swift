import Foundation

/// exp(x) for the model terms: the kernel's own (its bits, where the batch must be matched) or the
/// C library's.
protocol Exponential {
    static func exp(_ x: Double) -> Double
}
