#include "tesseract_order.h"

#include <tesseract/capi.h>

// Qualified calls: the base classes' own steps, not the ResultIterator's reading-order overrides.
namespace {
TessResultIterator *results(void *iterator) { return static_cast<TessResultIterator *>(iterator); }
const TessResultIterator *results(const void *iterator) { return static_cast<const TessResultIterator *>(iterator); }
} // namespace

int strips_tess_next_stored(void *iterator) {
  return results(iterator)->tesseract::PageIterator::Next(tesseract::RIL_WORD) ? 1 : 0;
}

int strips_tess_begins_stored(const void *iterator, int level) {
  return results(iterator)->tesseract::PageIterator::IsAtBeginningOf(static_cast<tesseract::PageIteratorLevel>(level)) ? 1 : 0;
}

char *strips_tess_word_stored(const void *iterator) {
  return results(iterator)->tesseract::LTRResultIterator::GetUTF8Text(tesseract::RIL_WORD);
}

int strips_tess_word_has_right_to_left(const void *iterator) {
  const auto direction = results(iterator)->WordDirection();
  return direction == tesseract::DIR_RIGHT_TO_LEFT || direction == tesseract::DIR_MIX ? 1 : 0;
}
