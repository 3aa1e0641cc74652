#ifndef CWKCELLS_H
#define CWKCELLS_H

// One cell of each fused pass, in scalar code: the scalar path runs these, and the vector paths
// run them on no cell but must agree with them bit for bit (tests run every path). Private to
// the target.
#include "CWakeKernel.h"
#include "cwkexp.h"

#pragma clang fp contract(off)

/// The constants of one legacy row (one speed).
typedef struct {
    double ec, c, fc, e1, e2, f1, f2;
} cwk_legacy_params;

/// The inputs of one ensemble row (one ship × speed × track depth × rider depth).
typedef struct {
    double ec, ks, pianc, central, factor, low, high, cap, cg, share, lambda, members;
} cwk_ensemble_params;

static inline void cwk_legacy_cell(const double *hs, size_t k, const cwk_legacy_params *p, double *ho, double *eo,
                                   double *po, double *fo, uint8_t *ro) {
    double h = hs[k];
    double e = p->ec * h * h;
    double f = p->fc * h;
    ho[k] = h;
    eo[k] = e;
    po[k] = e * p->c;
    fo[k] = f;
    uint8_t re = (uint8_t)((e > p->e2) + (e > p->e1));
    uint8_t rf = (uint8_t)((f > p->f2) + (f > p->f1));
    ro[k] = (uint8_t)(1 + (re > rf ? re : rf));
}

static inline double cwk_lesser(double a, double b) { return a < b ? a : b; }
static inline double cwk_greater(double a, double b) { return a > b ? a : b; }

/// One cell at distance factor q = y^(−1/3) with Sorensen & Weggel's exponent sx: the heights
/// at the track, then the wave at the rider. The cap is the first operand of every minimum, so
/// that a NaN height stays NaN (x86 `minpd` returns its second operand when either is NaN, as
/// cwk_lesser does).
static inline void cwk_ensemble_cell(size_t i, const cwk_ensemble_params *p, double q, double sx,
                                     cwk_ensemble_out out) {
    double a = p->ks * q;
    double b = cwk_exp(sx);
    double c = p->pianc * q;
    double g = p->central * q;
    double med = cwk_lesser(p->cap, g * p->factor);
    double e = p->ec * med * med;
    double pw = e * p->cg;
    out.ks[i] = a;
    out.sw[i] = b;
    out.pianc[i] = c;
    out.generated[i] = g;
    out.median[i] = med;
    // The band spans both members at least (where Kriebel & Seelig gives no wave, the central
    // height is 0 and the band [0, PIANC's wave]); `members` is NaN for a row without a central height.
    double top = cwk_greater(a, c) * p->members;
    double bottom = cwk_lesser(a, c) * p->members;
    out.minimum[i] = cwk_lesser(p->cap, cwk_lesser(g * p->low, bottom));
    out.maximum[i] = cwk_lesser(p->cap, cwk_greater(g * p->high, top));
    out.energy[i] = e;
    out.flux[i] = pw;
    out.shoreward[i] = pw * p->share;
    out.energy_per_wave[i] = e * p->lambda;
}

// The vector paths (paths_sse2.c, paths_avx2.c, paths_avx512.c), from the templates
// legacy_template.h and ensemble_template.h. Each takes a whole call's rows.
#if defined(__x86_64__)
#define CWK_X86 1

/// Doubles per 64-byte cache line.
#define CWK_LINE 8
/// Cells the vector paths compute into their stage before it goes out (rows_template.h):
/// eight cache lines of each output.
#define CWK_CHUNK 64
/// A stage row: a chunk, and room for the unused lanes of a last partial vector (AVX-512: 7).
#define CWK_STAGE (CWK_CHUNK + 8)
/// The most double outputs a pass writes (the ensemble's eleven).
#define CWK_MAX_OUTPUTS 11

/// A call of the legacy pass (cwk_fuse_rows): rows of `depths` cells; row s reads its heights
/// at heights + s · row_stride and has its own c[s] and fc[s]; outputs are contiguous.
typedef struct {
    const double *heights;
    size_t row_stride, rows, depths;
    cwk_legacy_params base;  ///< ec and the thresholds; c and fc per row
    const double *c, *fc;
    double *outputs[4];      ///< H, E, P, F
    uint8_t *ratings;
} cwk_legacy_job;

/// A call of the ensemble pass (cwk_ensemble_block).
typedef struct {
    const double *sw;               ///< Sorensen & Weggel's exponents, rows × distances (scratch)
    const double *distance_factor;  ///< y^(−1/3) per distance
    size_t rows, distances, first_row;
    cwk_ensemble_rows in;
    double energy_coefficient;
    cwk_ensemble_out out;
} cwk_ensemble_job;

/// The jobs of cwk_fuse_rows and cwk_ensemble_block calls (legacy_kernel.c, ensemble_kernel.c).
cwk_legacy_job cwk_make_legacy_job(const double *heights, size_t row_stride, size_t rows, size_t depths, double ec,
                                   const double *c, const double *fc, double e1, double e2, double f1, double f2,
                                   double *h_out, double *e_out, double *p_out, double *f_out, uint8_t *r_out);
cwk_ensemble_job cwk_make_ensemble_job(const double *sw, const double *distance_factor, size_t rows,
                                       size_t distances, size_t first_row, cwk_ensemble_rows in, double ec,
                                       cwk_ensemble_out out);

#define CWK_DECLARE_PATHS(suffix)                                                                              \
    void cwk_legacy_rows_##suffix(const cwk_legacy_job *job);                                                  \
    void cwk_ensemble_rows_##suffix(const cwk_ensemble_job *job);
CWK_DECLARE_PATHS(sse2)
CWK_DECLARE_PATHS(avx2)
CWK_DECLARE_PATHS(avx512)

/// How a vector path's cells reach memory (rows_template.h): the path computes cells into a
/// stage, the writer decides how the stage goes out.
typedef struct {
    /// `count` ≤ CWK_CHUNK − at cells of row `row` from its cell `from`: each double output o
    /// into stage[o][at …] (whole vectors; lanes past `count` are scratch); outputs of other
    /// types straight to their own position `cell` (the call's index of the first of these cells).
    void (*compute)(const void *job, size_t row, size_t from, size_t count, double (*restrict stage)[CWK_STAGE],
                    size_t at, size_t cell);
    const void *job;
    double *const *outputs;  ///< the double outputs, at the call's first cell
    int count;               ///< how many (at most CWK_MAX_OUTPUTS)
} cwk_rows_writer;
#endif

#endif
