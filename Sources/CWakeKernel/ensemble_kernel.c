#include "cwkensemble.h"
#include "cwkexp.h"
#include <math.h>

#if defined(__x86_64__) || defined(__SSE2__)
#include <emmintrin.h>
#define CWK_SSE2 1
#endif

#pragma clang fp contract(off)

double cwk_exp_scalar(double x) { return cwk_exp(x); }

static inline double lesser(double a, double b) { return a < b ? a : b; }
static inline double greater(double a, double b) { return a > b ? a : b; }

/// The ensemble of one cell from the three heights and the row's validity mask.
static inline void ensemble(uint8_t mask, double a, double b, double c, double *med, double *lo, double *hi) {
    switch (mask & 7) {
    case 7:
        *lo = lesser(lesser(a, b), c);
        *hi = greater(greater(a, b), c);
        *med = greater(lesser(a, b), lesser(greater(a, b), c));
        break;
    case 3: *lo = lesser(a, b); *hi = greater(a, b); *med = (a + b) * 0.5; break;
    case 5: *lo = lesser(a, c); *hi = greater(a, c); *med = (a + c) * 0.5; break;
    case 6: *lo = lesser(b, c); *hi = greater(b, c); *med = (b + c) * 0.5; break;
    case 1: *lo = *hi = *med = a; break;
    case 2: *lo = *hi = *med = b; break;
    case 4: *lo = *hi = *med = c; break;
    default: *lo = *hi = *med = NAN; break;
    }
}

static inline void cell(size_t i, uint8_t mask, double a, double sx, double c, double ec, double cg, double st,
                        double lambda, cwk_ensemble_out out) {
    double b = cwk_exp(sx);
    double med, lo, hi;
    ensemble(mask, a, b, c, &med, &lo, &hi);
    double e = ec * med * med;
    double p = e * cg;
    out.ks[i] = a;
    out.sw[i] = b;
    out.pianc[i] = c;
    out.median[i] = med;
    out.minimum[i] = lo;
    out.maximum[i] = hi;
    out.energy[i] = e;
    out.flux[i] = p;
    out.shoreward[i] = p * st;
    out.energy_per_wave[i] = e * lambda;
}

#ifdef CWK_SSE2
// exp of two lanes with exactly the operations of cwk_exp, lane by lane and in the same order (no
// FMA in SSE2): the results are the scalar ones, bit for bit.
static inline __m128d cwk_pow2i_pd(__m128d k) {
    const __m128d round = _mm_set1_pd(cwk_exp_round);
    __m128i t = _mm_castpd_si128(_mm_add_pd(k, round));
    __m128i bits = _mm_sub_epi64(t, _mm_castpd_si128(round));
    bits = _mm_slli_epi64(_mm_add_epi64(bits, _mm_set1_epi64x(1023)), 52);
    return _mm_castsi128_pd(bits);
}

static inline __m128d cwk_exp_pd(__m128d x) {
    const __m128d vmax = _mm_set1_pd(cwk_exp_max), vmin = _mm_set1_pd(cwk_exp_min);
    const __m128d round = _mm_set1_pd(cwk_exp_round);
    __m128d xc = _mm_max_pd(_mm_min_pd(x, vmax), vmin);
    __m128d k = _mm_sub_pd(_mm_add_pd(_mm_mul_pd(xc, _mm_set1_pd(cwk_exp_invln2)), round), round);
    __m128d r = _mm_sub_pd(_mm_sub_pd(xc, _mm_mul_pd(k, _mm_set1_pd(cwk_exp_ln2hi))),
                           _mm_mul_pd(k, _mm_set1_pd(cwk_exp_ln2lo)));
    __m128d r2 = _mm_mul_pd(r, r), r4 = _mm_mul_pd(r2, r2), r8 = _mm_mul_pd(r4, r4);
#define PAIR(a, b) _mm_add_pd(_mm_set1_pd(a), _mm_mul_pd(_mm_set1_pd(b), r))  // a + b·r, as the scalar path
    __m128d p01 = PAIR(1.0, 1.0), p23 = PAIR(cwk_exp_c2, cwk_exp_c3), p45 = PAIR(cwk_exp_c4, cwk_exp_c5);
    __m128d p67 = PAIR(cwk_exp_c6, cwk_exp_c7), p89 = PAIR(cwk_exp_c8, cwk_exp_c9);
    __m128d p1011 = PAIR(cwk_exp_c10, cwk_exp_c11), p1213 = PAIR(cwk_exp_c12, cwk_exp_c13);
    __m128d q0 = _mm_add_pd(p01, _mm_mul_pd(r2, p23));
    __m128d q1 = _mm_add_pd(p45, _mm_mul_pd(r2, p67));
    __m128d q2 = _mm_add_pd(_mm_add_pd(p89, _mm_mul_pd(r2, p1011)), _mm_mul_pd(r4, p1213));
    __m128d p = _mm_add_pd(_mm_add_pd(q0, _mm_mul_pd(r4, q1)), _mm_mul_pd(r8, q2));
#undef PAIR
    __m128d k1 = _mm_sub_pd(_mm_add_pd(_mm_mul_pd(k, _mm_set1_pd(0.5)), round), round);
    __m128d k2 = _mm_sub_pd(k, k1);
    __m128d out = _mm_mul_pd(_mm_mul_pd(p, cwk_pow2i_pd(k1)), cwk_pow2i_pd(k2));
    __m128d over = _mm_cmpgt_pd(x, vmax), under = _mm_cmplt_pd(x, vmin);
    out = _mm_or_pd(_mm_and_pd(under, _mm_setzero_pd()), _mm_andnot_pd(under, out));
    return _mm_or_pd(_mm_and_pd(over, _mm_set1_pd(INFINITY)), _mm_andnot_pd(over, out));
}
#endif

void cwk_ensemble_block(const double *ks, const double *sw, const double *pianc, size_t rows, size_t distances,
                        size_t first_row, cwk_ensemble_rows in, double ec, cwk_ensemble_out out) {
    for (size_t r = 0; r < rows; r++) {
        size_t row = first_row + r;
        uint8_t mask = in.valid[row];
        double cg = in.group_velocity[row], st = in.sin_theta[row], lambda = in.wavelength[row];
        const double *hk = ks + r * distances, *sx = sw + r * distances, *hp = pianc + r * distances;
        size_t base = row * distances;
        size_t l = 0;
#ifdef CWK_SSE2
        // Two cells at a time, written with streaming stores when every output shares one
        // 16-byte alignment (a scalar first cell brings them onto it).
        uintptr_t a0 = (uintptr_t)(out.ks + base) & 15;
        double *outputs[10] = {out.ks, out.sw, out.pianc, out.median, out.minimum, out.maximum,
                               out.energy, out.flux, out.shoreward, out.energy_per_wave};
        int aligned = 1;
        for (int o = 1; o < 10; o++) aligned &= ((uintptr_t)(outputs[o] + base) & 15) == a0;
        if (aligned) {
            if (a0 != 0 && l < distances) {
                cell(base + l, mask, hk[l], sx[l], hp[l], ec, cg, st, lambda, out);
                l++;
            }
            const __m128d vec = _mm_set1_pd(ec), vcg = _mm_set1_pd(cg), vst = _mm_set1_pd(st);
            const __m128d vlambda = _mm_set1_pd(lambda), half = _mm_set1_pd(0.5), nan = _mm_set1_pd(NAN);
            for (; l + 2 <= distances; l += 2) {
                __m128d a = _mm_loadu_pd(hk + l), b = cwk_exp_pd(_mm_loadu_pd(sx + l)), c = _mm_loadu_pd(hp + l);
                __m128d med, lo, hi;
                switch (mask & 7) {
                case 7: {
                    __m128d ab_lo = _mm_min_pd(a, b), ab_hi = _mm_max_pd(a, b);
                    lo = _mm_min_pd(ab_lo, c);
                    hi = _mm_max_pd(ab_hi, c);
                    med = _mm_max_pd(ab_lo, _mm_min_pd(ab_hi, c));
                    break;
                }
                case 3: lo = _mm_min_pd(a, b); hi = _mm_max_pd(a, b); med = _mm_mul_pd(_mm_add_pd(a, b), half); break;
                case 5: lo = _mm_min_pd(a, c); hi = _mm_max_pd(a, c); med = _mm_mul_pd(_mm_add_pd(a, c), half); break;
                case 6: lo = _mm_min_pd(b, c); hi = _mm_max_pd(b, c); med = _mm_mul_pd(_mm_add_pd(b, c), half); break;
                case 1: lo = hi = med = a; break;
                case 2: lo = hi = med = b; break;
                case 4: lo = hi = med = c; break;
                default: lo = hi = med = nan; break;
                }
                __m128d e = _mm_mul_pd(_mm_mul_pd(vec, med), med);
                __m128d p = _mm_mul_pd(e, vcg);
                size_t i = base + l;
                _mm_stream_pd(out.ks + i, a);
                _mm_stream_pd(out.sw + i, b);
                _mm_stream_pd(out.pianc + i, c);
                _mm_stream_pd(out.median + i, med);
                _mm_stream_pd(out.minimum + i, lo);
                _mm_stream_pd(out.maximum + i, hi);
                _mm_stream_pd(out.energy + i, e);
                _mm_stream_pd(out.flux + i, p);
                _mm_stream_pd(out.shoreward + i, _mm_mul_pd(p, vst));
                _mm_stream_pd(out.energy_per_wave + i, _mm_mul_pd(e, vlambda));
            }
        }
#endif
        for (; l < distances; l++) cell(base + l, mask, hk[l], sx[l], hp[l], ec, cg, st, lambda, out);
    }
#ifdef CWK_SSE2
    _mm_sfence();
#endif
}
