// LAPACKE, the C interface to LAPACK (Debian: liblapacke-dev, pkg-config name "lapacke").
//
// lapacke.h declares its complex types with C's _Complex, which Swift cannot import: every
// LAPACKE_z* and LAPACKE_c* routine would silently vanish. Layout-compatible structs, defined
// before the header, keep them importable (the toolkit uses only the real routines today).
typedef struct { float real, imag; } clapacke_complex_float;
typedef struct { double real, imag; } clapacke_complex_double;
#define lapack_complex_float clapacke_complex_float
#define lapack_complex_double clapacke_complex_double
#include <lapacke.h>
