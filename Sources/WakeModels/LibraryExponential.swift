import Foundation

enum LibraryExponential: Exponential {
    @inline(__always) static func exp(_ x: Double) -> Double { Foundation.exp(x) }
}
