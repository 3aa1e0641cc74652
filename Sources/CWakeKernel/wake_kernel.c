#include "CWakeKernel.h"

#if defined(__x86_64__) || defined(__SSE2__)
#include <emmintrin.h>
#define CWK_SSE2 1
#endif

static inline uint8_t rating(double e, double f, double e1, double e2, double f1, double f2) {
    uint8_t re = (uint8_t)((e > e2) + (e > e1));
    uint8_t rf = (uint8_t)((f > f2) + (f > f1));
    return (uint8_t)(1 + (re > rf ? re : rf));
}

static inline void cell(const double *hs, size_t k, double ec, double c, double fc,
                        double e1, double e2, double f1, double f2,
                        double *ho, double *eo, double *po, double *fo, uint8_t *ro) {
    double h = hs[k];
    double e = ec * h * h;
    double f = fc * h;
    ho[k] = h;
    eo[k] = e;
    po[k] = e * c;
    fo[k] = f;
    ro[k] = rating(e, f, e1, e2, f1, f2);
}

void cwk_fuse_block(const double *heights, size_t rows, size_t depths, size_t stride,
                    double ec, double c, double fc, double e1, double e2, double f1, double f2,
                    double *h_out, double *e_out, double *p_out, double *f_out, uint8_t *r_out) {
    for (size_t r = 0; r < rows; r++) {
        const double *hs = heights + r * depths;
        double *ho = h_out + r * stride, *eo = e_out + r * stride, *po = p_out + r * stride,
               *fo = f_out + r * stride;
        uint8_t *ro = r_out + r * stride;
        size_t k = 0;
#ifdef CWK_SSE2
        uintptr_t a = (uintptr_t)ho & 15;
        if (((uintptr_t)eo & 15) == a && ((uintptr_t)po & 15) == a && ((uintptr_t)fo & 15) == a) {
            if (a != 0 && k < depths) {  // one scalar cell to reach 16-byte alignment
                cell(hs, k, ec, c, fc, e1, e2, f1, f2, ho, eo, po, fo, ro);
                k++;
            }
            const __m128d vec = _mm_set1_pd(ec), vc = _mm_set1_pd(c), vfc = _mm_set1_pd(fc);
            const __m128d ve1 = _mm_set1_pd(e1), ve2 = _mm_set1_pd(e2);
            const __m128d vf1 = _mm_set1_pd(f1), vf2 = _mm_set1_pd(f2);
            for (; k + 2 <= depths; k += 2) {
                __m128d h = _mm_loadu_pd(hs + k);
                __m128d e = _mm_mul_pd(_mm_mul_pd(vec, h), h);
                __m128d f = _mm_mul_pd(vfc, h);
                _mm_stream_pd(ho + k, h);
                _mm_stream_pd(eo + k, e);
                _mm_stream_pd(po + k, _mm_mul_pd(e, vc));
                _mm_stream_pd(fo + k, f);
                int me2 = _mm_movemask_pd(_mm_cmpgt_pd(e, ve2)), me1 = _mm_movemask_pd(_mm_cmpgt_pd(e, ve1));
                int mf2 = _mm_movemask_pd(_mm_cmpgt_pd(f, vf2)), mf1 = _mm_movemask_pd(_mm_cmpgt_pd(f, vf1));
                for (int lane = 0; lane < 2; lane++) {
                    uint8_t re = (uint8_t)(((me2 >> lane) & 1) + ((me1 >> lane) & 1));
                    uint8_t rf = (uint8_t)(((mf2 >> lane) & 1) + ((mf1 >> lane) & 1));
                    ro[k + lane] = (uint8_t)(1 + (re > rf ? re : rf));
                }
            }
        }
#endif
        for (; k < depths; k++) cell(hs, k, ec, c, fc, e1, e2, f1, f2, ho, eo, po, fo, ro);
    }
}

void cwk_fence(void) {
#ifdef CWK_SSE2
    _mm_sfence();
#endif
}
