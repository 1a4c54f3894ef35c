#ifndef TRACER_BUILD_INFO_H
#define TRACER_BUILD_INFO_H

/// The commit this build was made from, as `TRACER_COMMIT` gave it when the package was built;
/// empty when it was not set.
const char *tracer_build_commit(void);

#endif
