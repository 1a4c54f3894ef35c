extension XctraceRows {
    /// A `swiftui-updates` row of update type `View Body Updates`, or a `swiftui-body-interval` row.
    ///
    /// NB: compact (whether `id` and `process` are there is kept in `flags`): a body row is the
    /// bulk of an import's memory.
    struct Body {
        var start: UInt64
        private var durationValue: UInt64
        /// The thread's tid (0 for the legacy table, which has none).
        var thread: UInt64
        private var idValue: UInt64
        private var processValue: UInt64
        /// The view's index in `views`.
        var view: UInt32
        private var flags: UInt8

        private static let hasID: UInt8 = 1, hasProcess: UInt8 = 2, swiftUIModule: UInt8 = 4, hasDuration: UInt8 = 8, legacy: UInt8 = 16,
            filtered: UInt8 = 32

        init(
            start: UInt64, duration: UInt64?, thread: UInt64, id: UInt64?, isSwiftUIModule: Bool, view: UInt32, process: UInt64?,
            isLegacy: Bool = false, isFiltered: Bool = false
        ) {
            self.start = start
            durationValue = duration ?? 0
            self.thread = thread
            idValue = id ?? 0
            processValue = process ?? 0
            self.view = view
            flags = (id == nil ? 0 : Self.hasID) | (process == nil ? 0 : Self.hasProcess) | (isSwiftUIModule ? Self.swiftUIModule : 0)
                | (duration == nil ? 0 : Self.hasDuration) | (isLegacy ? Self.legacy : 0) | (isFiltered ? Self.filtered : 0)
        }

        /// The table the row was read from: `swiftui-body-interval` (legacy), `SwiftUIFilteredUpdates`
        /// or `swiftui-updates`.
        var schema: String { Self.schemas[schemaIndex] }
        /// The index of `schema` in `schemas`.
        var schemaIndex: Int { flags & Self.legacy != 0 ? 0 : isFiltered ? 1 : 2 }
        /// The tables a body row may come from.
        static let schemas = [XctraceSchema.bodyIntervals, XctraceSchema.filteredUpdates, XctraceSchema.updates]
        var isFiltered: Bool { flags & Self.filtered != 0 }

        /// The row's duration in ns; nil when its cell could not be read as one (see `XctraceRows.duration`).
        var duration: UInt64? { flags & Self.hasDuration != 0 ? durationValue : nil }

        /// The row's event id (`id`), if any.
        var id: UInt64? { flags & Self.hasID != 0 ? idValue : nil }
        var process: UInt64? { flags & Self.hasProcess != 0 ? processValue : nil }
        /// Whether the row's module is SwiftUI's own (`SwiftUI`, `SwiftUICore`).
        var isSwiftUIModule: Bool { flags & Self.swiftUIModule != 0 }
    }
}
