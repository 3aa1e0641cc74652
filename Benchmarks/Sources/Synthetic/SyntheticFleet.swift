@_spi(Benchmarks) public import LegacyWakeModel
@_spi(Benchmarks) public import WakeModels

/// A deterministic synthetic fleet and operating grid, defined by integer formulas so that the
/// Python baselines (`python/kernel_numpy.py`, `python/kernel_legacy_scalar.py`,
/// `python/ensemble_numpy.py`) build exactly the same inputs:
///
/// ```
/// L_i = 15 + (i·7919 mod 7000) / 100      m    (15 … 85)
/// B_i =  4 + (i·104729 mod 1000) / 100    m    (4 … 14)
/// D_i = 20 + (i·1299709 mod 50000) / 100  t    (20 … 520)        legacy kernel
/// T_i = 0.8 + (i·6007 mod 170) / 100      m    (0.8 … 2.49)      ensemble kernel:
/// D_i = 0.55 · L_i · B_i · T_i            t    (a physical hull: C_B 0.55, L_e = L/3.2, the defaults)
/// v_j = 10 + 20·j / (M − 1)               km/h (10 … 30)
/// h_k =  2 + 48·k / (K − 1)               m    (2 … 50)
/// y_l = 10 + 390·l / (N − 1)              m    (10 … 400)
/// h_r = 3                                 m    the rider's depth (ensemble kernel)
/// ```
public enum SyntheticFleet {
    public static func hulls(count n: Int) -> HullDimensions {
        HullDimensions(
            lengthM: (0..<n).map { 15 + Double($0 * 7919 % 7000) / 100 },
            beamM: (0..<n).map { 4 + Double($0 * 104_729 % 1000) / 100 },
            displacementT: (0..<n).map { 20 + Double($0 * 1_299_709 % 50_000) / 100 })
    }

    /// Hulls for the distance-aware models: the same L and B, a draft, and the displacement of a
    /// block coefficient of 0.55 (so the models' default block coefficient gives back that draft).
    public static func wakeHulls(count n: Int) throws -> [WakeHull] {
        try (0..<n).map { i in
            let length = 15 + Double(i * 7919 % 7000) / 100
            let beam = 4 + Double(i * 104_729 % 1000) / 100
            let draft = 0.8 + Double(i * 6007 % 170) / 100
            return try WakeHull(lengthM: length, beamM: beam, displacementT: 0.55 * length * beam * draft)
        }
    }

    /// The rider's depth of the ensemble benchmark, m.
    public static let riderDepthM = 3.0

    public static func distances(_ n: Int) -> [Double] {
        n == 1 ? [50] : (0..<n).map { 10 + 390 * Double($0) / Double(n - 1) }
    }

    public static func speeds(_ m: Int) -> [Double] {
        m == 1 ? [18] : (0..<m).map { 10 + 20 * Double($0) / Double(m - 1) }
    }

    public static func depths(_ k: Int) -> [Double] {
        k == 1 ? [10] : (0..<k).map { 2 + 48 * Double($0) / Double(k - 1) }
    }
}
