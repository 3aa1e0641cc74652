#ifndef CWKENSEMBLE_H
#define CWKENSEMBLE_H

#include <stddef.h>
#include <stdint.h>

/// Per-cell outputs of the wake ensemble kernel (WakeModels.EnsembleKernel), each an array of
/// cells in row-major order: cell (row, distance) at row * distances + distance. The first four
/// are the wave as generated where the ship sails; the other seven the wave at the rider's spot.
typedef struct {
    double *ks;                 ///< Kriebel & Seelig height at the track, m
    double *sw;                 ///< Sorensen & Weggel height at the track, m (a reference: not central)
    double *pianc;              ///< PIANC height at the track, m
    double *generated;          ///< the central height at the track, m (NaN: none)
    double *median;             ///< the central height at the rider: min(cap, generated · K), m
    double *minimum;            ///< the band's low end at the rider: min(cap, generated · low, min(ks, pianc) · members), m
    double *maximum;            ///< the band's high end at the rider: min(cap, max(generated · high, max(ks, pianc) · members)), m
    double *energy;             ///< E = ρg/8 · median², J/m²
    double *flux;               ///< P = E · c_g at the rider, W/m
    double *shoreward;          ///< P⊥ = P · cos α_r, W/m
    double *energy_per_wave;    ///< E · λ at the rider, J/m
} cwk_ensemble_out;

/// Per-row inputs (a row is one ship × speed × track depth × rider depth).
typedef struct {
    const double *ks_coefficient;       ///< a_KS: Kriebel & Seelig's height at the track is a_KS · y^(−1/3)
    const double *pianc_coefficient;    ///< a_P: PIANC's height at the track is a_P · y^(−1/3)
    const double *central_coefficient;  ///< a = e^(c0): the central height at the track is a · y^(−1/3) (NaN: none)
    const double *factor;       ///< K = K_s K_r from the track to the rider (NaN: no wave reaches it)
    const double *low;          ///< K · e^(−U_lo): the band's low end over the central height at the track
    const double *high;         ///< K · e^(U_hi): the band's high end over the central height at the track
    const double *cap;          ///< the depth-limited height at the rider, 0.78 h_r, m
    const double *group_velocity;   ///< c_g at the rider, m/s
    const double *shoreward_share;  ///< cos α_r: the share of the flux toward the shore
    const double *wavelength;   ///< λ at the rider, m
    const double *members;      ///< K where the row has a central height (NaN: none): the band spans
                                ///< both members, min(ks, pianc) · members … max(ks, pianc) · members
} cwk_ensemble_rows;

/// The fused per-cell pass of the ensemble kernel. On entry `sw` (rows × distances, contiguous,
/// cache-resident) holds the Sorensen & Weggel exponent a_SW[r] + n_SW[r] · ln y_l that BLAS
/// formed, and `distance_factor` holds y_l^(−1/3) per distance. The other heights at the track are
/// rank-1 products made here, one multiply per cell:
///   KS = a_KS[r] · y_l^(−1/3),  PIANC = a_P[r] · y_l^(−1/3),  central = a[r] · y_l^(−1/3)
/// (both members fall as y^(−1/3), so their weighted geometric mean does too). For each cell it
/// writes the three heights (SW as the exp of its exponent, cwk_exp), the central height at the
/// track, and at the rider: the central height min(cap, generated · K), the band
/// min(cap, generated · low) and min(cap, generated · high), E = (energy_coefficient · median) ·
/// median, P = E · c_g, P⊥ = P · cos α_r and E · λ, to `out` at cell (first_row + r) · distances + l.
/// `isa` (CWK_ISA_*, see CWakeKernel.h) chooses the path: all give the same bits; vector paths
/// stream whole cache lines when the eleven outputs have the same offset within a line. Fenced
/// before it returns. An `isa` this processor does not support runs the scalar path.
void cwk_ensemble_block(int isa, const double *sw, const double *distance_factor, size_t rows, size_t distances,
                        size_t first_row, cwk_ensemble_rows row_inputs, double energy_coefficient,
                        cwk_ensemble_out out);

/// exp(x) as the kernels compute it (see cwkexp.h), for tests and for Swift callers that must
/// agree with the kernel to the bit.
double cwk_exp_scalar(double x);

#endif
