#ifndef ALLOCATION_COUNTER_H
#define ALLOCATION_COUNTER_H

/// Heap allocations (malloc, calloc, realloc, posix_memalign, aligned_alloc, memalign) the calling
/// thread has made since it started, when the counter is linked in (Linux, glibc); -1 elsewhere.
long allocation_counter_thread_count(void);

#endif
