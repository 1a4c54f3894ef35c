#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Tags the reader recognises.
struct XctraceNames {
    var node, schema, col, row, sentinel, process, thread, typedArray, pid, tid: UInt16
    var mnemonic, name, engineeringType: UInt16

    init(_ tags: inout XMLScanner) {
        node = tags.tagIndex("node")
        schema = tags.tagIndex("schema")
        col = tags.tagIndex("col")
        row = tags.tagIndex("row")
        sentinel = tags.tagIndex("sentinel")
        process = tags.tagIndex("process")
        thread = tags.tagIndex("thread")
        typedArray = tags.tagIndex("typed-array")
        pid = tags.tagIndex("pid")
        tid = tags.tagIndex("tid")
        mnemonic = tags.tagIndex("mnemonic")
        name = tags.tagIndex("name")
        engineeringType = tags.tagIndex("engineering-type")
    }
}

/// An open element.
struct XctraceFrame {
    enum Role: UInt8 { case root, node, schema, col, columnField, row, cell, other }
    enum Shape: UInt8 { case plain, process, thread, typedArray }
    var role: Role
    var shape: Shape = .plain
    /// Whether the element's value is built (it has an id, is a requested cell, or is a part
    /// of a compound being built).
    var keep = false
    var hasID = false
    var hasRef = false
    var hasElementChild = false
    var field: UInt8 = 0
    var tag: UInt16
    var slot: Int32 = -1
    var children: Int32 = 0
    var id: UInt64 = 0
    var referenced = XctraceValue.empty
    var compound: XctraceCompound
    var textStart: Int

    init(role: Role, tag: UInt16, textStart: Int) {
        self.role = role
        self.tag = tag
        self.textStart = textStart
        compound = XctraceCompound(tag: tag)
    }
}
