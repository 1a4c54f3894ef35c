/// Checks an invariant of the unsafe tables in builds compiled with `TRACER_INTERNAL_CHECKS`
/// (every debug build, so the test suite and CI's debug pass run them); compiles to nothing in
/// release, where the hot loops must not pay for it.
@inlinable @inline(__always)
package func internalCheck(
    _ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String,
    file: StaticString = #fileID, line: UInt = #line
) {
    #if TRACER_INTERNAL_CHECKS
    precondition(condition(), message(), file: file, line: line)
    #endif
}

/// Stops the process when `violations` (a container's `_checkInvariants()`) found any, in builds
/// compiled with `TRACER_INTERNAL_CHECKS`: the hook every container calls after each mutation.
/// Compiles to nothing in release.
///
/// NB: the containers' `_checkInvariants()` return what is wrong rather than trap, so that a test
/// can corrupt a container and read the report in its own process; this is where a report traps.
@inlinable @inline(__always)
package func internalCheckInvariants(
    _ violations: @autoclosure () -> [String], of container: @autoclosure () -> String,
    file: StaticString = #fileID, line: UInt = #line
) {
    #if TRACER_INTERNAL_CHECKS
    let found = violations()
    precondition(found.isEmpty, "\(container()): \(found.joined(separator: "; "))", file: file, line: line)
    #endif
}
