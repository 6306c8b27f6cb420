// Test pages in any script: cairo's own text calls do no shaping (a Devanagari conjunct or vowel
// sign would come out in pieces), so each word is shaped by HarfBuzz on the FreeType face and its
// glyphs are drawn by cairo at the positions HarfBuzz gives, as a text layout library would.
#include "shaped_page.h"

#include <cairo/cairo.h>
#include <cairo/cairo-ft.h>
#include <ft2build.h>
#include FT_FREETYPE_H
#include <harfbuzz/hb.h>
#include <harfbuzz/hb-ft.h>
#include <stdlib.h>
#include <string.h>

/// Shapes `word` (`length` bytes); returns its advance in pixels and, when `cr` is given, draws
/// it with its origin at (x, y).
static double shape_word(hb_font_t *font, hb_script_t script, const char *word, int length, cairo_t *cr, double x, double y) {
    hb_buffer_t *buffer = hb_buffer_create();
    hb_buffer_add_utf8(buffer, word, length, 0, length);
    hb_buffer_set_direction(buffer, HB_DIRECTION_LTR);
    hb_buffer_set_script(buffer, script);
    hb_buffer_guess_segment_properties(buffer);
    hb_shape(font, buffer, NULL, 0);
    unsigned int count = 0;
    hb_glyph_info_t *info = hb_buffer_get_glyph_infos(buffer, &count);
    hb_glyph_position_t *pos = hb_buffer_get_glyph_positions(buffer, &count);
    double advance = 0;
    cairo_glyph_t *glyphs = cr ? malloc(sizeof(cairo_glyph_t) * (count ? count : 1)) : NULL;
    for (unsigned int i = 0; i < count; i++) {
        if (glyphs) {
            glyphs[i].index = info[i].codepoint;
            glyphs[i].x = x + advance + pos[i].x_offset / 64.0;
            glyphs[i].y = y - pos[i].y_offset / 64.0;
        }
        advance += pos[i].x_advance / 64.0;
    }
    if (cr && count) cairo_show_glyphs(cr, glyphs, (int)count);
    free(glyphs);
    hb_buffer_destroy(buffer);
    return advance;
}

/// One font file opened once for the process (cairo's font face cache may hold the FreeType face
/// past any one page, so faces are never closed).
typedef struct { char path[512]; FT_Face face; hb_font_t *font; cairo_font_face_t *cairo_face; double size; } open_font;
static open_font fonts[8];
static int font_count = 0;
static FT_Library library = NULL;

static open_font *font_for(const char *path, double pixel_size) {
    for (int i = 0; i < font_count; i++) {
        if (strcmp(fonts[i].path, path) == 0 && fonts[i].size == pixel_size) return &fonts[i];
    }
    if (font_count == 8 || strlen(path) >= sizeof(fonts[0].path)) return NULL;
    if (!library && FT_Init_FreeType(&library)) return NULL;
    open_font *f = &fonts[font_count];
    if (FT_New_Face(library, path, 0, &f->face)) return NULL;
    FT_Set_Pixel_Sizes(f->face, 0, (FT_UInt)pixel_size);
    f->font = hb_ft_font_create_referenced(f->face);
    f->cairo_face = cairo_ft_font_face_create_for_ft_face(f->face, 0);
    f->size = pixel_size;
    strcpy(f->path, path);
    font_count++;
    return f;
}

int shaped_page(const char *text, const char *font_path, double pixel_size, const char *script_tag,
                int width, int height, int margin, double line_height, uint8_t *grey_out) {
    open_font *opened = font_for(font_path, pixel_size);
    if (!opened) return -1;
    hb_font_t *font = opened->font;
    hb_script_t script = hb_script_from_string(script_tag, -1);

    cairo_surface_t *surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, width, height);
    cairo_t *cr = cairo_create(surface);
    int words = -1;
    if (cairo_status(cr) == CAIRO_STATUS_SUCCESS) {
        cairo_set_source_rgb(cr, 1, 1, 1);
        cairo_paint(cr);
        cairo_set_source_rgb(cr, 0.08, 0.08, 0.1);
        cairo_set_font_face(cr, opened->cairo_face);
        cairo_set_font_size(cr, pixel_size);
        double space = shape_word(font, script, " ", 1, NULL, 0, 0);
        double x = margin, y = margin + pixel_size;
        words = 0;
        const char *p = text;
        while (*p) {
            while (*p == ' ' || *p == '\n' || *p == '\t') {
                if (*p == '\n' && x > margin) { x = margin; y += line_height; }
                p++;
            }
            if (!*p) break;
            const char *start = p;
            while (*p && *p != ' ' && *p != '\n' && *p != '\t') p++;
            int length = (int)(p - start);
            double advance = shape_word(font, script, start, length, NULL, 0, 0);
            if (x > margin && x + advance > width - margin) { x = margin; y += line_height; }
            if (y > height - margin) break;
            shape_word(font, script, start, length, cr, x, y);
            x += advance + space;
            words++;
        }
        cairo_surface_flush(surface);
        unsigned char *data = cairo_image_surface_get_data(surface);
        int stride = cairo_image_surface_get_stride(surface);
        for (int row = 0; row < height; row++) {
            uint32_t *pixel = (uint32_t *)(data + (size_t)row * stride);
            for (int column = 0; column < width; column++) {
                uint32_t v = pixel[column];
                grey_out[(size_t)row * width + column] = (uint8_t)((((v >> 16) & 255) * 299 + ((v >> 8) & 255) * 587 + (v & 255) * 114) / 1000);
            }
        }
    }
    cairo_destroy(cr);
    cairo_surface_destroy(surface);
    return words;
}
