// The legacy fused pass: the scalar path and the choice of path per call.
#include "cwkcells.h"

#if defined(CWK_X86)
#include <emmintrin.h>
#endif

#pragma clang fp contract(off)

#if defined(CWK_X86)
cwk_legacy_job cwk_make_legacy_job(const double *heights, size_t row_stride, size_t rows, size_t depths, double ec,
                                   const double *c, const double *fc, double e1, double e2, double f1, double f2,
                                   double *h_out, double *e_out, double *p_out, double *f_out, uint8_t *r_out) {
    return (cwk_legacy_job){heights, row_stride, rows, depths, {ec, 0, 0, e1, e2, f1, f2}, c, fc,
                            {h_out, e_out, p_out, f_out}, r_out};
}
#endif

void cwk_fuse_rows(int isa, const double *heights, size_t row_stride, size_t rows, size_t depths, double ec,
                   const double *c, const double *fc, double e1, double e2, double f1, double f2, double *h_out,
                   double *e_out, double *p_out, double *f_out, uint8_t *r_out) {
    if (!cwk_isa_supported(isa)) isa = CWK_ISA_SCALAR;
#if defined(CWK_X86)
    if (isa != CWK_ISA_SCALAR) {
        const cwk_legacy_job job = cwk_make_legacy_job(heights, row_stride, rows, depths, ec, c, fc, e1, e2, f1, f2,
                                                       h_out, e_out, p_out, f_out, r_out);
        switch (isa) {
        case CWK_ISA_AVX512: cwk_legacy_rows_avx512(&job); return;
        case CWK_ISA_AVX2: cwk_legacy_rows_avx2(&job); return;
        default: cwk_legacy_rows_sse2(&job); return;
        }
    }
#endif
    for (size_t s = 0; s < rows; s++) {
        const cwk_legacy_params p = {ec, c[s], fc[s], e1, e2, f1, f2};
        const double *hs = heights + s * row_stride;
        size_t o = s * depths;
        for (size_t k = 0; k < depths; k++)
            cwk_legacy_cell(hs, k, &p, h_out + o, e_out + o, p_out + o, f_out + o, r_out + o);
    }
}

void cwk_fence(void) {
#if defined(CWK_X86)
    _mm_sfence();
#endif
}
