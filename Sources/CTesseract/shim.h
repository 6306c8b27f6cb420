#ifndef STRIPS_CTESSERACT_SHIM_H
#define STRIPS_CTESSERACT_SHIM_H
#include <leptonica/allheaders.h>
#include <tesseract/capi.h>
#endif
