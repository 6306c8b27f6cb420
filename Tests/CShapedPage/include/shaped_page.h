#ifndef SHAPED_PAGE_H
#define SHAPED_PAGE_H

#include <stdint.h>

/// Typesets UTF-8 `text` on a white page of `width` x `height` pixels (cairo, RGB24) with the
/// font file `font_path` at `pixel_size`, each word shaped by HarfBuzz in `script` (ISO 15924,
/// "Deva", "Cyrl", "Latn"), words laid left to right and wrapped inside `margin`, lines
/// `line_height` pixels apart. Writes the page's grey pixels (one byte each, `width` a row) to
/// `grey_out`. Returns the number of words set, or -1 when the font or cairo fails.
int shaped_page(const char *text, const char *font_path, double pixel_size, const char *script,
                int width, int height, int margin, double line_height, uint8_t *grey_out);

#endif
