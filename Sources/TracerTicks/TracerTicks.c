// The tick counter is header-only (static inline); this file gives the target a translation unit.
#include "TracerTicks.h"
