#ifndef STRIPS_CSPNG_SHIM_H
#define STRIPS_CSPNG_SHIM_H
#include <spng.h>
#endif
