import CWakeKernel
import Foundation
import Testing
import WakeKernelSupport
import _CWakeKernelEmulation
import _TestSupport

/// Every vector path of the fused passes (SSE2, AVX2, AVX-512: those this processor runs) must
/// give the scalar path's bits on the same inputs (every NaN counted as one: ``Buffer/bits``),
/// for every row length, every alignment of the outputs (streamed and ordinary stores, partial
/// vectors and lines at both ends, lines shared by two rows) and special values; and write
/// nothing outside its cells. The AVX-512 paths' code also runs on an emulation of its
/// instructions (_CWakeKernelEmulation), so that it is checked on processors without AVX-512
/// too.
@Suite struct PathEquivalenceTests {
    /// The AVX-512 code on the emulated instructions, as a pseudo-ISA of these tests.
    static let emulatedAVX512: Int32 = 103

    static let vectorPaths: [Int32] =
        [CWK_ISA_SSE2, CWK_ISA_AVX2, CWK_ISA_AVX512].map { Int32($0) }.filter { cwk_isa_supported($0) != 0 }
        + [emulatedAVX512]

    static func name(_ isa: Int32) -> String {
        isa == emulatedAVX512 ? "AVX-512 (emulated)" : ["scalar", "SSE2", "AVX2", "AVX-512"][Int(isa)]
    }

    /// Doubles with an aligned base, `offset` doubles in, and sentinels around the cells.
    final class Buffer {
        static let sentinel = Double(bitPattern: 0x7FF4_DEAD_BEEF_0001)  // a signalling-NaN pattern no path writes
        let raw: UnsafeMutableRawPointer
        let base: UnsafeMutablePointer<Double>
        let count: Int
        let offset: Int
        init(count: Int, offset: Int) {
            self.count = count
            self.offset = offset
            raw = UnsafeMutableRawPointer.allocate(byteCount: (count + 16) * 8, alignment: 64)
            base = raw.bindMemory(to: Double.self, capacity: count + 16)
            base.initialize(repeating: Self.sentinel, count: count + 16)
        }
        deinit { raw.deallocate() }
        var cells: UnsafeMutablePointer<Double> { base + offset }
        /// The cells' bits, every NaN but the sentinel as the one quiet NaN: the compiler keeps
        /// neither the sign nor the payload of a NaN (LLVM's LangRef, "Behavior of
        /// Floating-Point NaN values": an optimised build may commute `−NaN × NaN` and return
        /// the other operand's sign), so the paths agree on every number and on where NaN is,
        /// not on a NaN's bits. A cell left unwritten keeps the sentinel and still differs.
        var bits: [UInt64] {
            (0..<count).map { i in
                let bits = cells[i].bitPattern
                return bits == Self.sentinel.bitPattern ? bits : PathEquivalenceTests.bits(cells[i])
            }
        }
        var guardsIntact: Bool {
            (0..<(count + 16)).allSatisfy { i in
                (i >= offset && i < offset + count) || base[i].bitPattern == Self.sentinel.bitPattern
            }
        }
    }

    /// A figure's bits as ``Buffer/bits`` gives them: every NaN as the one quiet NaN.
    static func bits(_ x: Double) -> UInt64 { x.isNaN ? Double.nan.bitPattern : x.bitPattern }

    /// Heights as the kernel sees them, with the values that tell paths apart if anything does.
    static func special(_ rng: inout SplitMix64) -> Double {
        let pool: [Double] = [
            0, -0.0, .nan, -.nan, .infinity, -.infinity, .leastNonzeroMagnitude, .greatestFiniteMagnitude,
            1e-300, 1e300, 0.5, 1, 2, 3, 11.75, 100, 1000,
        ]
        switch rng.next() % 4 {
        case 0: return pool[Int(rng.next() % UInt64(pool.count))]
        case 1: return Double(bitPattern: rng.next())  // any bit pattern
        default: return Double(rng.next() % 4_000_000) / 1000 * (rng.next() % 8 == 0 ? -1 : 1)
        }
    }

    struct LegacyRun {
        var h, e, p, f: [UInt64]
        var r: [UInt8]
        var guardsIntact: Bool
    }

    /// The constants of a legacy call: ec and the thresholds for all rows, c and fc per row.
    struct LegacyConstants {
        var ec: Double
        var e1, e2, f1, f2: Double
        var c, fc: [Double]
    }

    /// Heights are read at row · (depths + 3): the gap between input rows is never read.
    static func legacy(
        isa: Int32, heights: [Double], rows: Int, depths: Int, offsets: [Int], constants k: LegacyConstants
    ) -> LegacyRun {
        let rowStride = depths + 3
        let count = rows * depths
        let outputs = offsets.prefix(4).map { Buffer(count: count, offset: $0) }
        let ratings = UnsafeMutablePointer<UInt8>.allocate(capacity: count + 16)
        defer { ratings.deallocate() }
        ratings.initialize(repeating: 0xAB, count: count + 16)
        let r0 = ratings + offsets[4]
        var padded = [Double](repeating: .nan, count: rows * rowStride)
        for row in 0..<rows {
            for d in 0..<depths { padded[row * rowStride + d] = heights[row * depths + d] }
        }
        padded.withUnsafeBufferPointer { hs in
            if isa == emulatedAVX512 {
                cwk_emulated_avx512_fuse_rows(
                    hs.baseAddress, rowStride, rows, depths, k.ec, k.c, k.fc, k.e1, k.e2, k.f1, k.f2,
                    outputs[0].cells, outputs[1].cells, outputs[2].cells, outputs[3].cells, r0)
            } else {
                cwk_fuse_rows(
                    isa, hs.baseAddress, rowStride, rows, depths, k.ec, k.c, k.fc, k.e1, k.e2, k.f1, k.f2,
                    outputs[0].cells, outputs[1].cells, outputs[2].cells, outputs[3].cells, r0)
            }
        }
        cwk_fence()
        // Only the cells are written: the guards around them keep their sentinels.
        var intact = outputs.allSatisfy(\.guardsIntact)
        for i in 0..<(count + 16) where (i < offsets[4] || i >= offsets[4] + count) && ratings[i] != 0xAB {
            intact = false
        }
        return LegacyRun(
            h: outputs[0].bits, e: outputs[1].bits, p: outputs[2].bits, f: outputs[3].bits,
            r: (0..<count).map { r0[$0] }, guardsIntact: intact)
    }

    static func constants(rows: Int, _ rng: inout SplitMix64) -> LegacyConstants {
        func value() -> Double { Double(rng.next() % 100_000) / 100 }
        return LegacyConstants(
            ec: value(), e1: value(), e2: value(), f1: value(), f2: value(), c: (0..<rows).map { _ in value() },
            fc: (0..<rows).map { _ in value() })
    }

    @Test func everyPathOfTheLegacyPassGivesTheScalarBits() {
        #expect(Self.vectorPaths.contains(Int32(CWK_ISA_SSE2)), "x86-64 always has SSE2")
        var rng = SplitMix64(seed: 0x1E6A_C7)
        for trial in 0..<600 {
            // Rows shorter and longer than a cache line (8 cells), so that lines lie within a row,
            // across rows (through the stage) and at the call's two ends.
            let rows = 1 + Int(rng.next() % 5)
            let depths = 1 + Int(rng.next() % (trial % 2 == 0 ? 12 : 70))
            let heights = (0..<(rows * depths)).map { _ in Self.special(&rng) }
            var constants = Self.constants(rows: rows, &rng)
            // The thresholds sometimes equal a figure exactly (strict comparisons).
            if trial % 3 == 0, let h = heights.first(where: \.isFinite) { constants.e1 = h * h * constants.ec }
            if trial % 7 == 0, let h = heights.last(where: \.isFinite) { constants.f2 = h * constants.fc[rows - 1] }
            if trial % 5 == 0 { constants.ec = Self.special(&rng) }
            // Outputs at one offset within a cache line (streamed) or at different ones (ordinary stores).
            let shared = Int(rng.next() % 8)
            let offsets =
                trial % 4 != 3
                ? [shared, shared, shared, shared, Int(rng.next() % 8)] : (0..<5).map { _ in Int(rng.next() % 8) }
            let reference = Self.legacy(
                isa: Int32(CWK_ISA_SCALAR), heights: heights, rows: rows, depths: depths, offsets: offsets,
                constants: constants)
            #expect(reference.guardsIntact)
            for isa in Self.vectorPaths {
                let run = Self.legacy(
                    isa: isa, heights: heights, rows: rows, depths: depths, offsets: offsets, constants: constants)
                let same =
                    run.h == reference.h && run.e == reference.e && run.p == reference.p && run.f == reference.f
                    && run.r == reference.r
                #expect(same, "\(Self.name(isa)), trial \(trial): \(rows) × \(depths), offsets \(offsets)")
                #expect(run.guardsIntact, "\(Self.name(isa)) wrote outside its cells, trial \(trial)")
                if !same || !run.guardsIntact { return }
            }
        }
    }

    /// The scalar path against the formulas written out here: E = (ec·H)·H, P = E·c, F = fc·H,
    /// rating = 1 + max((E > e2) + (E > e1), (F > f2) + (F > f1)), each row with its own c and fc.
    @Test func theScalarLegacyPathIsTheFormula() {
        var rng = SplitMix64(seed: 0x5CA1A2)
        let heights = (0..<500).map { _ in Self.special(&rng) }
        let k = LegacyConstants(
            ec: 1226.25, e1: 100, e2: 200, f1: 50_000, f2: 75_000, c: [2.1, 3.4], fc: [7.5, 12.25])
        let run = Self.legacy(
            isa: Int32(CWK_ISA_SCALAR), heights: heights, rows: 2, depths: 250, offsets: [0, 0, 0, 0, 0], constants: k)
        for (i, h) in heights.enumerated() {
            let row = i / 250
            let e = k.ec * h * h
            let f = k.fc[row] * h
            let re = (e > k.e2 ? 1 : 0) + (e > k.e1 ? 1 : 0)
            let rf = (f > k.f2 ? 1 : 0) + (f > k.f1 ? 1 : 0)
            #expect(run.h[i] == Self.bits(h) && run.e[i] == Self.bits(e) && run.p[i] == Self.bits(e * k.c[row]))
            #expect(run.f[i] == Self.bits(f) && run.r[i] == UInt8(1 + max(re, rf)))
        }
    }

    struct EnsembleRun {
        var outputs: [[UInt64]]
        var guardsIntact: Bool
    }

    /// The ensemble pass on `x` by path `isa`, each output at its own offset within a cache line.
    static func ensemble(isa: Int32, _ x: EnsembleInputs, offsets: [Int], energyCoefficient: Double) -> EnsembleRun {
        let outputs = offsets.map { Buffer(count: x.rows * x.distances, offset: $0) }
        // The row columns in cwk_ensemble_rows's order, then Sorensen & Weggel's exponents and the
        // distance factors, each pinned for the call.
        var arrays = EnsembleInputs.columnOrder.map { c in x.rowValues.map { $0[c] } }
        arrays += [x.sw, x.distanceFactor]
        withBaseAddresses(of: arrays) { p in
            let rowInputs = cwk_ensemble_rows(
                ks_coefficient: p[0], pianc_coefficient: p[1], central_coefficient: p[2], factor: p[3], low: p[4],
                high: p[5], cap: p[6], group_velocity: p[7], shoreward_share: p[8], wavelength: p[9], members: p[10])
            let out = cwk_ensemble_out(
                ks: outputs[0].cells, sw: outputs[1].cells, pianc: outputs[2].cells, generated: outputs[3].cells,
                median: outputs[4].cells, minimum: outputs[5].cells, maximum: outputs[6].cells,
                energy: outputs[7].cells, flux: outputs[8].cells, shoreward: outputs[9].cells,
                energy_per_wave: outputs[10].cells)
            if isa == emulatedAVX512 {
                cwk_emulated_avx512_ensemble_block(
                    p[11], p[12], x.rows, x.distances, 0, rowInputs, energyCoefficient, out)
            } else {
                cwk_ensemble_block(isa, p[11], p[12], x.rows, x.distances, 0, rowInputs, energyCoefficient, out)
            }
        }
        return EnsembleRun(outputs: outputs.map(\.bits), guardsIntact: outputs.allSatisfy(\.guardsIntact))
    }

    /// Random inputs of the ensemble pass: exponents across the whole range of exp (underflow,
    /// subnormal results, overflow, the clamps' edges, NaN, infinities) and heights, factors and
    /// distance factors of any value.
    struct EnsembleInputs {
        /// Sorensen & Weggel's exponents, rows × distances; y^(−1/3) per distance.
        var sw: [Double], distanceFactor: [Double]
        var rows: Int, distances: Int
        /// Per row, by name (``Row``): the eleven per-row inputs.
        var rowValues: [[Double]]

        enum Row: Int, CaseIterable {
            case factor, cap, groupVelocity, share, wavelength, low, high, members, ks, pianc, central
        }

        /// The rows' columns in cwk_ensemble_rows's order.
        static let columnOrder: [Int] = [
            Row.ks, .pianc, .central, .factor, .low, .high, .cap, .groupVelocity, .share, .wavelength, .members,
        ].map(\.rawValue)

        init(_ rng: inout SplitMix64, long: Bool) {
            let exponents: [Double] = [
                -800, -745.2, -745.1, -744, -708.4, -700, -1, -0.5, -0.0, 0, 1e-12, 0.5, 1, 2.5, 700, 709.78,
                709.782712893383973096, 709.79, 800, .nan, .infinity, -.infinity,
            ]
            func exponent(_ rng: inout SplitMix64) -> Double {
                rng.next() % 3 == 0
                    ? exponents[Int(rng.next() % UInt64(exponents.count))]
                    : Double(Int64(rng.next() % 3000) - 2000) / 100
            }
            rows = 1 + Int(rng.next() % 5)
            distances = 1 + Int(rng.next() % (long ? 70 : 12))
            sw = (0..<(rows * distances)).map { _ in exponent(&rng) }
            distanceFactor = (0..<distances).map { _ in PathEquivalenceTests.special(&rng) }
            rowValues = (0..<rows).map { _ in
                (0..<Row.allCases.count).map { _ in
                    rng.next() % 10 == 0 ? PathEquivalenceTests.special(&rng) : Double(rng.next() % 1000) / 100
                }
            }
        }
    }

    @Test func everyPathOfTheEnsemblePassGivesTheScalarBits() {
        var rng = SplitMix64(seed: 0xE115_E3B1)
        for trial in 0..<300 {
            let x = EnsembleInputs(&rng, long: trial % 2 == 1)
            // One offset within a cache line for all eleven outputs (streamed), or one each.
            let shared = Int(rng.next() % 8)
            let offsets =
                trial % 4 != 3 ? Array(repeating: shared, count: 11) : (0..<11).map { _ in Int(rng.next() % 8) }
            let reference = Self.ensemble(
                isa: Int32(CWK_ISA_SCALAR), x, offsets: offsets, energyCoefficient: 1226.25)
            #expect(reference.guardsIntact)
            for isa in Self.vectorPaths {
                let run = Self.ensemble(isa: isa, x, offsets: offsets, energyCoefficient: 1226.25)
                let differing = (0..<11).filter { run.outputs[$0] != reference.outputs[$0] }
                #expect(differing.isEmpty, "\(Self.name(isa)), trial \(trial): outputs \(differing) differ")
                #expect(run.guardsIntact, "\(Self.name(isa)) wrote outside its cells, trial \(trial)")
                if !differing.isEmpty || !run.guardsIntact { return }
            }
        }
    }

    /// The scalar ensemble path against its formulas written out here: at distance factor q the
    /// members a_KS·q and a_P·q and the central height g = a·q, SW = exp(sw), at the rider
    /// min(cap, g·K) (a NaN stays NaN), the band min(cap, g·low, min(KS, PIANC)·m) and
    /// min(cap, max(g·high, max(KS, PIANC)·m)), E = (ec·H)·H, P = E·c_g, P⊥ = P·cos α, E·λ.
    @Test func theScalarEnsemblePathIsTheFormula() {
        var rng = SplitMix64(seed: 0x5CA1E)
        for _ in 0..<40 {
            let x = EnsembleInputs(&rng, long: true)
            let run = Self.ensemble(
                isa: Int32(CWK_ISA_SCALAR), x, offsets: Array(repeating: 0, count: 11), energyCoefficient: 1226.25)
            for i in 0..<(x.rows * x.distances) {
                let v = x.rowValues[i / x.distances]
                func row(_ name: EnsembleInputs.Row) -> Double { v[name.rawValue] }
                let q = x.distanceFactor[i % x.distances]
                let (K, cap, members) = (row(.factor), row(.cap), row(.members))
                let a = row(.ks) * q
                let c = row(.pianc) * q
                let b = cwk_exp_scalar(x.sw[i])
                let g = row(.central) * q
                func lesser(_ p: Double, _ q: Double) -> Double { p < q ? p : q }
                func greater(_ p: Double, _ q: Double) -> Double { p > q ? p : q }
                let h = lesser(cap, g * K)
                let e = 1226.25 * h * h
                // The band spans both members (docs/SCIENCE.md §5.3).
                let top = greater(a, c) * members
                let bottom = lesser(a, c) * members
                let want = [
                    a, b, c, g, h, lesser(cap, lesser(g * row(.low), bottom)),
                    lesser(cap, greater(g * row(.high), top)), e, e * row(.groupVelocity),
                    e * row(.groupVelocity) * row(.share), e * row(.wavelength),
                ]
                for (o, value) in want.enumerated() {
                    #expect(run.outputs[o][i] == Self.bits(value), "output \(o) cell \(i)")
                }
            }
        }
    }

    /// The kernels' exponential against the C library's on the range the models use (a few
    /// units in the last place), and at its edges exactly.
    @Test func theKernelExponentialIsExp() {
        var rng = SplitMix64(seed: 0xE4B)
        for _ in 0..<100_000 {
            let x = Double(Int64(rng.next() % 1_400_000) - 700_000) / 1000
            let ours = cwk_exp_scalar(x)
            let libm = Foundation.exp(x)
            #expect(abs(ours - libm) <= 4 * libm.ulp, "exp(\(x))")
        }
        #expect(cwk_exp_scalar(800) == .infinity)
        #expect(cwk_exp_scalar(-800) == 0)
        #expect(cwk_exp_scalar(0) == 1)
        #expect(cwk_exp_scalar(.nan).isNaN)
    }

    /// A path this processor cannot run, or no path at all, is never executed: the scalar one is.
    @Test func anUnsupportedPathRunsTheScalarOne() {
        #expect(cwk_isa_supported(Int32(CWK_ISA_SCALAR)) == 1)
        #expect(cwk_isa_supported(-1) == 0 && cwk_isa_supported(4) == 0 && cwk_isa_supported(99) == 0)
        var rng = SplitMix64(seed: 7)
        let heights = (0..<30).map { _ in Self.special(&rng) }
        let k = LegacyConstants(ec: 1226.25, e1: 100, e2: 200, f1: 50_000, f2: 75_000, c: [2.1], fc: [7.5])
        let scalar = Self.legacy(
            isa: Int32(CWK_ISA_SCALAR), heights: heights, rows: 1, depths: 30, offsets: [1, 1, 1, 1, 0], constants: k)
        let unknown = Self.legacy(
            isa: 99, heights: heights, rows: 1, depths: 30, offsets: [1, 1, 1, 1, 0], constants: k)
        #expect(unknown.e == scalar.e && unknown.r == scalar.r)
    }
}
