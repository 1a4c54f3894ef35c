/// The analysis's users see the reading layer's public types (`TraceInput`, `TraceReadOptions`,
/// `TraceHeader`, `TraceError`, …) without a second import.
///
/// NB: the `tracer/1` reading layer moved into TraceFormat, which is no product; re-exported here,
/// a user of the TraceAnalysis product sees the same public types as before.
@_exported import TraceFormat
