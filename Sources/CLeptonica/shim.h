#ifndef STRIPS_CLEPTONICA_SHIM_H
#define STRIPS_CLEPTONICA_SHIM_H
#include <leptonica/allheaders.h>
#endif
