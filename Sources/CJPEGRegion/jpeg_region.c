#include "jpeg_region.h"
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>

struct strips_error {
    struct jpeg_error_mgr base;
    jmp_buf jump;
    char *message;
    size_t message_size;
    int warned;
};

static void strips_error_exit(j_common_ptr cinfo) {
    struct strips_error *error = (struct strips_error *)cinfo->err;
    if (error->message && error->message_size) (*cinfo->err->format_message)(cinfo, error->message);
    longjmp(error->jump, 1);
}

static void strips_emit_message(j_common_ptr cinfo, int level) {
    struct strips_error *error = (struct strips_error *)cinfo->err;
    /* level -1: a warning (corrupt data, a premature end): keep the first one's words. */
    if (level < 0 && !error->warned) {
        error->warned = 1;
        if (error->message && error->message_size) (*cinfo->err->format_message)(cinfo, error->message);
    }
}

static void strips_output_message(j_common_ptr cinfo) { (void)cinfo; }

static void strips_errors(struct jpeg_error_mgr *base) {
    jpeg_std_error(base);
    base->error_exit = strips_error_exit;
    base->emit_message = strips_emit_message;
    base->output_message = strips_output_message;
}

int strips_jpeg_scaled_size(const uint8_t *data, size_t size, int scale_num, int *width, int *height) {
    struct jpeg_decompress_struct cinfo;
    struct strips_error error;
    memset(&error, 0, sizeof error);
    cinfo.err = &error.base;
    strips_errors(&error.base);
    if (setjmp(error.jump)) {
        jpeg_destroy_decompress(&cinfo);
        return 0;
    }
    jpeg_create_decompress(&cinfo);
    jpeg_mem_src(&cinfo, data, (unsigned long)size);
    jpeg_read_header(&cinfo, TRUE);
    cinfo.scale_num = (unsigned int)scale_num;
    cinfo.scale_denom = 8;
    jpeg_calc_output_dimensions(&cinfo);
    *width = (int)cinfo.output_width;
    *height = (int)cinfo.output_height;
    jpeg_destroy_decompress(&cinfo);
    return 1;
}

int strips_jpeg_decode_region(const uint8_t *data, size_t size, int scale_num, int x, int y, int width, int height,
                              uint8_t *out, char *message, size_t message_size) {
    struct jpeg_decompress_struct cinfo;
    struct strips_error error;
    JSAMPROW row = NULL;
    memset(&error, 0, sizeof error);
    error.message = message;
    error.message_size = message_size;
    if (message && message_size) message[0] = 0;
    cinfo.err = &error.base;
    strips_errors(&error.base);
    if (setjmp(error.jump)) {
        free(row);
        jpeg_destroy_decompress(&cinfo);
        return -1;
    }
    jpeg_create_decompress(&cinfo);
    /* A progressive JPEG keeps every coefficient in memory: a lying or huge one fails here. */
    cinfo.mem->max_memory_to_use = 1L << 30;
    jpeg_mem_src(&cinfo, data, (unsigned long)size);
    jpeg_read_header(&cinfo, TRUE);
    cinfo.scale_num = (unsigned int)scale_num;
    cinfo.scale_denom = 8;
    cinfo.out_color_space = JCS_EXT_BGRA;
    jpeg_start_decompress(&cinfo);
    if (x < 0 || y < 0 || width <= 0 || height <= 0 || (JDIMENSION)(x + width) > cinfo.output_width ||
        (JDIMENSION)(y + height) > cinfo.output_height) {
        if (message && message_size) snprintf(message, message_size, "the region is outside the picture");
        jpeg_destroy_decompress(&cinfo);
        return -1;
    }
    /* Columns: libjpeg widens the crop to whole iMCU columns; the requested ones are copied out. */
    JDIMENSION crop_x = (JDIMENSION)x, crop_width = (JDIMENSION)width;
    jpeg_crop_scanline(&cinfo, &crop_x, &crop_width);
    row = malloc((size_t)cinfo.output_width * 4);
    if (!row) {
        if (message && message_size) snprintf(message, message_size, "out of memory");
        jpeg_destroy_decompress(&cinfo);
        return -1;
    }
    if (y > 0) jpeg_skip_scanlines(&cinfo, (JDIMENSION)y);
    size_t skip = (size_t)(x - (int)crop_x) * 4;
    for (int line = 0; line < height; line++) {
        if (jpeg_read_scanlines(&cinfo, &row, 1) != 1) break;
        memcpy(out + (size_t)line * (size_t)width * 4, row + skip, (size_t)width * 4);
    }
    /* The rows below are not needed: abort instead of reading them (jpeg_finish would). */
    jpeg_abort_decompress(&cinfo);
    jpeg_destroy_decompress(&cinfo);
    free(row);
    return error.warned ? 1 : 0;
}

int strips_jpeg_write_rows(const char *path, int width, int height, int components, int quality,
                           strips_jpeg_row_source source, void *context, char *message, size_t message_size) {
    struct jpeg_compress_struct cinfo;
    struct strips_error error;
    FILE *file = NULL;
    JSAMPROW row = NULL;
    memset(&error, 0, sizeof error);
    error.message = message;
    error.message_size = message_size;
    cinfo.err = &error.base;
    strips_errors(&error.base);
    if (setjmp(error.jump)) {
        jpeg_destroy_compress(&cinfo);
        if (file) fclose(file);
        free(row);
        return -1;
    }
    jpeg_create_compress(&cinfo);
    file = fopen(path, "wbx");
    if (!file) {
        if (message && message_size) snprintf(message, message_size, "cannot create %s", path);
        jpeg_destroy_compress(&cinfo);
        return -1;
    }
    jpeg_stdio_dest(&cinfo, file);
    cinfo.image_width = (JDIMENSION)width;
    cinfo.image_height = (JDIMENSION)height;
    cinfo.input_components = components;
    cinfo.in_color_space = components == 1 ? JCS_GRAYSCALE : JCS_RGB;
    jpeg_set_defaults(&cinfo);
    jpeg_set_quality(&cinfo, quality, TRUE);
    jpeg_start_compress(&cinfo, TRUE);
    row = malloc((size_t)width * (size_t)components);
    if (!row) {
        if (message && message_size) snprintf(message, message_size, "out of memory");
        jpeg_destroy_compress(&cinfo);
        fclose(file);
        return -1;
    }
    for (int y = 0; y < height; y++) {
        source(context, y, row);
        jpeg_write_scanlines(&cinfo, &row, 1);
    }
    jpeg_finish_compress(&cinfo);
    jpeg_destroy_compress(&cinfo);
    free(row);
    return fclose(file) == 0 ? 0 : -1;
}
