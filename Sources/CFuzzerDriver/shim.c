// The target exists for its header: libFuzzer's driver entry point, declared for Swift.
#include "CFuzzerDriver.h"
