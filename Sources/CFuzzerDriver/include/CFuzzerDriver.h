#ifndef CFUZZERDRIVER_H
#define CFUZZERDRIVER_H

#include <stddef.h>
#include <stdint.h>

/// libFuzzer's driver (compiler-rt, LLVM ≥ 12): parses libFuzzer's flags from argv and calls
/// `callback` with every input. Only linked when the fuzzer runtime is (-sanitize=fuzzer);
/// nextwave-fuzz calls it only when built with -DFUZZING.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

#endif
