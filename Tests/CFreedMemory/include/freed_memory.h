#ifndef STRIPS_FREED_MEMORY_H
#define STRIPS_FREED_MEMORY_H
#include <stddef.h>
#include <stdint.h>

/// Tests only. Fills `bytes` of the calling thread's heap with `word` and frees it, kept in the
/// process (glibc's trim threshold raised for good, as a process that has run a while keeps its
/// freed memory), so the next large allocations on this thread start out holding `word`, as they
/// can hold another library's numbers in a long-lived process. Returns the words written.
size_t strips_leave_freed_memory_holding(uint16_t word, size_t bytes);

#endif
