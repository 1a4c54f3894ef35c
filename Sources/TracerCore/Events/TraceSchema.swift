/// The names of the `tracer/1` contract: schema id, field names and tool name.
///
/// NB: every reader and writer takes these spellings from here; there is no second copy.
public enum TraceSchema {
    /// The schema id a `meta` header names.
    public static let id = "tracer/1"
    /// The tool name and version written into `meta` headers.
    public static let tool = "tracer 0.1.0"
    /// The time unit of `ts` and `dur`.
    public static let unit = "ns"

    /// Field names of a `tracer/1` line.
    public enum Field {
        public static let seq = "seq"
        public static let ts = "ts"
        public static let tid = "tid"
        public static let tx = "tx"
        public static let kind = "kind"
        public static let view = "view"
        public static let prop = "prop"
        public static let wrapper = "wrapper"
        public static let changed = "changed"
        public static let site = "site"
        public static let cause = "cause"
        public static let reason = "reason"
        public static let dur = "dur"
        /// On a body-eval: view values the body built (see `BodyContent`).
        public static let built = "built"
        /// On a body-eval (`extract`): of those, what extracting unchanged leaf content would stop rebuilding.
        public static let extractable = "extract"
        /// On a write, when values are recorded: the old and new values' texts (`ValueText`).
        public static let old = "old"
        public static let new = "new"
        /// On a write, when values are recorded but these were not: `redacted` or `unavailable`
        /// (`WriteValuesState.marker`).
        public static let values = "values"
        public static let name = "name"
        public static let message = "message"
        public static let count = "count"
        public static let schema = "schema"
        public static let tool = "tool"
        public static let scenario = "scenario"
        public static let variant = "variant"
        public static let unit = "unit"
        public static let pid = "pid"
        /// On the `meta` header: the trace's origin (`TraceProducer`); absent means `runtime`.
        public static let source = "source"
        /// On the `meta` header: what the source can produce (`TraceCapability` spellings);
        /// absent means everything.
        public static let capabilities = "capabilities"
        /// Added by `tracectl record --listen`: the connection (1, 2, … in order of acceptance)
        /// an event came from.
        public static let conn = "conn"
        /// On events of an imported Instruments trace: the update group (1, 2, … in start order).
        public static let group = "group"
        /// On a hitch: `true` when the system's work caused it.
        public static let system = "system"
        /// On the `meta` header of an imported Instruments trace: the Instruments version, the
        /// run, the device and its OS, from the trace's table of contents.
        public static let instruments = "instruments"
        public static let run = "run"
        public static let device = "device"
        public static let os = "os"
        /// On the `meta` header of an Instruments import whose evaluations come from another
        /// table than `swiftui-updates` (`SwiftUIFilteredUpdates`): that table's name.
        public static let bodyTable = "bodyTable"
    }
}
