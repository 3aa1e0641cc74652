// The AVX-512 paths of CWakeKernel (its vocabulary simd_avx512.h and the row templates, the very
// files paths_avx512.c compiles) built on avx512_emulation.h instead of the processor's
// instructions, so that tests can run them on any x86-64 processor.
#if defined(__x86_64__)
#pragma clang fp contract(off)
#define CWK_AVX512_EMULATION 1
#include "avx512_emulation.h"
#include "../CWakeKernel/cwkcells.h"
#include "CWakeKernelEmulation.h"
#include <math.h>
#include <string.h>

#include "../CWakeKernel/simd_avx512.h"
#define CWK_PATH(name) name##_avx512_emulated
void cwk_legacy_rows_avx512_emulated(const cwk_legacy_job *job);
void cwk_ensemble_rows_avx512_emulated(const cwk_ensemble_job *job);
#include "../CWakeKernel/rows_template.h"
#include "../CWakeKernel/legacy_template.h"
#include "../CWakeKernel/ensemble_template.h"

void cwk_emulated_avx512_fuse_rows(const double *heights, size_t row_stride, size_t rows, size_t depths, double ec,
                                   const double *c, const double *fc, double e1, double e2, double f1, double f2,
                                   double *h_out, double *e_out, double *p_out, double *f_out, uint8_t *r_out) {
    const cwk_legacy_job job = cwk_make_legacy_job(heights, row_stride, rows, depths, ec, c, fc, e1, e2, f1, f2, h_out,
                                                   e_out, p_out, f_out, r_out);
    cwk_legacy_rows_avx512_emulated(&job);
}

void cwk_emulated_avx512_ensemble_block(const double *sw, const double *distance_factor, size_t rows,
                                        size_t distances, size_t first_row, cwk_ensemble_rows in, double ec,
                                        cwk_ensemble_out out) {
    const cwk_ensemble_job job = cwk_make_ensemble_job(sw, distance_factor, rows, distances, first_row, in, ec, out);
    cwk_ensemble_rows_avx512_emulated(&job);
}
#endif
