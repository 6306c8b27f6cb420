#ifndef STRIPS_CGIF_SHIM_H
#define STRIPS_CGIF_SHIM_H
#include <gif_lib.h>
#endif
