#ifndef STRIPS_TESSERACT_ORDER_H
#define STRIPS_TESSERACT_ORDER_H
// A recognised page's words in the order Tesseract stores them, one step each.
//
// Tesseract's C API walks a page with a ResultIterator, which puts each line's words in reading
// order for right-to-left scripts: every step, every word's text and every "is this the start of a
// line" asks for the line's order again, and each of those walks the page from its first word to
// find the line (PAGE_RES_IT::restart_row). A page of 800 words costs ~n^2 steps, 5-7 % of a
// page's recognition in all (perf, docs/PERFORMANCE.md). On a page whose words are all left to
// right the stored order is the reading order, so the iterator's own PageIterator and
// LTRResultIterator steps (linear, no reordering) give the same words: these functions call them.
// `iterator` is a TessResultIterator (from TessBaseAPIGetIterator), `level` a TessPageIteratorLevel
// (plain types here, so that Swift sees Tesseract's C types from CTesseract alone).
#ifdef __cplusplus
extern "C" {
#endif

/// Steps to the next word (or empty block) as stored; 0 at the end of the page.
int strips_tess_next_stored(void *iterator);
/// Whether the word is the first of its `level` (line, paragraph, block) as stored.
int strips_tess_begins_stored(const void *iterator, int level);
/// The word's text as recognised (NULL at an empty block); free it with TessDeleteText.
char *strips_tess_word_stored(const void *iterator);
/// Whether the word holds any right-to-left letter (its line would be reordered for reading).
int strips_tess_word_has_right_to_left(const void *iterator);

#ifdef __cplusplus
}
#endif
#endif
