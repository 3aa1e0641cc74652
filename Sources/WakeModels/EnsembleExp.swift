internal import CWakeKernel

/// The kernel's exp (`cwk_exp`): basic arithmetic only, so that every vector path gives the same
/// bits. Relative error a few units in the last place; 0 below −745.2, +∞ above 709.78.
enum EnsembleExp {
    static func exp(_ x: Double) -> Double { cwk_exp_scalar(x) }
}
