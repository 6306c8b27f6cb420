#ifndef STRIPS_CTIFF_SHIM_H
#define STRIPS_CTIFF_SHIM_H
#include <tiffio.h>
#endif
