import Foundation

enum KernelExponential: Exponential {
    @inline(__always) static func exp(_ x: Double) -> Double { EnsembleExp.exp(x) }
}
