#ifndef STRIPS_CQPDF_SHIM_H
#define STRIPS_CQPDF_SHIM_H
// qpdf's C API: copies whole page objects between PDFs (content streams, fonts, annotations).
#include <qpdf/qpdf-c.h>
// qpdf's job API (the command line as a library): overlays text layers onto saved pages.
#include <qpdf/qpdfjob-c.h>
#include <qpdf/qpdflogger-c.h>
#endif
