#ifndef CWKENSEMBLE_H
#define CWKENSEMBLE_H

#include <stddef.h>
#include <stdint.h>

/// Per-cell outputs of the wake ensemble kernel (WakeModels.EnsembleCells), each an array of
/// cells in row-major order: cell (row, distance) at row * distances + distance.
typedef struct {
    double *ks;                 ///< Kriebel & Seelig height, m
    double *sw;                 ///< Sorensen & Weggel height, m
    double *pianc;              ///< PIANC height, m
    double *median;             ///< ensemble median of the valid models, m (NaN: none valid)
    double *minimum;            ///< ensemble minimum, m
    double *maximum;            ///< ensemble maximum, m
    double *energy;             ///< E = ρg/8 · median², J/m²
    double *flux;               ///< P = E · c_g, W/m (NaN without cusp waves)
    double *shoreward;          ///< P⊥ = P · sin θ, W/m
    double *energy_per_wave;    ///< E · λ, J/m
} cwk_ensemble_out;

/// Per-row inputs (a row is one ship × speed × depth).
typedef struct {
    const uint8_t *valid;       ///< bit 0: Kriebel & Seelig valid, bit 1: Sorensen & Weggel, bit 2: PIANC
    const double *group_velocity;   ///< c_g of the cusp waves, m/s (NaN: none)
    const double *sin_theta;    ///< sin θ of the cusp waves
    const double *wavelength;   ///< λ of the cusp waves, m
} cwk_ensemble_rows;

/// The fused per-cell pass of the ensemble kernel. On entry the three scratch blocks (rows ×
/// distances, contiguous, cache-resident) hold what BLAS formed:
///   ks[r][l]    = a_KS[r] · y_l^(-1/3)            (Kriebel & Seelig height)
///   sw[r][l]    = a_SW[r] + n_SW[r] · ln y_l      (the exponent of the Sorensen & Weggel height)
///   pianc[r][l] = a_P[r] · y_l^(-1/3)             (PIANC height)
/// For each cell it writes the three heights (the SW one as exp of its exponent, cwk_exp), the
/// median, minimum and maximum of the models valid on its row (mean of the middle two for
/// two; NaN for none), E = (energy_coefficient · median) · median, P = E · c_g, P⊥ = P · sin θ
/// and E · λ, to `out` at cell (first_row + r) · distances + l. `isa` (CWK_ISA_*, see
/// CWakeKernel.h) chooses the path: all give the same bits; vector paths stream whole cache
/// lines when the ten outputs have the same offset within a line. Fenced before it returns.
/// An `isa` this processor does not support runs the scalar path.
void cwk_ensemble_block(int isa, const double *ks, const double *sw, const double *pianc, size_t rows,
                        size_t distances, size_t first_row, cwk_ensemble_rows row_inputs,
                        double energy_coefficient, cwk_ensemble_out out);

/// exp(x) as the kernels compute it (see cwkexp.h), for tests and for Swift callers that must
/// agree with the kernel to the bit.
double cwk_exp_scalar(double x);

#endif
