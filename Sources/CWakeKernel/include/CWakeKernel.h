#ifndef CWAKEKERNEL_H
#define CWAKEKERNEL_H

// The umbrella header of the C kernels: every header of include/ is reached from here, so a new
// one changes this file and no stale module cache hides it.
#include <stddef.h>
#include <stdint.h>
#include "cwkensemble.h"

/// The fused per-cell pass of the wake kernel (WakePhysics.WakeCells): from a block of wave
/// heights H (rows x depths, contiguous, cache-resident) it writes, for each cell,
///   H,  E = ec * H * H,  P = E * c,  F = fc * H,  rating = 1 + max(rE, rF)
/// with rE = (E > e2) + (E > e1) and rF = (F > f2) + (F > f1) (strict thresholds).
/// Row r of the block goes to offset r * stride of each output. Doubles are written with
/// non-temporal (streaming) stores when all four output rows share 16-byte alignment, so the
/// large outputs are written once without being read first; call cwk_fence() before another
/// thread reads them.
void cwk_fuse_block(const double *heights, size_t rows, size_t depths, size_t stride,
                    double ec, double c, double fc, double e1, double e2, double f1, double f2,
                    double *h_out, double *e_out, double *p_out, double *f_out, uint8_t *r_out);

/// Orders the streaming stores before later stores (x86 sfence).
void cwk_fence(void);

#endif
