#ifndef CDMIGRATE_CFUZZERDRIVER_H
#define CDMIGRATE_CFUZZERDRIVER_H
#include <stddef.h>
#include <stdint.h>

/// libFuzzer's driver (linked by `-sanitize=fuzzer`). SwiftPM gives an executable its own `main`, so the
/// harness's `main` hands control to libFuzzer through this instead of libFuzzer's `main`.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));
#endif
