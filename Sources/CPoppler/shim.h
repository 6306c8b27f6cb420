#ifndef STRIPS_CPOPPLER_SHIM_H
#define STRIPS_CPOPPLER_SHIM_H
// poppler-glib reads and renders PDF pages through cairo; cairo-pdf.h writes PDFs (tests, benchmark).
#include <poppler.h>
#include <cairo.h>
#include <cairo-pdf.h>
#endif
