// The tick counter is header-only (static inline); this file defines the SwiftUI adapter's
// activity count (TracerTicks.h), initially 1: the process's session, until it is known to be nil.
#include "TracerTicks.h"

long tracer_swiftui_activity = 1;
