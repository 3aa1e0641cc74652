internal import CBLAS

/// The toolkit's kernels split their work over threads themselves (blocks of rows on
/// `DispatchQueue.concurrentPerform`). OpenBLAS's own threads would then compete with them for
/// the cores, and between calls they spin waiting for work: measured on `nextwave calibrate`
/// (1e6 observations, 2 cores) the run took 0.63–0.74 s with OpenBLAS's threads and 0.33–0.37 s
/// without. Every caller of BLAS or LAPACK touches ``callerOnly`` first, which makes OpenBLAS
/// run on the calling thread, once per process.
package enum BLASThreads {
    package static let callerOnly: Void = openblas_set_num_threads(1)
}
