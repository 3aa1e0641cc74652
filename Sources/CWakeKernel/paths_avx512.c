// The avx512 paths of both fused passes: the vocabulary simd_avx512.h applied to the row templates.
// Compiled for avx512f by a function attribute (no global compiler flag), and run only when
// cwk_isa_supported says the processor has it.
#include "cwkcells.h"

#if defined(CWK_X86)
#include <immintrin.h>
#include <math.h>
#include <string.h>

#pragma clang fp contract(off)
#pragma clang attribute push(__attribute__((target("avx512f"))), apply_to = function)
#include "simd_avx512.h"
#define CWK_PATH(name) name##_avx512
#include "rows_template.h"
#include "legacy_template.h"
#include "ensemble_template.h"
#pragma clang attribute pop
#endif
