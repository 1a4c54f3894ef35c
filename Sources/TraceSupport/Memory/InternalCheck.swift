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
