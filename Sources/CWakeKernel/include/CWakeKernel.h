#ifndef CWAKEKERNEL_H
#define CWAKEKERNEL_H

// The umbrella header of the C kernels: every header of include/ is reached from here, so a new
// one changes this file and no stale module cache hides it.
#include <stddef.h>
#include <stdint.h>
#include "cwkensemble.h"

/// Instruction sets of the fused passes. Every path performs the same IEEE operations on each
/// cell in the same order (no fused multiply-add anywhere), so all give the same bits; the
/// scalar path is the reference.
enum {
    CWK_ISA_SCALAR = 0,  ///< one cell at a time (every processor)
    CWK_ISA_SSE2 = 1,    ///< two cells per instruction (every x86-64)
    CWK_ISA_AVX2 = 2,    ///< four
    CWK_ISA_AVX512 = 3   ///< eight (AVX-512 F)
};

/// 1 when this processor and its operating system run `isa` (CPUID and XGETBV, checked once),
/// else 0 (also for an unknown value).
int cwk_isa_supported(int isa);

/// A time-stamp counter: x86 RDTSC ticks (the nominal clock), elsewhere nanoseconds.
uint64_t cwk_ticks(void);

/// The fused per-cell pass of the wake kernel (LegacyWakeModel.WakeCells) over `rows` rows of
/// `depths` cells. Row s reads its wave heights H at heights + s · row_stride (cache-resident)
/// and has its own c = c[s] and fc = fc[s]; for each cell it writes
///   H,  E = (ec * H) * H,  P = E * c,  F = fc * H,  rating = 1 + max(rE, rF)
/// with rE = (E > e2) + (E > e1) and rF = (F > f2) + (F > f1) (strict thresholds). The rows'
/// outputs follow each other: cell (s, k) at s · depths + k of each output. With a vector
/// `isa`, the doubles are written with non-temporal (streaming) stores, a whole cache line at a
/// time, when the four double outputs have the same offset within a cache line (else with
/// ordinary stores), so the large outputs are written once without being read first; call
/// cwk_fence() before another thread reads them. An `isa` this processor does not support runs
/// the scalar path.
void cwk_fuse_rows(int isa, const double *heights, size_t row_stride, size_t rows, size_t depths, double ec,
                   const double *c, const double *fc, double e1, double e2, double f1, double f2, double *h_out,
                   double *e_out, double *p_out, double *f_out, uint8_t *r_out);

/// Orders the streaming stores before later stores (x86 sfence).
void cwk_fence(void);

#endif
