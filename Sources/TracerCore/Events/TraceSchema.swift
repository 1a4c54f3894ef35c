/// The names of the `tracer/1` contract: schema id, field names and tool name.
///
/// NB: every reader and writer takes these spellings from here; there is no second copy.
public enum TraceSchema {
    /// The schema id a `meta` header names.
    public static let id = "tracer/1"
    /// Tracer's version: the one number `meta` headers, `tracectl --version`, the MCP server's
    /// `serverInfo` and the artifact bundle give.
    public static let version = "0.1.0"
    /// The tool name and version written into `meta` headers.
    public static let tool = "tracer \(version)"
    /// The time unit of `ts` and `dur`.
    public static let unit = "ns"

    /// Field names of a `tracer/1` line.
    public enum Field {
        /// Strictly increasing per trace.
        public static let seq = "seq"
        /// Nanoseconds since the recorder started.
        public static let ts = "ts"
        /// The emitting thread.
        public static let tid = "tid"
        /// The update transaction.
        public static let tx = "tx"
        /// The event's kind.
        public static let kind = "kind"
        /// The view path.
        public static let view = "view"
        /// The property written.
        public static let prop = "prop"
        /// The wrapper of a write.
        public static let wrapper = "wrapper"
        /// On a write, whether the value changed; on a body-eval, how many children differ.
        public static let changed = "changed"
        /// The declaration site.
        public static let site = "site"
        /// The `seq` of the event that led to this one.
        public static let cause = "cause"
        /// Why a body ran or was skipped.
        public static let reason = "reason"
        /// Nanoseconds a body-eval took; the count of a `dropped` event is `count`.
        public static let dur = "dur"
        /// On a body-eval: view values the body built (see `BodyContent`).
        public static let built = "built"
        /// On a body-eval (`extract`): of those, what extracting unchanged leaf content would stop rebuilding.
        public static let extractable = "extract"
        /// On a write, when values are recorded: the old value's text (`ValueText`).
        public static let old = "old"
        /// On a write, when values are recorded: the new value's text (`ValueText`).
        public static let new = "new"
        /// On a write, when values are recorded but these were not: `redacted` or `unavailable`
        /// (`WriteValuesState.marker`).
        public static let values = "values"
        /// On a write an Instruments import made of a cause: what changed, the value's type and its
        /// changed stored properties (`Type: properties`, either alone); never values.
        public static let changes = "changes"
        /// On an `inputs-changed` body-eval: the view's properties that differed from its previous
        /// value, a list of names (`["offset"]`).
        public static let inputs = "inputs"
        /// On a body-eval that several events led to: every one's `seq`, the first equal to
        /// `cause` (`[12,15]`); absent when there is one.
        public static let causes = "causes"
        /// A mark's name.
        public static let name = "name"
        /// A warning's message.
        public static let message = "message"
        /// The events a `dropped` event counts.
        public static let count = "count"
        /// On the `meta` header: the schema.
        public static let schema = "schema"
        /// On the `meta` header: the tool that wrote the trace.
        public static let tool = "tool"
        /// On the `meta` header: the scenario.
        public static let scenario = "scenario"
        /// On the `meta` header: the variant.
        public static let variant = "variant"
        /// On the `meta` header: the time unit.
        public static let unit = "unit"
        /// On the `meta` header: the recording process's id.
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
        /// On the `meta` header of an Instruments import: the run.
        public static let run = "run"
        /// On the `meta` header of an Instruments import: the device.
        public static let device = "device"
        /// On the `meta` header of an Instruments import: the device's OS.
        public static let os = "os"
        /// On the `meta` header of an Instruments import whose evaluations come from another
        /// table than `swiftui-updates` (`SwiftUIFilteredUpdates`): that table's name.
        public static let bodyTable = "bodyTable"
    }
}
