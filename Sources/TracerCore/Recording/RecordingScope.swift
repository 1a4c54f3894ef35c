/// The recorder of the recording scope the current task runs in: what a producer made inside the
/// scope records into when it is given no recorder of its own.
///
/// A scope (TracerTesting's `Redraws.record`) binds it for the task running its closure; the
/// child tasks that task creates (`async let`, task groups, `Task { }`) inherit it, and so does the
/// work it runs synchronously on its own thread. Detached tasks, Dispatch queues and threads
/// started inside the scope do not (task-locals do not cross them): what they make records
/// into the scope only when it was made inside the scope (a `ViewGraph` keeps the recorder it
/// was made with, whichever thread writes its state).
///
/// NB: read once, where a producer is made (`ViewGraph.init`), never per event: the recorder's
/// path and its off path (one branch) are those of any recorder.
public enum RecordingScope {
    /// The scope's recorder; nil outside every scope.
    @TaskLocal public static var recorder: TraceRecorder?
}
