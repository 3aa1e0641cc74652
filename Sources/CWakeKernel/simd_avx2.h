// The vector vocabulary of the templates for AVX2: four doubles per vector.
// Included by paths_avx2.c only; the same rules as simd_sse2.h.
#include <immintrin.h>
#include <string.h>
#include "simd_common.h"

#define CWK_W 4
typedef __m256d vd;

static inline __m256i v_lanes(size_t n) {  // all ones in the first n lanes
    return _mm256_cmpgt_epi64(_mm256_set1_epi64x((long long)n), _mm256_setr_epi64x(0, 1, 2, 3));
}
static inline vd v_set1(double x) { return _mm256_set1_pd(x); }
static inline vd v_zero(void) { return _mm256_setzero_pd(); }
static inline vd v_loadu(const double *p) { return _mm256_loadu_pd(p); }
static inline vd v_load_part(const double *p, size_t n) { return _mm256_maskload_pd(p, v_lanes(n)); }
static inline void v_stream(double *p, vd v) { _mm256_stream_pd(p, v); }
static inline void v_storeu(double *p, vd v) { _mm256_storeu_pd(p, v); }
static inline vd v_add(vd a, vd b) { return _mm256_add_pd(a, b); }
static inline vd v_sub(vd a, vd b) { return _mm256_sub_pd(a, b); }
static inline vd v_mul(vd a, vd b) { return _mm256_mul_pd(a, b); }
static inline vd v_min(vd a, vd b) { return _mm256_min_pd(a, b); }
static inline vd v_max(vd a, vd b) { return _mm256_max_pd(a, b); }
static inline vd v_if_greater(vd x, vd y, vd then, vd otherwise) {
    return _mm256_blendv_pd(otherwise, then, _mm256_cmp_pd(x, y, _CMP_GT_OQ));
}
static inline vd v_if_less(vd x, vd y, vd then, vd otherwise) {
    return _mm256_blendv_pd(otherwise, then, _mm256_cmp_pd(x, y, _CMP_LT_OQ));
}
static inline vd v_pow2i(vd k, vd round) {
    __m256i bits = _mm256_sub_epi64(_mm256_castpd_si256(_mm256_add_pd(k, round)), _mm256_castpd_si256(round));
    return _mm256_castsi256_pd(_mm256_slli_epi64(_mm256_add_epi64(bits, _mm256_set1_epi64x(1023)), 52));
}
static inline uint64_t v_ratings(vd e, vd f, vd e1, vd e2, vd f1, vd f2) {
    const vd one = _mm256_set1_pd(1.0);
    vd re = _mm256_add_pd(_mm256_and_pd(_mm256_cmp_pd(e, e2, _CMP_GT_OQ), one),
                          _mm256_and_pd(_mm256_cmp_pd(e, e1, _CMP_GT_OQ), one));
    vd rf = _mm256_add_pd(_mm256_and_pd(_mm256_cmp_pd(f, f2, _CMP_GT_OQ), one),
                          _mm256_and_pd(_mm256_cmp_pd(f, f1, _CMP_GT_OQ), one));
    __m128i r = _mm256_cvtpd_epi32(_mm256_add_pd(one, _mm256_max_pd(re, rf)));
    r = _mm_packus_epi16(_mm_packs_epi32(r, r), r);
    return (uint64_t)(uint32_t)_mm_cvtsi128_si32(r);
}
