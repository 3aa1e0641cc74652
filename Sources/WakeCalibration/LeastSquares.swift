internal import CLAPACKE
import LegacyWakeModel
import WakeKernelSupport

/// Ordinary least squares y ≈ X β through LAPACK's QR factorisation, done tall and skinny: the
/// rows of [X | y] are factored in cache-sized blocks (`dgeqrf`), each block together with the
/// triangle the blocks before it left, and the threads' triangles are factored once more. The
/// result is the R of [X | y] = Q R, as one factorisation of the whole matrix would give it (to
/// rounding; J. Demmel et al., "Communication-optimal parallel and sequential QR and LU
/// factorizations", SIAM J. Sci. Comput. 34, 2012), with one pass over the data instead of the
/// many a column-by-column Householder QR makes. Then `dtrcon` (a design whose columns do not
/// separate is refused, not solved), `dtrtrs` for β and `dtrtri` for R⁻¹.
///
/// With [X | y] = Q [R r; 0 ρ] (X n × p, n > p):
/// ```
/// β            = R⁻¹ r;   RSS = ρ² = Σ (y − X β)²,   s² = RSS / (n − p)
/// (XᵀX)⁻¹      = R⁻¹ R⁻ᵀ,  SE(β_j) = √(s² [(XᵀX)⁻¹]_jj)
/// R²           = 1 − RSS / Σ (y − ȳ)²
/// h_i          = ‖x_i R⁻¹‖²  (leverage);  leave-one-out residual e_i / (1 − h_i)
/// ```
struct LeastSquares {
    let coefficients: [Double]
    let standardErrors: [Double]
    /// s² (XᵀX)⁻¹, p × p, row-major.
    let covariance: [Double]
    let residualStandardError: Double
    let rSquared: Double
    /// √ mean of the squared leave-one-out residuals; nil when a point alone fixes a coefficient.
    let leaveOneOutRMSE: Double?

    /// Rows of X whose reciprocal condition (of R) is below this are refused as rank-deficient.
    static let minimumReciprocalCondition = 1e-12
    /// Rows factored at a time: a block of [X | y] stays in L2.
    static let blockRows = 4096

    /// - Parameters:
    ///   - design: X, column-major, `rows × names.count`.
    ///   - response: y, `rows` values.
    ///   - names: the columns' names, for messages.
    ///   - threads: parts of the rows factored (and then summarised) concurrently.
    init(design: [Double], response: [Double], names: [String], threads: Int = 1) throws {
        let n = response.count
        let p = names.count
        let q = p + 1
        precondition(design.count == n * p, "one design row per response")
        _ = BLASThreads.callerOnly
        guard n > p else { throw CalibrationError.tooFewObservations(valid: n, needed: p, skipped: 0) }
        // Each part's triangle of [X | y], then one factorisation of the parts' triangles stacked.
        let parts = ParallelFor.chunks(n, workers: threads, minimumItems: 10_000)
        var triangles = [Double](repeating: 0, count: parts.count * q * q)
        var failures = [Int32](repeating: 0, count: parts.count)
        design.withUnsafeBufferPointer { x in
            response.withUnsafeBufferPointer { y in
                triangles.withUnsafeMutableBufferPointer { t in
                    failures.withUnsafeMutableBufferPointer { f in
                        let (t, f) = (SharedOutput(t), SharedOutput(f))
                        let (x, y) = (SharedInput(x), SharedInput(y))
                        ParallelFor.run(parts) { part, rows in
                            f.base[part] = Self.factor(
                                rows: rows, design: x.base, response: y.base, n: n, p: p,
                                into: UnsafeMutableBufferPointer(
                                    rebasing: t.base[(part * q * q)..<((part + 1) * q * q)]))
                        }
                    }
                }
            }
        }
        if let info = failures.first(where: { $0 != 0 }) {
            throw CalibrationError.lapack(routine: "dgeqrf", info: info)
        }
        let stacked = Self.stack(triangles, count: parts.count, q: q)
        let r = try Self.triangle(of: stacked, rows: parts.count * q, q: q)
        try self.init(triangle: r, n: n, names: names) { beta, rInverse in
            Self.residualSums(design: design, response: response, beta: beta, rInverse: rInverse, parts: parts)
        }
    }

    /// Σ y, Σ y², the residual sum of squares and the squared leave-one-out residuals over the
    /// rows, and whether every leave-one-out residual is defined (no leverage of 1).
    typealias ResidualSums = (y: Double, yy: Double, rss: Double, loo: Double, looDefined: Bool)

    /// The fit from the triangle R of [X | y] (q × q, column-major) of `n` rows; `residuals`
    /// makes the pass over the rows with β and R⁻¹ (the rows may be held, or read again).
    init(
        triangle r: [Double], n: Int, names: [String], residuals: ([Double], [Double]) throws -> ResidualSums
    ) throws {
        let p = names.count
        let q = p + 1
        guard n > p else { throw CalibrationError.tooFewObservations(valid: n, needed: p, skipped: 0) }
        // R (p × p, column-major) and r, ρ from the last column.
        var rx = [Double](repeating: 0, count: p * p)
        for j in 0..<p { for i in 0...j { rx[i + j * p] = r[i + j * q] } }
        let (p32, one) = (Int32(p), CChar(UInt8(ascii: "1")))
        let (upper, notUnit, noTrans) = (CChar(UInt8(ascii: "U")), CChar(UInt8(ascii: "N")), CChar(UInt8(ascii: "N")))
        var rcond = 0.0
        let conditionInfo = LAPACKE_dtrcon(LAPACK_COL_MAJOR, one, upper, notUnit, p32, rx, p32, &rcond)
        guard conditionInfo == 0 else { throw CalibrationError.lapack(routine: "dtrcon", info: conditionInfo) }
        guard rcond >= Self.minimumReciprocalCondition else {
            throw CalibrationError.rankDeficient(reason: Self.weakestColumn(r: rx, names: names))
        }
        var beta = (0..<p).map { r[$0 + p * q] }
        let solveInfo = LAPACKE_dtrtrs(LAPACK_COL_MAJOR, upper, noTrans, notUnit, p32, 1, rx, p32, &beta, p32)
        guard solveInfo == 0 else { throw CalibrationError.lapack(routine: "dtrtrs", info: solveInfo) }
        var rInverse = rx
        let inverseInfo = LAPACKE_dtrtri(LAPACK_COL_MAJOR, upper, notUnit, p32, &rInverse, p32)
        guard inverseInfo == 0 else { throw CalibrationError.lapack(routine: "dtrtri", info: inverseInfo) }
        // One more pass: residuals, leverages h_i = ‖x_i R⁻¹‖², the sums they feed.
        let sums = try residuals(beta, rInverse)
        let mean = sums.y / Double(n)
        let tss = sums.yy - Double(n) * mean * mean
        let rss = sums.rss
        let s2 = rss / Double(n - p)
        var covariance = [Double](repeating: 0, count: p * p)
        for a in 0..<p {
            for b in 0..<p {
                var sum = 0.0
                for k in max(a, b)..<p { sum += rInverse[a + k * p] * rInverse[b + k * p] }
                covariance[a * p + b] = s2 * sum
            }
        }
        coefficients = beta
        standardErrors = (0..<p).map { (covariance[$0 * p + $0]).squareRoot() }
        self.covariance = covariance
        residualStandardError = s2.squareRoot()
        rSquared = tss > 0 ? 1 - rss / tss : 0
        leaveOneOutRMSE = sums.looDefined ? (sums.loo / Double(n)).squareRoot() : nil
    }

    /// The triangle of the rows `rows` of [X | y] into `out` (q × q, column-major): block after
    /// block, each stacked under the triangle so far and factored with `dgeqrf`.
    static func factor(
        rows: Range<Int>, design x: UnsafeBufferPointer<Double>, response y: UnsafeBufferPointer<Double>, n: Int,
        p: Int,
        into out: UnsafeMutableBufferPointer<Double>
    ) -> Int32 {
        let q = p + 1
        let height = q + blockRows
        var a = [Double](repeating: 0, count: height * q)
        var tau = [Double](repeating: 0, count: q)
        var work = [Double](repeating: 0, count: 64 * q)
        var have = 0  // rows of the triangle so far at the top of `a`
        var start = rows.lowerBound
        while start < rows.upperBound {
            let count = min(blockRows, rows.upperBound - start)
            let m = have + count
            // Column j of the stack: the triangle's rows, then the block's.
            for j in 0..<q {
                let column = j * height
                for i in have..<q where i < height { a[column + i] = 0 }
                for k in 0..<count {
                    a[column + have + k] = j < p ? x[start + k + j * n] : y[start + k]
                }
            }
            let info = LAPACKE_dgeqrf_work(
                LAPACK_COL_MAJOR, Int32(m), Int32(q), &a, Int32(height), &tau, &work, Int32(work.count))
            if info != 0 { return info }
            // Keep R (its upper triangle) at the top; clear what lies below its diagonal.
            have = min(q, m)
            for j in 0..<q where j + 1 < have { for i in (j + 1)..<have { a[i + j * height] = 0 } }
            start += count
        }
        for j in 0..<q { for i in 0..<q { out[i + j * q] = i < have ? a[i + j * height] : 0 } }
        return 0
    }

    /// The parts' triangles one under the other (count·q × q, column-major).
    static func stack(_ triangles: [Double], count: Int, q: Int) -> [Double] {
        let rows = count * q
        var stacked = [Double](repeating: 0, count: rows * q)
        for part in 0..<count {
            for j in 0..<q { for i in 0..<q { stacked[part * q + i + j * rows] = triangles[part * q * q + i + j * q] } }
        }
        return stacked
    }

    /// The upper triangle R of an m × q matrix (column-major, m ≥ q), as `dgeqrf` leaves it.
    static func triangle(of matrix: [Double], rows m: Int, q: Int) throws -> [Double] {
        var a = matrix
        var tau = [Double](repeating: 0, count: q)
        let info = LAPACKE_dgeqrf(LAPACK_COL_MAJOR, Int32(m), Int32(q), &a, Int32(m), &tau)
        guard info == 0 else { throw CalibrationError.lapack(routine: "dgeqrf", info: info) }
        var r = [Double](repeating: 0, count: q * q)
        for j in 0..<q { for i in 0...j { r[i + j * q] = a[i + j * m] } }
        return r
    }

    /// Σ y, Σ y², RSS and the leave-one-out sum over all rows, in parts.
    static func residualSums(
        design: [Double], response: [Double], beta: [Double], rInverse: [Double], parts: [Range<Int>]
    ) -> (y: Double, yy: Double, rss: Double, loo: Double, looDefined: Bool) {
        let n = response.count
        let p = beta.count
        var partial = [(y: Double, yy: Double, rss: Double, loo: Double, defined: Bool)](
            repeating: (0, 0, 0, 0, true), count: parts.count)
        design.withUnsafeBufferPointer { x in
            response.withUnsafeBufferPointer { yv in
                partial.withUnsafeMutableBufferPointer { out in
                    let (x, yv, out) = (SharedInput(x), SharedInput(yv), SharedOutput(out))
                    ParallelFor.run(parts) { part, rows in
                        var s = (y: 0.0, yy: 0.0, rss: 0.0, loo: 0.0, defined: true)
                        var row = [Double](repeating: 0, count: p)
                        for i in rows {
                            var fitted = 0.0
                            for j in 0..<p {
                                row[j] = x.base[i + j * n]
                                fitted += row[j] * beta[j]
                            }
                            // z = x R⁻¹ (R⁻¹ upper triangular): z_j = Σ_{k ≤ j} x_k R⁻¹_kj.
                            var h = 0.0
                            for j in 0..<p {
                                var z = 0.0
                                for k in 0...j { z += row[k] * rInverse[k + j * p] }
                                h += z * z
                            }
                            let y = yv.base[i]
                            let e = y - fitted
                            s.y += y
                            s.yy += y * y
                            s.rss += e * e
                            if h < 1 - 1e-10 {
                                let l = e / (1 - h)
                                s.loo += l * l
                            } else {
                                s.defined = false
                            }
                        }
                        out.base[part] = s
                    }
                }
            }
        }
        return partial.reduce((0, 0, 0, 0, true)) {
            ($0.y + $1.y, $0.yy + $1.yy, $0.rss + $1.rss, $0.loo + $1.loo, $0.looDefined && $1.defined)
        }
    }

    /// The column that is closest to a combination of the others: the smallest |R_jj| relative to
    /// the column's norm, ‖X_j‖ = √(Σ_{i ≤ j} R_ij²) (X = QR with Q orthonormal); zero for a
    /// constant or duplicated feature.
    static func weakestColumn(r: [Double], names: [String]) -> String {
        let p = names.count
        var worst = (index: 0, ratio: Double.infinity)
        for j in names.indices {
            var norm = 0.0
            for i in 0...j { norm += r[i + j * p] * r[i + j * p] }
            let ratio = abs(r[j + j * p]) / max(norm.squareRoot(), .leastNormalMagnitude)
            if ratio < worst.ratio { worst = (j, ratio) }
        }
        return "\(names[worst.index]) is (nearly) constant or a combination of the others; "
            + "observations need to vary in speed, depth, distance and hull"
    }
}
