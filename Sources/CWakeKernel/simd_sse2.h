// The vector vocabulary of the templates for SSE2: two doubles per vector.
// Included by paths_sse2.c only. Every operation matches one scalar IEEE operation lane by lane;
// v_min/v_max keep minpd/maxpd's rule (the second operand when either is NaN or both are
// equal), which is the scalar `a < b ? a : b` / `a > b ? a : b` of cwkcells.h.
#include <emmintrin.h>
#include <string.h>
#include "simd_common.h"

#define CWK_W 2
typedef __m128d vd;

static inline vd v_set1(double x) { return _mm_set1_pd(x); }
static inline vd v_zero(void) { return _mm_setzero_pd(); }
static inline vd v_loadu(const double *p) { return _mm_loadu_pd(p); }
static inline vd v_load_part(const double *p, size_t n) { (void)n; return _mm_load_sd(p); }
static inline void v_stream(double *p, vd v) { _mm_stream_pd(p, v); }
static inline void v_storeu(double *p, vd v) { _mm_storeu_pd(p, v); }
static inline vd v_add(vd a, vd b) { return _mm_add_pd(a, b); }
static inline vd v_sub(vd a, vd b) { return _mm_sub_pd(a, b); }
static inline vd v_mul(vd a, vd b) { return _mm_mul_pd(a, b); }
static inline vd v_min(vd a, vd b) { return _mm_min_pd(a, b); }
static inline vd v_max(vd a, vd b) { return _mm_max_pd(a, b); }
/// x > y ? then : otherwise, lane by lane (ordered: false for NaN).
static inline vd v_if_greater(vd x, vd y, vd then, vd otherwise) {
    vd m = _mm_cmpgt_pd(x, y);
    return _mm_or_pd(_mm_and_pd(m, then), _mm_andnot_pd(m, otherwise));
}
static inline vd v_if_less(vd x, vd y, vd then, vd otherwise) {
    vd m = _mm_cmplt_pd(x, y);
    return _mm_or_pd(_mm_and_pd(m, then), _mm_andnot_pd(m, otherwise));
}
/// 2^k for integral k in [−1022, 1023], from k's bits (as cwk_pow2i).
static inline vd v_pow2i(vd k, vd round) {
    __m128i bits = _mm_sub_epi64(_mm_castpd_si128(_mm_add_pd(k, round)), _mm_castpd_si128(round));
    return _mm_castsi128_pd(_mm_slli_epi64(_mm_add_epi64(bits, _mm_set1_epi64x(1023)), 52));
}
/// The ratings 1 + max((e > e2) + (e > e1), (f > f2) + (f > f1)) of the lanes, one byte each,
/// lane 0 in the lowest byte.
static inline uint64_t v_ratings(vd e, vd f, vd e1, vd e2, vd f1, vd f2) {
    const vd one = _mm_set1_pd(1.0);
    vd re = _mm_add_pd(_mm_and_pd(_mm_cmpgt_pd(e, e2), one), _mm_and_pd(_mm_cmpgt_pd(e, e1), one));
    vd rf = _mm_add_pd(_mm_and_pd(_mm_cmpgt_pd(f, f2), one), _mm_and_pd(_mm_cmpgt_pd(f, f1), one));
    __m128i r = _mm_cvtpd_epi32(_mm_add_pd(one, _mm_max_pd(re, rf)));
    r = _mm_packus_epi16(_mm_packs_epi32(r, r), r);
    return (uint64_t)(uint32_t)_mm_cvtsi128_si32(r);
}
