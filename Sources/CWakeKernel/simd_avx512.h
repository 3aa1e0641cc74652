// The vector vocabulary of the templates for AVX-512 F: eight doubles per vector (a whole cache
// line), masked loads for partial vectors. Included by paths_avx512.c only; the
// same rules as simd_sse2.h (vminpd/vmaxpd on zmm keep the second-operand rule).
#ifndef CWK_AVX512_EMULATION  // tests build these paths on an emulation too (_CWakeKernelEmulation)
#include <immintrin.h>
#endif
#include <string.h>
#include "simd_common.h"

#define CWK_W 8
typedef __m512d vd;

static inline __mmask8 v_lanes(size_t n) { return (__mmask8)((1u << n) - 1); }
static inline vd v_set1(double x) { return _mm512_set1_pd(x); }
static inline vd v_zero(void) { return _mm512_setzero_pd(); }
static inline vd v_loadu(const double *p) { return _mm512_loadu_pd(p); }
static inline vd v_load_part(const double *p, size_t n) { return _mm512_maskz_loadu_pd(v_lanes(n), p); }
static inline void v_stream(double *p, vd v) { _mm512_stream_pd(p, v); }
static inline void v_storeu(double *p, vd v) { _mm512_storeu_pd(p, v); }
static inline vd v_add(vd a, vd b) { return _mm512_add_pd(a, b); }
static inline vd v_sub(vd a, vd b) { return _mm512_sub_pd(a, b); }
static inline vd v_mul(vd a, vd b) { return _mm512_mul_pd(a, b); }
static inline vd v_min(vd a, vd b) { return _mm512_min_pd(a, b); }
static inline vd v_max(vd a, vd b) { return _mm512_max_pd(a, b); }
static inline vd v_if_greater(vd x, vd y, vd then, vd otherwise) {
    return _mm512_mask_blend_pd(_mm512_cmp_pd_mask(x, y, _CMP_GT_OQ), otherwise, then);
}
static inline vd v_if_less(vd x, vd y, vd then, vd otherwise) {
    return _mm512_mask_blend_pd(_mm512_cmp_pd_mask(x, y, _CMP_LT_OQ), otherwise, then);
}
static inline vd v_pow2i(vd k, vd round) {
    __m512i bits = _mm512_sub_epi64(_mm512_castpd_si512(_mm512_add_pd(k, round)), _mm512_castpd_si512(round));
    return _mm512_castsi512_pd(_mm512_slli_epi64(_mm512_add_epi64(bits, _mm512_set1_epi64(1023)), 52));
}
static inline uint64_t v_ratings(vd e, vd f, vd e1, vd e2, vd f1, vd f2) {
    const __m512i one = _mm512_set1_epi64(1);
    __m512i re = _mm512_add_epi64(_mm512_maskz_mov_epi64(_mm512_cmp_pd_mask(e, e2, _CMP_GT_OQ), one),
                                  _mm512_maskz_mov_epi64(_mm512_cmp_pd_mask(e, e1, _CMP_GT_OQ), one));
    __m512i rf = _mm512_add_epi64(_mm512_maskz_mov_epi64(_mm512_cmp_pd_mask(f, f2, _CMP_GT_OQ), one),
                                  _mm512_maskz_mov_epi64(_mm512_cmp_pd_mask(f, f1, _CMP_GT_OQ), one));
    __m128i r = _mm512_cvtepi64_epi8(_mm512_add_epi64(one, _mm512_max_epu64(re, rf)));
    return (uint64_t)_mm_cvtsi128_si64(r);
}
