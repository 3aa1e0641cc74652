import WakePhysics

/// A deterministic synthetic fleet and operating grid, defined by integer formulas so that the
/// Python baselines (`python/kernel_numpy.py`, `python/kernel_legacy_scalar.py`) build exactly
/// the same inputs:
///
/// ```
/// L_i = 15 + (i·7919 mod 7000) / 100      m    (15 … 85)
/// B_i =  4 + (i·104729 mod 1000) / 100    m    (4 … 14)
/// D_i = 20 + (i·1299709 mod 50000) / 100  t    (20 … 520)
/// v_j = 10 + 20·j / (M − 1)               km/h (10 … 30)
/// h_k =  2 + 48·k / (K − 1)               m    (2 … 50)
/// ```
public enum SyntheticFleet {
    public static func hulls(count n: Int) -> HullDimensions {
        HullDimensions(
            lengthM: (0..<n).map { 15 + Double($0 * 7919 % 7000) / 100 },
            beamM: (0..<n).map { 4 + Double($0 * 104_729 % 1000) / 100 },
            displacementT: (0..<n).map { 20 + Double($0 * 1_299_709 % 50_000) / 100 })
    }

    public static func speeds(_ m: Int) -> [Double] {
        m == 1 ? [18] : (0..<m).map { 10 + 20 * Double($0) / Double(m - 1) }
    }

    public static func depths(_ k: Int) -> [Double] {
        k == 1 ? [10] : (0..<k).map { 2 + 48 * Double($0) / Double(k - 1) }
    }
}
