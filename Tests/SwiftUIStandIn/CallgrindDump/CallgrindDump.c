#include "CallgrindDump.h"

#if __has_include(<valgrind/callgrind.h>)
#include <valgrind/callgrind.h>

void callgrind_dump(const char *label) { CALLGRIND_DUMP_STATS_AT(label); }
#else
void callgrind_dump(const char *label) { (void)label; }
#endif
