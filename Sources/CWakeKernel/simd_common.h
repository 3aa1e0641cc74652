// What every vector vocabulary shares: where the outputs' whole cache lines begin, and
// streaming stores of a few doubles (the partial lines at the ends of a call).
#include <emmintrin.h>
#include <stdint.h>
#include <string.h>

/// What cwk_line_head returns when the outputs cannot be streamed.
#define CWK_NO_STREAM ((size_t)-1)

/// The number of cells before the first cache-line boundary of the outputs (at most n), when
/// every output has the same offset within its line (and is 8-byte aligned); else CWK_NO_STREAM.
static inline size_t cwk_line_head(double *const *outputs, int count, size_t n) {
    uintptr_t offset = (uintptr_t)outputs[0] % 64;
    if (offset % sizeof(double) != 0) return CWK_NO_STREAM;
    for (int o = 1; o < count; o++)
        if ((uintptr_t)outputs[o] % 64 != offset) return CWK_NO_STREAM;
    size_t head = offset == 0 ? 0 : (64 - offset) / sizeof(double);
    return head < n ? head : n;
}

/// Streams n doubles to p, each with a non-temporal store so that no cache line of the large
/// outputs is read for ownership: two at once with a 16-byte `movntpd` where they are aligned
/// to it, one with an 8-byte `movnti` otherwise. (Masked vector stores would be ordinary cached
/// writes, and on AMD processors `vmaskmovpd` stores are microcoded and slow.)
static inline void cwk_stream_doubles(double *p, const double *values, size_t n) {
    size_t i = 0;
    while (i < n) {
        if (((uintptr_t)(p + i) & 15) == 0 && i + 1 < n) {
            _mm_stream_pd(p + i, _mm_loadu_pd(values + i));
            i += 2;
        } else {
            long long bits;
            memcpy(&bits, values + i, 8);
            _mm_stream_si64((long long *)(p + i), bits);
            i += 1;
        }
    }
}
