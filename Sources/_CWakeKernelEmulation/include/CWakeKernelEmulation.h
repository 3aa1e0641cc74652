#ifndef CWAKEKERNELEMULATION_H
#define CWAKEKERNELEMULATION_H

// Not API: CWakeKernel's AVX-512 paths on a scalar emulation of the AVX-512 F intrinsics they
// use (avx512_emulation.h), for tests on processors without AVX-512. Same arguments and results
// as cwk_fuse_rows and cwk_ensemble_block with isa = CWK_ISA_AVX512 (x86-64 only).
#include <stddef.h>
#include <stdint.h>
#include "CWakeKernel.h"

void cwk_emulated_avx512_fuse_rows(const double *heights, size_t row_stride, size_t rows, size_t depths, double ec,
                                   const double *c, const double *fc, double e1, double e2, double f1, double f2,
                                   double *h_out, double *e_out, double *p_out, double *f_out, uint8_t *r_out);

void cwk_emulated_avx512_ensemble_block(const double *sw, const double *distance_factor, size_t rows,
                                        size_t distances, size_t first_row, cwk_ensemble_rows in, double ec,
                                        cwk_ensemble_out out);

#endif
