#ifndef STRIPS_CCAIRO_SHIM_H
#define STRIPS_CCAIRO_SHIM_H
#include <cairo/cairo.h>
#include <cairo/cairo-pdf.h>
#endif
