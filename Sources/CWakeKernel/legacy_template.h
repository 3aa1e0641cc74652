// The legacy fused pass, written once for every vector width: paths_<isa>.c includes a
// vocabulary (simd_<isa>.h: vd, CWK_W, v_*) and defines CWK_PATH(name) before including this
// file. Each lane performs cwk_legacy_cell's operations in its order. The cells are computed
// into a stage; where they go from there is rows_template.h's business.

/// The constants of a row, as vectors.
typedef struct {
    vd ec, c, fc, e1, e2, f1, f2;
} CWK_PATH(legacy_constants);

/// One vector of `lanes` ≤ CWK_W cells: H, E, P, F into the stage at `s` (a whole vector: the
/// stage has room past its chunk), the ratings to `ro`.
static inline __attribute__((always_inline)) void CWK_PATH(legacy_vector)(
    const CWK_PATH(legacy_constants) *k, const double *hs, size_t lanes, double (*restrict stage)[CWK_STAGE],
    size_t s, uint8_t *ro) {
    vd h = lanes == CWK_W ? v_loadu(hs) : v_load_part(hs, lanes);
    vd e = v_mul(v_mul(k->ec, h), h);
    vd f = v_mul(k->fc, h);
    uint64_t r = v_ratings(e, f, k->e1, k->e2, k->f1, k->f2);
    v_storeu(stage[0] + s, h);
    v_storeu(stage[1] + s, e);
    v_storeu(stage[2] + s, v_mul(e, k->c));
    v_storeu(stage[3] + s, f);
    memcpy(ro, &r, lanes);
}

/// `count` ≤ CWK_CHUNK − at cells of row `row` from its cell `from`: H, E, P, F into the stage
/// at `at`, the ratings straight to the call's cell `cell`.
static void CWK_PATH(legacy_compute)(const void *context, size_t row, size_t from, size_t count,
                                     double (*restrict stage)[CWK_STAGE], size_t at, size_t cell) {
    const cwk_legacy_job *job = context;
    const cwk_legacy_params *p = &job->base;
    const CWK_PATH(legacy_constants) k = {v_set1(p->ec), v_set1(job->c[row]), v_set1(job->fc[row]),
                                          v_set1(p->e1), v_set1(p->e2),       v_set1(p->f1),
                                          v_set1(p->f2)};
    const double *hs = job->heights + row * job->row_stride + from;
    uint8_t *ro = job->ratings + cell;
    size_t i = 0;
    for (; i + CWK_W <= count; i += CWK_W) CWK_PATH(legacy_vector)(&k, hs + i, CWK_W, stage, at + i, ro + i);
    if (i < count) CWK_PATH(legacy_vector)(&k, hs + i, count - i, stage, at + i, ro + i);
}

void CWK_PATH(cwk_legacy_rows)(const cwk_legacy_job *job) {
    const cwk_rows_writer writer = {CWK_PATH(legacy_compute), job, job->outputs, 4};
    CWK_PATH(write_rows)(&writer, job->rows, job->depths);
}
