#ifndef STRIPS_JPEG_REGION_H
#define STRIPS_JPEG_REGION_H
#include <stddef.h>
#include <stdint.h>

/* libjpeg-turbo's own API for what TurboJPEG 2.1 cannot do: decode one region of a JPEG at a
   scale (jpeg_skip_scanlines and jpeg_crop_scanline: the rows above are entropy-decoded but not
   transformed, the columns beside are not transformed at all), and write a JPEG row by row.
   libjpeg reports errors by longjmp, which Swift cannot catch: these wrappers catch them here and
   return a message instead. */

/* Decodes the region x, y, width, height (in pixels of the picture scaled by scale_num / 8) as
   B, G, R, A into `out` (width * height * 4 bytes). Returns 0 on success, 1 when libjpeg warned
   (corrupt data it decoded past: the picture may be garbled), -1 on an error; the message goes
   into `message`. */
int strips_jpeg_decode_region(const uint8_t *data, size_t size, int scale_num, int x, int y, int width, int height,
                              uint8_t *out, char *message, size_t message_size);

/* The picture's size at scale_num / 8, as libjpeg computes it; 0 on an error. */
int strips_jpeg_scaled_size(const uint8_t *data, size_t size, int scale_num, int *width, int *height);

/* Fills `row` (width * components bytes) with row `y` of the picture being written. */
typedef void (*strips_jpeg_row_source)(void *context, int y, uint8_t *row);

/* Writes a new JPEG of `components` (1 grey, 3 RGB) row by row, each row from `source`; the
   whole picture is never in memory. Returns 0 on success, -1 with a message. */
int strips_jpeg_write_rows(const char *path, int width, int height, int components, int quality,
                           strips_jpeg_row_source source, void *context, char *message, size_t message_size);
#endif
