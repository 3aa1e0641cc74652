// The ensemble fused pass: the scalar path and the choice of path per call.
#include "cwkcells.h"

#pragma clang fp contract(off)

double cwk_exp_scalar(double x) { return cwk_exp(x); }

#if defined(CWK_X86)
cwk_ensemble_job cwk_make_ensemble_job(const double *sw, const double *distance_factor, size_t rows,
                                       size_t distances, size_t first_row, cwk_ensemble_rows in, double ec,
                                       cwk_ensemble_out out) {
    size_t b = first_row * distances;  // the call's first cell
    return (cwk_ensemble_job){
        sw, distance_factor, rows, distances, first_row, in, ec,
        {out.ks + b, out.sw + b, out.pianc + b, out.generated + b, out.median + b, out.minimum + b,
         out.maximum + b, out.energy + b, out.flux + b, out.shoreward + b, out.energy_per_wave + b}};
}
#endif

void cwk_ensemble_block(int isa, const double *sw, const double *distance_factor, size_t rows, size_t distances,
                        size_t first_row, cwk_ensemble_rows in, double ec, cwk_ensemble_out out) {
    if (!cwk_isa_supported(isa)) isa = CWK_ISA_SCALAR;
#if defined(CWK_X86)
    if (isa != CWK_ISA_SCALAR) {
        const cwk_ensemble_job job = cwk_make_ensemble_job(sw, distance_factor, rows, distances, first_row, in, ec, out);
        switch (isa) {
        case CWK_ISA_AVX512: cwk_ensemble_rows_avx512(&job); break;
        case CWK_ISA_AVX2: cwk_ensemble_rows_avx2(&job); break;
        default: cwk_ensemble_rows_sse2(&job); break;
        }
        cwk_fence();
        return;
    }
#endif
    for (size_t r = 0; r < rows; r++) {
        size_t row = first_row + r;
        const cwk_ensemble_params p = {
            ec,        in.ks_coefficient[row], in.pianc_coefficient[row], in.central_coefficient[row],
            in.factor[row], in.low[row],       in.high[row],              in.cap[row],
            in.group_velocity[row], in.shoreward_share[row], in.wavelength[row], in.members[row]};
        const double *sx = sw + r * distances;
        for (size_t l = 0; l < distances; l++)
            cwk_ensemble_cell(row * distances + l, &p, distance_factor[l], sx[l], out);
    }
}
