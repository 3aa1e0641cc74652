#include "CWakeKernel.h"

#if defined(__x86_64__)
#include <cpuid.h>
#include <x86intrin.h>
#else
#include <time.h>
#endif

// Detection by hand (CPUID and XGETBV) rather than __builtin_cpu_supports: no runtime-library
// symbol to link, and the operating system's consent (XCR0) is checked explicitly.
static int detect(void) {
    int mask = 1 << CWK_ISA_SCALAR;
#if defined(__x86_64__)
    mask |= 1 << CWK_ISA_SSE2;  // part of x86-64
    unsigned a, b, c, d;
    if (!__get_cpuid(1, &a, &b, &c, &d)) return mask;
    int osxsave = (c >> 27) & 1, avx = (c >> 28) & 1;
    if (!osxsave || !avx) return mask;
    unsigned xcr0_lo, xcr0_hi;
    __asm__ volatile("xgetbv" : "=a"(xcr0_lo), "=d"(xcr0_hi) : "c"(0));
    (void)xcr0_hi;
    int ymm = (xcr0_lo & 0x6) == 0x6;     // SSE and AVX state saved by the OS
    int zmm = (xcr0_lo & 0xE6) == 0xE6;   // and the opmask and upper ZMM state
    if (__get_cpuid_max(0, 0) < 7) return mask;
    __cpuid_count(7, 0, a, b, c, d);
    if (ymm && ((b >> 5) & 1)) mask |= 1 << CWK_ISA_AVX2;
    if (zmm && ((b >> 5) & 1) && ((b >> 16) & 1)) mask |= 1 << CWK_ISA_AVX512;
#endif
    return mask;
}

int cwk_isa_supported(int isa) {
    static int supported = -1;  // computed once; a race computes the same value twice
    if (isa < CWK_ISA_SCALAR || isa > CWK_ISA_AVX512) return 0;
    int mask = __atomic_load_n(&supported, __ATOMIC_RELAXED);
    if (mask < 0) {
        mask = detect();
        __atomic_store_n(&supported, mask, __ATOMIC_RELAXED);
    }
    return (mask >> isa) & 1;
}

uint64_t cwk_ticks(void) {
#if defined(__x86_64__)
    return __rdtsc();
#else
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec;
#endif
}
