import Foundation
import LegacyWakeModel
import WakeKernelSupport

enum KernelExponential: Exponential {
    @inline(__always) static func exp(_ x: Double) -> Double { EnsembleExp.exp(x) }
}
