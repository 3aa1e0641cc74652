internal import CBLAS

// Vectorised building blocks in the Surge pattern: a public allocating function and an
// internal in-place one, each one BLAS call with its length preconditions.

/// The outer product `x yᵀ` as a row-major `x.count × y.count` matrix (BLAS `dger`).
///
/// ```
/// A[i, j] = α · x[i] · y[j]
/// ```
package func outerProduct(_ x: [Double], _ y: [Double], scale alpha: Double = 1) -> [Double] {
    var a = [Double](repeating: 0, count: x.count * y.count)
    x.withUnsafeBufferPointer { xp in
        y.withUnsafeBufferPointer { yp in
            a.withUnsafeMutableBufferPointer { ap in
                accumulateOuterProduct(
                    alpha: alpha, x: xp.baseAddress!, incX: 1, y: yp.baseAddress!, incY: 1,
                    into: ap.baseAddress!, rows: x.count, columns: y.count, leadingDimension: y.count)
            }
        }
    }
    return a
}

/// `A ← A + α x yᵀ` for a row-major `rows × columns` block of a larger matrix whose rows are
/// `leadingDimension` elements apart (BLAS `dger`). Pointers may be strided (`incX`, `incY`).
@inline(__always)
package func accumulateOuterProduct(
    alpha: Double,
    x: UnsafePointer<Double>, incX: Int,
    y: UnsafePointer<Double>, incY: Int,
    into a: UnsafeMutablePointer<Double>,
    rows: Int, columns: Int, leadingDimension: Int
) {
    precondition(rows >= 0 && columns >= 0 && leadingDimension >= max(1, columns), "bad matrix shape")
    precondition(rows <= Int(Int32.max) && leadingDimension <= Int(Int32.max), "BLAS uses 32-bit indices")
    guard rows > 0, columns > 0 else { return }
    _ = BLASThreads.callerOnly
    cblas_dger(
        CblasRowMajor, Int32(rows), Int32(columns), alpha,
        x, Int32(incX), y, Int32(incY), a, Int32(leadingDimension))
}

/// Element-wise product `z = α · x ∘ y` (BLAS `dsbmv` with a zero-bandwidth band matrix,
/// i.e. `diag(x) · y`).
package func elementwiseProduct(_ x: [Double], _ y: [Double], scale alpha: Double = 1) -> [Double] {
    precondition(x.count == y.count, "element-wise product needs equal lengths")
    var z = [Double](repeating: 0, count: x.count)
    x.withUnsafeBufferPointer { xp in
        y.withUnsafeBufferPointer { yp in
            z.withUnsafeMutableBufferPointer { zp in
                multiplyElementwise(
                    alpha: alpha, x: xp.baseAddress!, y: yp.baseAddress!, into: zp.baseAddress!, count: x.count)
            }
        }
    }
    return z
}

@inline(__always)
func multiplyElementwise(
    alpha: Double, x: UnsafePointer<Double>, y: UnsafePointer<Double>,
    into z: UnsafeMutablePointer<Double>, count: Int
) {
    precondition(count >= 0 && count <= Int(Int32.max), "BLAS uses 32-bit indices")
    guard count > 0 else { return }
    _ = BLASThreads.callerOnly
    cblas_dsbmv(CblasRowMajor, CblasUpper, Int32(count), 0, alpha, x, 1, y, 1, 0, z, 1)
}
