internal import CBLAS
internal import CLAPACKE

/// Ordinary least squares y ≈ X β through LAPACK: the QR-based driver `dgels`, the triangular
/// condition estimate `dtrcon` (a design whose columns do not separate is refused, not solved),
/// `dtrtri` for R⁻¹, and BLAS for residuals and leverages.
///
/// With X = Q R (n × p, n > p):
/// ```
/// β            = R⁻¹ Qᵀ y                    (dgels)
/// RSS          = Σ (y − X β)²,  s² = RSS / (n − p)
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
    let residuals: [Double]

    /// Rows of X whose reciprocal condition (of R) is below this are refused as rank-deficient.
    static let minimumReciprocalCondition = 1e-12

    /// - Parameters:
    ///   - design: X, column-major, `rows × names.count`.
    ///   - response: y, `rows` values.
    ///   - names: the columns' names, for messages.
    init(design: [Double], response: [Double], names: [String]) throws {
        let n = response.count
        let p = names.count
        precondition(design.count == n * p, "one design row per response")
        guard n > p else { throw CalibrationError.tooFewObservations(valid: n, needed: p, skipped: 0) }
        guard n <= Int(Int32.max) else {
            throw CalibrationError.unreadable(path: "observations", reason: "more than \(Int32.max) rows")
        }
        let (n32, p32) = (Int32(n), Int32(p))
        var qr = design
        var rhs = response
        // The _work form: the caller's data are checked finite already, so LAPACKE's NaN scan of
        // the whole design (a pass over n × p doubles) is skipped. A workspace query comes first.
        let trans = CChar(UInt8(ascii: "N"))
        var size = 0.0
        var info = LAPACKE_dgels_work(LAPACK_COL_MAJOR, trans, n32, p32, 1, &qr, n32, &rhs, n32, &size, -1)
        if info == 0 {
            var work = [Double](repeating: 0, count: max(1, Int(size)))
            info = LAPACKE_dgels_work(
                LAPACK_COL_MAJOR, trans, n32, p32, 1, &qr, n32, &rhs, n32, &work, Int32(work.count))
        }
        if info > 0 {
            throw CalibrationError.rankDeficient(reason: Self.weakestColumn(design: design, qr: qr, n: n, names: names))
        }
        guard info == 0 else { throw CalibrationError.lapack(routine: "dgels", info: info) }
        // R: the upper triangle of the factored design.
        var r = [Double](repeating: 0, count: p * p)
        for j in 0..<p { for i in 0...j { r[i + j * p] = qr[i + j * n] } }
        var rcond = 0.0
        let conditionInfo = LAPACKE_dtrcon(
            LAPACK_COL_MAJOR, CChar(UInt8(ascii: "1")), CChar(UInt8(ascii: "U")), CChar(UInt8(ascii: "N")), p32, r, p32,
            &rcond)
        guard conditionInfo == 0 else { throw CalibrationError.lapack(routine: "dtrcon", info: conditionInfo) }
        guard rcond >= Self.minimumReciprocalCondition else {
            throw CalibrationError.rankDeficient(reason: Self.weakestColumn(design: design, qr: qr, n: n, names: names))
        }
        let beta = Array(rhs[0..<p])
        // Residuals e = y − X β (BLAS dgemv on the original design).
        var residuals = response
        cblas_dgemv(CblasColMajor, CblasNoTrans, n32, p32, -1, design, n32, beta, 1, 1, &residuals, 1)
        let rss = residuals.reduce(0) { $0 + $1 * $1 }
        let mean = response.reduce(0, +) / Double(n)
        let tss = response.reduce(0) { $0 + ($1 - mean) * ($1 - mean) }
        let s2 = rss / Double(n - p)
        // R⁻¹, then (XᵀX)⁻¹ = R⁻¹ R⁻ᵀ.
        var rInverse = r
        let inverseInfo = LAPACKE_dtrtri(
            LAPACK_COL_MAJOR, CChar(UInt8(ascii: "U")), CChar(UInt8(ascii: "N")), p32, &rInverse, p32)
        guard inverseInfo == 0 else { throw CalibrationError.lapack(routine: "dtrtri", info: inverseInfo) }
        var covariance = [Double](repeating: 0, count: p * p)
        for a in 0..<p {
            for b in 0..<p {
                var sum = 0.0
                for k in max(a, b)..<p { sum += rInverse[a + k * p] * rInverse[b + k * p] }
                covariance[a * p + b] = s2 * sum
            }
        }
        // Leverages from Z = X R⁻¹ (BLAS dtrmm on a copy of X).
        var z = design
        cblas_dtrmm(
            CblasColMajor, CblasRight, CblasUpper, CblasNoTrans, CblasNonUnit, n32, p32, 1, rInverse, p32, &z, n32)
        var looSquares = 0.0
        var looDefined = true
        for i in 0..<n {
            var h = 0.0
            for j in 0..<p { h += z[i + j * n] * z[i + j * n] }
            guard h < 1 - 1e-10 else {
                looDefined = false
                break
            }
            let e = residuals[i] / (1 - h)
            looSquares += e * e
        }
        coefficients = beta
        standardErrors = (0..<p).map { (covariance[$0 * p + $0]).squareRoot() }
        self.covariance = covariance
        residualStandardError = s2.squareRoot()
        rSquared = tss > 0 ? 1 - rss / tss : 0
        leaveOneOutRMSE = looDefined ? (looSquares / Double(n)).squareRoot() : nil
        self.residuals = residuals
    }

    /// The column that is closest to a combination of the others: the smallest |R_jj| relative to
    /// the column's norm (zero for a constant or duplicated feature).
    static func weakestColumn(design: [Double], qr: [Double], n: Int, names: [String]) -> String {
        var worst = (index: 0, ratio: Double.infinity)
        for j in names.indices {
            var norm = 0.0
            for i in 0..<n { norm += design[i + j * n] * design[i + j * n] }
            let ratio = abs(qr[j + j * n]) / max(norm.squareRoot(), .leastNormalMagnitude)
            if ratio < worst.ratio { worst = (j, ratio) }
        }
        return "\(names[worst.index]) is (nearly) constant or a combination of the others; "
            + "observations need to vary in speed, depth, distance and hull"
    }
}
