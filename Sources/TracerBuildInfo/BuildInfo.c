#include "TracerBuildInfo.h"

// NB: Package.swift defines TRACER_COMMIT (a string literal) from the environment variable of the
// same name; a build without it says so rather than guess.
const char *tracer_build_commit(void) { return TRACER_COMMIT; }
