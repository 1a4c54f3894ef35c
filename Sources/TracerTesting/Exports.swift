/// A test that records redraws reads them with the analysis's types (`Budget`, `ViewStats`,
/// `WhyResult`, `CauseEdge`) without a second import.
@_exported import TraceAnalysis
