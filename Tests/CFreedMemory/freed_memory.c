#include "freed_memory.h"
#include <malloc.h>
#include <stdlib.h>

size_t strips_leave_freed_memory_holding(uint16_t word, size_t bytes) {
    mallopt(M_TRIM_THRESHOLD, 1 << 30);
    // Blocks below the mmap threshold, so they come from (and go back to) this thread's heap.
    enum { block = 120000, most = 256 };
    void *blocks[most];
    size_t count = bytes / block < most ? bytes / block : most, written = 0;
    for (size_t b = 0; b < count; b++) {
        // volatile: the words are written before free, never read, so a compiler may drop them.
        volatile uint16_t *words = blocks[b] = malloc(block);
        if (!words) { count = b; break; }
        for (size_t k = 0; k < block / 2; k++) words[k] = word;
        written += block / 2;
    }
    for (size_t b = 0; b < count; b++) free(blocks[b]);
    return written;
}
