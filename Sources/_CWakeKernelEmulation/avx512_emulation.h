// A scalar emulation of the AVX-512 F intrinsics that simd_avx512.h uses, each written from
// Intel's definition (Intel 64 and IA-32 Architectures Software Developer's Manual, vol. 2;
// the Intrinsics Guide), lane by lane. It lets the AVX-512 paths' own code (vocabulary and
// templates) run, and be checked bit for bit against the scalar path, on processors without
// AVX-512. Not a model of timing, and not used outside tests.
#ifndef CWK_AVX512_EMULATION_H
#define CWK_AVX512_EMULATION_H

#include <emmintrin.h>
#include <stdint.h>
#include <string.h>

typedef struct {
    double d[8];
} __m512d;
typedef struct {
    uint64_t q[8];
} __m512i;
typedef uint8_t __mmask8;

#define _CMP_LT_OQ 0x11
#define _CMP_GT_OQ 0x1e

#define CWK_EMU_LANES for (int i = 0; i < 8; i++)

static inline __m512d _mm512_set1_pd(double x) {
    __m512d r;
    CWK_EMU_LANES r.d[i] = x;
    return r;
}
static inline __m512d _mm512_setzero_pd(void) { return _mm512_set1_pd(0.0); }
static inline __m512i _mm512_set1_epi64(long long x) {
    __m512i r;
    CWK_EMU_LANES r.q[i] = (uint64_t)x;
    return r;
}
static inline __m512d _mm512_loadu_pd(const void *p) {
    __m512d r;
    memcpy(r.d, p, 64);
    return r;
}
/// Masked-out lanes are zero and their memory is not read.
static inline __m512d _mm512_maskz_loadu_pd(__mmask8 k, const void *p) {
    __m512d r;
    CWK_EMU_LANES {
        r.d[i] = 0.0;
        if ((k >> i) & 1) memcpy(&r.d[i], (const double *)p + i, 8);
    }
    return r;
}
static inline void _mm512_storeu_pd(void *p, __m512d a) { memcpy(p, a.d, 64); }
/// The real instruction faults unless p is 64-byte aligned: so does the emulation (a trap).
static inline void _mm512_stream_pd(void *p, __m512d a) {
    if ((uintptr_t)p % 64 != 0) __builtin_trap();
    memcpy(p, a.d, 64);
}
static inline __m512d _mm512_add_pd(__m512d a, __m512d b) { CWK_EMU_LANES a.d[i] = a.d[i] + b.d[i]; return a; }
static inline __m512d _mm512_sub_pd(__m512d a, __m512d b) { CWK_EMU_LANES a.d[i] = a.d[i] - b.d[i]; return a; }
static inline __m512d _mm512_mul_pd(__m512d a, __m512d b) { CWK_EMU_LANES a.d[i] = a.d[i] * b.d[i]; return a; }
/// VMINPD/VMAXPD: the second operand when either is NaN or both are equal (zeros of either sign).
static inline __m512d _mm512_min_pd(__m512d a, __m512d b) { CWK_EMU_LANES a.d[i] = a.d[i] < b.d[i] ? a.d[i] : b.d[i]; return a; }
static inline __m512d _mm512_max_pd(__m512d a, __m512d b) { CWK_EMU_LANES a.d[i] = a.d[i] > b.d[i] ? a.d[i] : b.d[i]; return a; }
/// The two predicates the vocabulary uses: ordered (false for NaN), quiet.
static inline __mmask8 _mm512_cmp_pd_mask(__m512d a, __m512d b, int predicate) {
    __mmask8 k = 0;
    CWK_EMU_LANES {
        int bit = predicate == _CMP_GT_OQ ? a.d[i] > b.d[i] : predicate == _CMP_LT_OQ ? a.d[i] < b.d[i] : -1;
        if (bit < 0) __builtin_trap();  // a predicate this emulation does not define
        k |= (__mmask8)(bit << i);
    }
    return k;
}
/// Lane i: b where bit i of k is set, else a.
static inline __m512d _mm512_mask_blend_pd(__mmask8 k, __m512d a, __m512d b) {
    CWK_EMU_LANES if ((k >> i) & 1) a.d[i] = b.d[i];
    return a;
}
static inline __m512i _mm512_castpd_si512(__m512d a) {
    __m512i r;
    memcpy(r.q, a.d, 64);
    return r;
}
static inline __m512d _mm512_castsi512_pd(__m512i a) {
    __m512d r;
    memcpy(r.d, a.q, 64);
    return r;
}
static inline __m512i _mm512_add_epi64(__m512i a, __m512i b) { CWK_EMU_LANES a.q[i] += b.q[i]; return a; }
static inline __m512i _mm512_sub_epi64(__m512i a, __m512i b) { CWK_EMU_LANES a.q[i] -= b.q[i]; return a; }
/// Shift counts above 63 give zero.
static inline __m512i _mm512_slli_epi64(__m512i a, unsigned int n) { CWK_EMU_LANES a.q[i] = n > 63 ? 0 : a.q[i] << n; return a; }
/// Lane i: a where bit i of k is set, else zero.
static inline __m512i _mm512_maskz_mov_epi64(__mmask8 k, __m512i a) { CWK_EMU_LANES if (!((k >> i) & 1)) a.q[i] = 0; return a; }
static inline __m512i _mm512_max_epu64(__m512i a, __m512i b) { CWK_EMU_LANES a.q[i] = a.q[i] > b.q[i] ? a.q[i] : b.q[i]; return a; }
/// VPMOVQB: each lane truncated to its low byte, in the low 8 bytes; the upper 8 bytes zero.
static inline __m128i _mm512_cvtepi64_epi8(__m512i a) {
    uint8_t bytes[16] = {0};
    CWK_EMU_LANES bytes[i] = (uint8_t)a.q[i];
    return _mm_loadu_si128((const __m128i *)bytes);
}

#undef CWK_EMU_LANES
#endif
