#ifndef CWKEXP_H
#define CWKEXP_H

#include <math.h>
#include <stdint.h>
#include <string.h>

// exp(x) from basic arithmetic only, so that every vector path of the kernels (scalar, SSE2,
// AVX2, AVX-512) performs the same operations on each lane and gives the same bits:
//   k = nearest integer to x / ln 2            (1.5·2^52 rounding trick, ties to even)
//   r = x − k·ln2_hi − k·ln2_lo                 (Cody–Waite reduction, |r| ≤ ln 2 / 2)
//   e^r = Σ_{n=0}^{13} r^n / n!                 (Estrin's scheme; truncation < 1e-17 relative)
//   e^x = e^r · 2^k1 · 2^k2,  k1 = nearest(k/2), k2 = k − k1   (each factor a normal double)
// Valid for finite x; below −745.2 the result is 0, above 709.78 it is +∞. Relative error a
// few units in the last place (tests compare with the C library's exp).
// Contraction into fused multiply-adds is off: SSE2 has none, and the paths must agree.
#pragma clang fp contract(off)

static const double cwk_exp_invln2 = 1.44269504088896338700e+00;
static const double cwk_exp_ln2hi = 6.93147180369123816490e-01;
static const double cwk_exp_ln2lo = 1.90821492927058770002e-10;
static const double cwk_exp_round = 6755399441055744.0;  // 1.5 · 2^52
static const double cwk_exp_max = 709.782712893383973096;
static const double cwk_exp_min = -745.2;

// 1/n! for n = 13 … 2.
static const double cwk_exp_c13 = 1.0 / 6227020800.0;
static const double cwk_exp_c12 = 1.0 / 479001600.0;
static const double cwk_exp_c11 = 1.0 / 39916800.0;
static const double cwk_exp_c10 = 1.0 / 3628800.0;
static const double cwk_exp_c9 = 1.0 / 362880.0;
static const double cwk_exp_c8 = 1.0 / 40320.0;
static const double cwk_exp_c7 = 1.0 / 5040.0;
static const double cwk_exp_c6 = 1.0 / 720.0;
static const double cwk_exp_c5 = 1.0 / 120.0;
static const double cwk_exp_c4 = 1.0 / 24.0;
static const double cwk_exp_c3 = 1.0 / 6.0;
static const double cwk_exp_c2 = 0.5;

static inline double cwk_pow2i(double k) {
    // 2^k for an integral k in [−1022, 1023]: the exponent field built from k's bits.
    double t = k + cwk_exp_round;
    uint64_t tb, rb;
    double magic = cwk_exp_round;
    memcpy(&tb, &t, 8);
    memcpy(&rb, &magic, 8);
    uint64_t bits = (uint64_t)((int64_t)(tb - rb) + 1023) << 52;
    double out;
    memcpy(&out, &bits, 8);
    return out;
}

static inline double cwk_exp(double x) {
    double xc = x > cwk_exp_max ? cwk_exp_max : x;
    xc = xc < cwk_exp_min ? cwk_exp_min : xc;
    double k = (xc * cwk_exp_invln2 + cwk_exp_round) - cwk_exp_round;
    double r = (xc - k * cwk_exp_ln2hi) - k * cwk_exp_ln2lo;
    // Estrin's scheme (shorter dependency chains than Horner; the vector paths group the same way).
    double r2 = r * r, r4 = r2 * r2, r8 = r4 * r4;
    double p01 = 1.0 + 1.0 * r, p23 = cwk_exp_c2 + cwk_exp_c3 * r, p45 = cwk_exp_c4 + cwk_exp_c5 * r;
    double p67 = cwk_exp_c6 + cwk_exp_c7 * r, p89 = cwk_exp_c8 + cwk_exp_c9 * r;
    double p1011 = cwk_exp_c10 + cwk_exp_c11 * r, p1213 = cwk_exp_c12 + cwk_exp_c13 * r;
    double q0 = p01 + r2 * p23;
    double q1 = p45 + r2 * p67;
    double q2 = (p89 + r2 * p1011) + r4 * p1213;
    double p = (q0 + r4 * q1) + r8 * q2;
    // Split 2^k into two factors that are each a normal double (|k1|, |k2| ≤ 538).
    double k1 = (k * 0.5 + cwk_exp_round) - cwk_exp_round;
    double k2 = k - k1;
    double out = p * cwk_pow2i(k1) * cwk_pow2i(k2);
    return x > cwk_exp_max ? (double)INFINITY : (x < cwk_exp_min ? 0.0 : out);
}

#endif
