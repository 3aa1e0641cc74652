// OpenBLAS's CBLAS interface (Debian: libopenblas-dev, pkg-config name "openblas").
// blasint is 32-bit in Debian's build: Swift callers pass Int32.
#include <cblas.h>
