#ifndef CDMIGRATE_CZLIB_SHIM_H
#define CDMIGRATE_CZLIB_SHIM_H
#include <zlib.h>

/// `inflateInit2` is a macro; Swift cannot call it directly.
static inline int cdm_inflateInit2(z_streamp stream, int windowBits) {
    return inflateInit2(stream, windowBits);
}
#endif
