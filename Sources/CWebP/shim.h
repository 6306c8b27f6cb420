#ifndef STRIPS_CWEBP_SHIM_H
#define STRIPS_CWEBP_SHIM_H
// libwebp's decoder: WebP pictures.
#include <webp/decode.h>
#endif
