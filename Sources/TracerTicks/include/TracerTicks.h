#ifndef TRACER_TICKS_H
#define TRACER_TICKS_H

#include <stdint.h>
#include <time.h>

/// A cheap, monotonic tick counter for event timestamps; the recorder's writer converts ticks to
/// nanoseconds against CLOCK_MONOTONIC. NB: the TSC is read where there is one: it costs less than
/// CLOCK_MONOTONIC (BENCHMARKS.md, "Figures behind the code's shape").
static inline uint64_t tracer_ticks(void) {
#if defined(__x86_64__) || defined(__i386__)
    return __builtin_ia32_rdtsc();
#elif defined(__aarch64__)
    uint64_t value;
    __asm__ volatile("mrs %0, cntvct_el0" : "=r"(value));
    return value;
#else
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (uint64_t)now.tv_sec * 1000000000ull + (uint64_t)now.tv_nsec;
/// Who may record in the SwiftUI adapter (`SwiftUITrace`): 1 for the process's session until it
/// is known to be nil, plus 2 for each recording scope open. NB: a C global, so that the check an
/// app inlines (`SwiftUITrace.mayRecord`) is one load and one branch: a Swift global of another
/// module is reached through a call to its addressor.
extern long tracer_swiftui_activity;

/// `tracer_swiftui_activity`, read with no ordering (relaxed).
static inline long tracer_swiftui_activity_load(void) {
    return __atomic_load_n(&tracer_swiftui_activity, __ATOMIC_RELAXED);
}

/// Adds `delta` to `tracer_swiftui_activity` (relaxed).
static inline void tracer_swiftui_activity_add(long delta) {
    __atomic_fetch_add(&tracer_swiftui_activity, delta, __ATOMIC_RELAXED);
}

#endif
}

/// CLOCK_MONOTONIC in nanoseconds.
static inline uint64_t tracer_monotonic_ns(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (uint64_t)now.tv_sec * 1000000000ull + (uint64_t)now.tv_nsec;
}

// NB: weak references to ThreadSanitizer's annotation entry points. They are null unless the
// program was built with -sanitize=thread, so outside TSan builds an annotation costs one branch.
extern void __tsan_acquire(void *address) __attribute__((weak));
extern void __tsan_release(void *address) __attribute__((weak));

/// Tells ThreadSanitizer (when present) that the lock at `address` was acquired: the futex-based
/// Synchronization.Mutex is invisible to it otherwise.
static inline void tracer_tsan_acquire(void *address) {
    if (__tsan_acquire) __tsan_acquire(address);
}

/// Tells ThreadSanitizer (when present) that the lock at `address` is about to be released.
static inline void tracer_tsan_release(void *address) {
    if (__tsan_release) __tsan_release(address);
}

/// Who may record in the SwiftUI adapter (`SwiftUITrace`): 1 for the process's session until it
/// is known to be nil, plus 2 for each recording scope open. NB: a C global, so that the check an
/// app inlines (`SwiftUITrace.mayRecord`) is one load and one branch: a Swift global of another
/// module is reached through a call to its addressor.
extern long tracer_swiftui_activity;

/// `tracer_swiftui_activity`, read with no ordering (relaxed).
static inline long tracer_swiftui_activity_load(void) {
    return __atomic_load_n(&tracer_swiftui_activity, __ATOMIC_RELAXED);
}

/// Adds `delta` to `tracer_swiftui_activity` (relaxed).
static inline void tracer_swiftui_activity_add(long delta) {
    __atomic_fetch_add(&tracer_swiftui_activity, delta, __ATOMIC_RELAXED);
}

#endif
