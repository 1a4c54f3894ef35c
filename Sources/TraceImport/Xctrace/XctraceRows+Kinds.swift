extension XctraceRows {
    /// A `swiftui-update-groups` row.
    struct Group {
        var start: UInt64
        var duration: UInt64?
        /// `Transaction for onChange`, `(RootDisplayList DisplayList)`, … (the reader's shared string).
        var label: String?
        var thread: UInt64
        var process: UInt64?
    }

    /// A `hitches` row.
    struct Hitch {
        var start: UInt64
        var duration: UInt64?
        var isSystem: Bool
        var narrative: String
        var process: UInt64?
    }

    /// A `swiftui-link-event` row (legacy View Properties).
    struct Link {
        var time: UInt64
        var event: String
        var view: String
        var isSwiftUIModule: Bool
        var linkType: String
        /// Whether the narrative says the value was the first (`from <initialState>`).
        var isInitial: Bool
        /// The printed old and new values its narrative gives (`XctraceLinkNarrative`); nil when
        /// it gives none that can be read.
        var printed: (old: String, new: String)?
    }

    /// A signpost interval (`duration` set) or point of interest.
    struct Signpost {
        /// The table it was read from.
        var schema: String
        var start: UInt64
        var duration: UInt64?
        var name: String
        var process: UInt64?
    }
}
