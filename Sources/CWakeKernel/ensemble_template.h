// The ensemble fused pass over one row, written once for every vector width (see
// legacy_template.h for how it is instantiated, rows_template.h for where cells go). Each lane
// performs cwk_ensemble_cell's operations in its order, cwk_exp included.

/// cwk_exp on every lane: the same clamps (NaN passes through, as in the scalar code), the same
/// reduction, Estrin grouping and 2^k split.
static inline __attribute__((always_inline)) vd CWK_PATH(exp_lanes)(vd x) {
    const vd vmax = v_set1(cwk_exp_max), vmin = v_set1(cwk_exp_min), round = v_set1(cwk_exp_round);
    vd xc = v_max(vmin, v_min(vmax, x));
    vd k = v_sub(v_add(v_mul(xc, v_set1(cwk_exp_invln2)), round), round);
    vd r = v_sub(v_sub(xc, v_mul(k, v_set1(cwk_exp_ln2hi))), v_mul(k, v_set1(cwk_exp_ln2lo)));
    vd r2 = v_mul(r, r), r4 = v_mul(r2, r2), r8 = v_mul(r4, r4);
#define CWK_PAIR(a, b) v_add(v_set1(a), v_mul(v_set1(b), r))  // a + b·r, as the scalar code
    vd p01 = CWK_PAIR(1.0, 1.0), p23 = CWK_PAIR(cwk_exp_c2, cwk_exp_c3), p45 = CWK_PAIR(cwk_exp_c4, cwk_exp_c5);
    vd p67 = CWK_PAIR(cwk_exp_c6, cwk_exp_c7), p89 = CWK_PAIR(cwk_exp_c8, cwk_exp_c9);
    vd p1011 = CWK_PAIR(cwk_exp_c10, cwk_exp_c11), p1213 = CWK_PAIR(cwk_exp_c12, cwk_exp_c13);
#undef CWK_PAIR
    vd q0 = v_add(p01, v_mul(r2, p23));
    vd q1 = v_add(p45, v_mul(r2, p67));
    vd q2 = v_add(v_add(p89, v_mul(r2, p1011)), v_mul(r4, p1213));
    vd p = v_add(v_add(q0, v_mul(r4, q1)), v_mul(r8, q2));
    vd k1 = v_sub(v_add(v_mul(k, v_set1(0.5)), round), round);
    vd k2 = v_sub(k, k1);
    vd out = v_mul(v_mul(p, v_pow2i(k1, round)), v_pow2i(k2, round));
    out = v_if_less(x, vmin, v_zero(), out);
    return v_if_greater(x, vmax, v_set1(INFINITY), out);
}

/// A row's constants as vectors, made once per row.
typedef struct {
    vd ec, ks, pianc, central, factor, low, high, cap, cg, share, lambda, members;
} CWK_PATH(ensemble_constants);

/// One vector of `lanes` ≤ CWK_W cells into the stage at `s` (a whole vector: the stage has
/// room past its chunk), from the distance factors at `q` and Sorensen & Weggel's exponents at
/// `sx`. Output order: ks, sw, pianc, generated, median, minimum, maximum, energy, flux,
/// shoreward, energy per wave.
static inline __attribute__((always_inline)) void CWK_PATH(ensemble_vector)(
    const CWK_PATH(ensemble_constants) *k, const double *q, const double *sx, size_t lanes,
    double (*restrict stage)[CWK_STAGE], size_t s) {
    int full = lanes == CWK_W;
    vd vq = full ? v_loadu(q) : v_load_part(q, lanes);
    vd a = v_mul(k->ks, vq);
    vd b = CWK_PATH(exp_lanes)(full ? v_loadu(sx) : v_load_part(sx, lanes));
    vd c = v_mul(k->pianc, vq);
    vd g = v_mul(k->central, vq);
    vd med = v_min(k->cap, v_mul(g, k->factor));
    vd e = v_mul(v_mul(k->ec, med), med);
    vd pw = v_mul(e, k->cg);
    v_storeu(stage[0] + s, a);
    v_storeu(stage[1] + s, b);
    v_storeu(stage[2] + s, c);
    v_storeu(stage[3] + s, g);
    v_storeu(stage[4] + s, med);
    vd top = v_mul(v_max(a, c), k->members);
    vd bottom = v_mul(v_min(a, c), k->members);
    v_storeu(stage[5] + s, v_min(k->cap, v_min(v_mul(g, k->low), bottom)));
    v_storeu(stage[6] + s, v_min(k->cap, v_max(v_mul(g, k->high), top)));
    v_storeu(stage[7] + s, e);
    v_storeu(stage[8] + s, pw);
    v_storeu(stage[9] + s, v_mul(pw, k->share));
    v_storeu(stage[10] + s, v_mul(e, k->lambda));
}

/// `count` ≤ CWK_CHUNK − at cells of row `row` from its cell `from`, into the stage at `at`
/// (rows_template.h).
static void CWK_PATH(ensemble_compute)(const void *context, size_t row, size_t from, size_t count,
                                       double (*restrict stage)[CWK_STAGE], size_t at, size_t cell) {
    (void)cell;
    const cwk_ensemble_job *job = context;
    const cwk_ensemble_rows *in = &job->in;
    size_t r = job->first_row + row;
    const CWK_PATH(ensemble_constants) k = {
        v_set1(job->energy_coefficient), v_set1(in->ks_coefficient[r]), v_set1(in->pianc_coefficient[r]),
        v_set1(in->central_coefficient[r]), v_set1(in->factor[r]),       v_set1(in->low[r]),
        v_set1(in->high[r]),              v_set1(in->cap[r]),            v_set1(in->group_velocity[r]),
        v_set1(in->shoreward_share[r]),   v_set1(in->wavelength[r]),     v_set1(in->members[r])};
    const double *q = job->distance_factor + from, *sx = job->sw + row * job->distances + from;
    size_t l = 0;
    for (; l + CWK_W <= count; l += CWK_W)
        CWK_PATH(ensemble_vector)(&k, q + l, sx + l, CWK_W, stage, at + l);
    if (l < count) CWK_PATH(ensemble_vector)(&k, q + l, sx + l, count - l, stage, at + l);
}

void CWK_PATH(cwk_ensemble_rows)(const cwk_ensemble_job *job) {
    cwk_ensemble_out o = job->out;
    double *outputs[11] = {o.ks,      o.sw,      o.pianc,  o.generated, o.median,         o.minimum,
                           o.maximum, o.energy,  o.flux,   o.shoreward, o.energy_per_wave};
    const cwk_rows_writer writer = {CWK_PATH(ensemble_compute), job, outputs, 11};
    CWK_PATH(write_rows)(&writer, job->rows, job->distances);
}
