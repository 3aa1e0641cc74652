// How the vector paths write a call's cells, once for every vector width (instantiated like
// legacy_template.h). A call is `rows` rows of `n` cells whose outputs follow each other.
//
// A path computes cells into a stage of CWK_CHUNK cells per double output (in L1). When every
// double output has the same offset within a cache line, each full stage goes out output by
// output, eight whole cache lines each, with non-temporal (streaming) stores: no output line is
// read for ownership, and each write-combining buffer fills completely and at once. Computing
// and streaming in turn matters: measured on an AMD EPYC (Zen 3), streaming each vector as it
// was computed ran the legacy pass 20 % slower than ordinary stores and ten interleaved outputs
// at a sixth of the bandwidth, staged streaming faster than both (BENCHMARKS.md). A line
// shared by two rows is staged like any other. The cells before the outputs' first line
// boundary and after the last whole line are streamed in parts (cwk_stream_doubles).
// Otherwise (outputs at different offsets) each stage is copied out with ordinary stores.

/// Streams `lines` whole lines of each output from the stage to the call's cell `cell`.
static inline void CWK_PATH(stream_stage)(const cwk_rows_writer *w, double (*stage)[CWK_STAGE], size_t lines,
                                           size_t cell) {
    for (int o = 0; o < w->count; o++) {
        double *target = w->outputs[o] + cell;
        for (size_t i = 0; i < lines * CWK_LINE; i += CWK_W) v_stream(target + i, v_loadu(stage[o] + i));
    }
}

/// Cells [cell, cell + count) of the call, all in row `row` from its cell `from`, with ordinary
/// stores (streamed == 0) or streamed in parts, through the stage.
static void CWK_PATH(write_cells)(const cwk_rows_writer *w, double (*stage)[CWK_STAGE], size_t row, size_t from,
                                  size_t count, size_t cell, int streamed) {
    for (size_t done = 0; done < count; done += CWK_CHUNK) {
        size_t take = count - done < CWK_CHUNK ? count - done : CWK_CHUNK;
        w->compute(w->job, row, from + done, take, stage, 0, cell + done);
        for (int o = 0; o < w->count; o++) {
            if (streamed) cwk_stream_doubles(w->outputs[o] + cell + done, stage[o], take);
            else memcpy(w->outputs[o] + cell + done, stage[o], take * sizeof(double));
        }
    }
}

static void CWK_PATH(write_rows)(const cwk_rows_writer *w, size_t rows, size_t n) {
    _Alignas(64) double stage[CWK_MAX_OUTPUTS][CWK_STAGE];
    size_t head = cwk_line_head(w->outputs, w->count, rows * n);
    if (head == CWK_NO_STREAM) {
        for (size_t row = 0; row < rows; row++) CWK_PATH(write_cells)(w, stage, row, 0, n, row * n, 0);
        return;
    }
    size_t staged = 0, cell = 0;  // the stage holds the cells [cell - staged, cell)
    for (size_t row = 0; row < rows; row++) {
        size_t l = 0;
        if (cell < head) {  // the end of a line that began before this call
            size_t take = head - cell < n ? head - cell : n;
            CWK_PATH(write_cells)(w, stage, row, 0, take, cell, 1);
            l += take;
            cell += take;
        }
        while (l < n) {
            size_t take = CWK_CHUNK - staged < n - l ? CWK_CHUNK - staged : n - l;
            w->compute(w->job, row, l, take, stage, staged, cell);
            staged += take;
            l += take;
            cell += take;
            if (staged == CWK_CHUNK) {
                CWK_PATH(stream_stage)(w, stage, CWK_CHUNK / CWK_LINE, cell - CWK_CHUNK);
                staged = 0;
            }
        }
    }
    // The last chunk: its whole lines, then the call's last, partial line.
    size_t lines = staged / CWK_LINE, start = cell - staged;
    CWK_PATH(stream_stage)(w, stage, lines, start);
    size_t rest = staged - lines * CWK_LINE;
    if (rest > 0)
        for (int o = 0; o < w->count; o++)
            cwk_stream_doubles(w->outputs[o] + start + lines * CWK_LINE, stage[o] + lines * CWK_LINE, rest);
}
