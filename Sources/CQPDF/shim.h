#ifndef STRIPS_CQPDF_SHIM_H
#define STRIPS_CQPDF_SHIM_H
// qpdf's C API: copies whole page objects between PDFs (content streams, fonts, annotations).
#include <qpdf/qpdf-c.h>
#endif
