#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TraceSupport

/// What `XctraceTableReader.next()` reached.
package enum XctraceReadEvent: Equatable, Sendable {
    /// A table's schema was read (`reader.table`); its rows follow.
    case table
    /// A row was read: its requested cells are `reader[column]`.
    case row
    /// The table's `</node>`.
    case endOfTable
}

/// What an `XctraceTableReader` reads with and keeps: the scanner, the id table, the strings,
/// the open elements, and the table being read with its current row (`XctraceTableState`).
///
/// NB: hot methods here are `mutating` or static: a non-mutating method would be handed a copy
/// of this (large) struct.
struct XctraceReaderState: ~Copyable {
    private var scanner: XMLScanner
    private let strict: Bool
    var strings = XctraceStrings()
    private var ids = XctraceIDTable()
    /// The compounds built so far: the document's and the current row's.
    private(set) var compounds = XctraceCompounds()
    private var frames = FlatArray<XctraceFrame>(capacity: 64)
    /// The text of the values being read, innermost last.
    private var text = FlatArray<UInt8>(capacity: 1 << 12)
    private(set) var tableState: XctraceTableState
    private(set) var summary = XctraceReadSummary()
    let names: XctraceNames

    /// Reads the document at `path`.
    init(path: String, request: XctraceRequest, strict: Bool, blockSize: Int) throws(XctraceReadError) {
        let descriptor = PathAccess.open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw XctraceReadError(file: path, line: 0, column: 0, message: String(cString: strerror(errno)))
        }
        self.init(input: XMLInput(descriptor: descriptor, owning: true, blockSize: blockSize), name: path, request: request, strict: strict)
    }

    /// Reads a document held in memory; `name` is the file name errors give.
    init(bytes: UnsafeRawBufferPointer, name: String, request: XctraceRequest, strict: Bool = false) {
        self.init(input: XMLInput(bytes: bytes), name: name, request: request, strict: strict)
    }

    private init(input: consuming XMLInput, name: String, request: XctraceRequest, strict: Bool) {
        var scanner = XMLScanner(input: input, fileName: name)
        names = XctraceNames(&scanner)
        self.scanner = scanner
        tableState = XctraceTableState(request: request)
        self.strict = strict
    }

    /// The next table, row or table end; nil at the end of the document.
    mutating func next() throws(XctraceReadError) -> XctraceReadEvent? {
        while true {
            switch try scanner.next() {
            case .start:
                if scanner.selfClosing, frames.count > 0, try closedAtOnce() { continue }
                try openElement()
            case .end:
                if let event = try closeElement() { return event }
            case .text(let raw):
                let top = frames.count - 1
                if frames[top].keep && frames[top].shape == .plain && !frames[top].hasElementChild {
                    try scanner.decode(scanner.textStart, scanner.textEnd, raw: raw, into: &text)
                } else if !raw {
                    try scanner.checkEntities(scanner.textStart, scanner.textEnd)
                }
            case .endOfDocument:
                summary.controlBytes = scanner.input.controlBytes
                try summary.takeInvalidUTF8(scanner.input.invalidUTF8, first: scanner.input.firstInvalidUTF8, in: scanner.fileName, strict: strict)
                summary.definedIDs = ids.defined
                summary.tableBytes = ids.memoryBytes + strings.memoryBytes + compounds.memoryBytes
                return nil
            }
        }
    }

    // MARK: - Elements

    /// Reads a self-closing `<tag ref="N"/>` or `<tag/>` inside a row or a cell (most cells)
    /// without opening a frame for it; false when the element needs the general path.
    @inline(__always)
    private mutating func closedAtOnce() throws(XctraceReadError) -> Bool {
        let attributes = scanner.attributes.count
        let parent = frames.pointer + (frames.count - 1)
        let role = parent.pointee.role
        guard role == .row || role == .cell || role == .other, attributes <= 1 else { return false }
        var value = XctraceValue.empty
        if attributes == 1 {
            let attribute = scanner.attributes.pointer
            guard attribute.pointee.name == .ref else { return attributes == 1 && attribute.pointee.name == .other && role != .row ? skipOther() : false }
            let id = try number(attribute.pointee)
            if let found = ids.resolve(id) { value = found } else { try unresolved(id) }
        } else if scanner.tag != names.sentinel {
            guard role != .row else { return false }
        }
        scanner.closeSelfClosing()
        parent.pointee.children += 1
        parent.pointee.hasElementChild = true
        if role == .row {
            let slot = tableState.slot(ofColumn: Int(parent.pointee.children) - 1)
            if slot >= 0 { tableState.cells[Int(slot)] = value }
        } else if parent.pointee.keep && parent.pointee.shape != .plain {
            give(value, tag: scanner.tag, to: parent)
        }
        return true
    }

    /// A self-closing element with one attribute that is neither id nor ref, inside a cell: it
    /// only counts as a child.
    @inline(__always)
    private mutating func skipOther() -> Bool {
        let parent = frames.pointer + (frames.count - 1)
        guard !(parent.pointee.keep && parent.pointee.shape != .plain) else { return false }
        scanner.closeSelfClosing()
        parent.pointee.children += 1
        parent.pointee.hasElementChild = true
        return true
    }

    /// Opens a frame for the element just started: its role, whether its value is built, and what
    /// its attributes say.
    @inline(__always)
    private mutating func openElement() throws(XctraceReadError) {
        let tag = scanner.tag
        let depth = frames.count
        var frame = XctraceFrame(role: .other, tag: tag, textStart: text.count)
        if depth == 0 {
            frame.role = .root
        } else {
            place(&frame, under: frames.pointer + (depth - 1))
        }
        switch frame.role {
        case .row:
            if tableState.beginRow() { compounds.beginRow() } else { summary.rowsWithoutSchema += 1 }
        case .node: tableState.beginNode()
        case .schema: tableState.beginSchema()
        default: break
        }
        var fmt = -1
        for index in 0..<scanner.attributes.count {
            let attribute = scanner.attributes.pointer[index]
            switch attribute.name {
            case .id:
                frame.id = try number(attribute)
                frame.hasID = true
                frame.keep = true
            case .ref:
                frame.hasRef = true
                let id = try number(attribute)
                if let value = ids.resolve(id) {
                    frame.referenced = value
                } else {
                    try unresolved(id)
                }
            case .fmt:
                fmt = index
            case .other:
                if frame.role == .node || frame.role == .schema { try takeTableAttribute(attribute, of: frame) }
            }
        }
        if frame.keep && !frame.hasRef {
            if tag == names.process {
                frame.shape = .process
            } else if tag == names.thread {
                frame.shape = .thread
            } else if tag == names.typedArray && tableState.extractsTypedArrays {
                frame.shape = .typedArray
            }
            if fmt >= 0 { try takeFmt(scanner.attributes[fmt], into: &frame) }
        }
        frames.append(frame)
    }

    /// Gives an element its role from its parent's (a cell, its slot), counts it as the parent's
    /// child, and keeps it when it is a part of a compound being built.
    @inline(__always)
    private mutating func place(_ frame: inout XctraceFrame, under parent: UnsafeMutablePointer<XctraceFrame>) {
        let tag = frame.tag
        switch parent.pointee.role {
        case .row:
            frame.role = .cell
            frame.slot = tableState.slot(ofColumn: Int(parent.pointee.children))
            frame.keep = frame.slot >= 0
        case .root: if tag == names.node { frame.role = .node }
        case .node:
            if tag == names.row { frame.role = .row } else if tag == names.schema { frame.role = .schema }
        case .schema: if tag == names.col { frame.role = .col }
        case .col:
            if tag == names.mnemonic || tag == names.name || tag == names.engineeringType {
                frame.role = .columnField
                frame.field = tag == names.mnemonic ? 0 : tag == names.name ? 1 : 2
                frame.keep = true
            }
        default: break
        }
        parent.pointee.children += 1
        parent.pointee.hasElementChild = true
        if !frame.keep && parent.pointee.keep {
            switch parent.pointee.shape {
            case .plain: break
            case .process: frame.keep = tag == names.pid
            case .thread: frame.keep = tag == names.tid || tag == names.process
            case .typedArray: frame.keep = parent.pointee.children == 1
            }
        }
    }

    /// Keeps a `<node>`'s `xpath` or a `<schema>`'s `name` for the table.
    @inline(__always)
    private mutating func takeTableAttribute(_ attribute: XMLAttribute, of frame: XctraceFrame) throws(XctraceReadError) {
        text.count = frame.textStart
        try scanner.decode(attribute, into: &text)
        let value = String(decoding: UnsafeBufferPointer(start: text.pointer + frame.textStart, count: text.count - frame.textStart), as: UTF8.self)
        text.count = frame.textStart
        let name = scanner.name(of: attribute)
        if frame.role == .node && name == "xpath" { tableState.xpath = value }
        if frame.role == .schema && name == "name" { tableState.schemaName = value }
    }

    /// Keeps what a kept element's `fmt` says: a process's name (and pid), a thread's pid, or the
    /// whole fmt for a requested `.fmt` cell.
    private mutating func takeFmt(_ attribute: XMLAttribute, into frame: inout XctraceFrame) throws(XctraceReadError) {
        let wantsWhole = frame.role == .cell && frame.slot >= 0 && tableState.fmtOfColumn[Int(parentColumn())]
        guard frame.shape == .process || frame.shape == .thread || wantsWhole else { return }
        let start = text.count
        try scanner.decode(attribute, into: &text)
        let bytes = UnsafeBufferPointer(start: text.pointer + start, count: text.count - start)
        if wantsWhole { frame.compound.fmt = strings.intern(bytes.baseAddress!, bytes.count) }
        switch frame.shape {
        case .process:
            // NB: "MyApp (1001)": the name, and the pid when no <pid> child gives it.
            var nameLength = bytes.count
            if let (number, open) = Self.trailingParenthesisedNumber(bytes) {
                frame.compound.number = number
                frame.compound.hasNumber = true
                nameLength = open
            }
            frame.compound.label = strings.intern(bytes.baseAddress!, nameLength)
        case .thread:
            // NB: "Main Thread (0x1e9000) (MyApp, pid: 1001)".
            if let pid = Self.number(after: "pid: ", in: bytes) {
                frame.compound.pid = pid
                frame.compound.hasPID = true
            }
        default: break
        }
        text.count = start
    }

    /// The column of the cell being opened (its parent row's children, less itself).
    private mutating func parentColumn() -> Int32 {
        frames[frames.count - 1].children - 1
    }

    @inline(__always)
    private mutating func closeElement() throws(XctraceReadError) -> XctraceReadEvent? {
        let frame = frames[frames.count - 1]
        frames.count -= 1
        if frame.role == .columnField {
            tableState.takeColumnField(frame.field, String(decoding: UnsafeBufferPointer(start: text.pointer + frame.textStart, count: text.count - frame.textStart), as: UTF8.self))
            text.count = frame.textStart
            return nil
        }
        if frame.keep {
            let value = value(of: frame)
            text.count = frame.textStart
            if frame.hasID { ids.define(frame.id, value) }
            if frame.role == .cell && frame.slot >= 0 {
                tableState.cells[Int(frame.slot)] = value
                if frame.compound.fmt != XctraceCompound.none { tableState.cellFmts[Int(frame.slot)] = frame.compound.fmt }
            }
            if frames.count > 0 {
                let parent = frames.pointer + (frames.count - 1)
                if parent.pointee.keep && parent.pointee.shape != .plain { give(value, tag: frame.tag, to: parent) }
            }
        }
        switch frame.role {
        case .row:
            guard tableState.table != nil else { return nil }
            guard Int(frame.children) == tableState.columns.count else {
                throw scanner.error("expected \(tableState.columns.count) cells in <row> (one per column of the schema), found \(frame.children)", at: scanner.unitStart)
            }
            tableState.countRow()
            return .row
        case .col:
            tableState.endColumn()
        case .schema:
            tableState.beginTable()
            return .table
        case .node:
            guard let read = tableState.endNode() else { return nil }
            summary.tables.append(read)
            return .endOfTable
        default: break
        }
        return nil
    }

    /// The value a kept element stands for.
    @inline(__always)
    private mutating func value(of frame: XctraceFrame) -> XctraceValue {
        if frame.hasRef { return frame.referenced }
        if frame.tag == names.sentinel { return .empty }
        if frame.shape != .plain || frame.compound.fmt != XctraceCompound.none && frame.hasElementChild {
            return compounds.store(frame.compound, hasID: frame.hasID)
        }
        if frame.hasElementChild { return XctraceValue(kind: .opaque, bits: UInt64(frame.tag)) }
        let start = text.pointer + frame.textStart
        let length = text.count - frame.textStart
        if let number = Self.canonicalNumber(start, length) { return XctraceValue(kind: .integer, bits: number) }
        return XctraceValue(kind: .string, bits: UInt64(strings.intern(start, length)))
    }

    /// Puts a part of a compound (a pid, tid, process, first child) into it.
    private mutating func give(_ value: XctraceValue, tag: UInt16, to parent: UnsafeMutablePointer<XctraceFrame>) {
        switch parent.pointee.shape {
        case .process:
            if tag == names.pid, value.kind == .integer {
                parent.pointee.compound.number = value.bits
                parent.pointee.compound.hasNumber = true
            }
        case .thread:
            if tag == names.tid, value.kind == .integer {
                parent.pointee.compound.number = value.bits
                parent.pointee.compound.hasNumber = true
            } else if tag == names.process, value.kind == .compound, case let process = compounds[value.bits], process.hasNumber {
                parent.pointee.compound.pid = process.number
                parent.pointee.compound.hasPID = true
            }
        case .typedArray:
            if parent.pointee.children == 1 {
                switch value.kind {
                case .string: parent.pointee.compound.label = UInt32(value.bits)
                case .integer: parent.pointee.compound.label = strings.intern(String(value.bits))
                case .empty: parent.pointee.compound.label = strings.intern(text.pointer, 0)
                default: break
                }
            }
        case .plain: break
        }
    }

    /// `file:line:col` of the unit read last.
    var location: String { scanner.location(of: scanner.unitStart) }

    private mutating func unresolved(_ id: UInt64) throws(XctraceReadError) {
        if strict {
            throw scanner.error("reference to id \(id), which is not defined before it", at: scanner.unitStart)
        }
        summary.unresolvedReferences += 1
        if summary.unresolvedLocations.count < XctraceReadSummary.keptLocations {
            summary.unresolvedLocations.append(scanner.location(of: scanner.unitStart))
        }
    }

    @inline(__always)
    private mutating func number(_ attribute: XMLAttribute) throws(XctraceReadError) -> UInt64 {
        if let value = Self.decimal(scanner.input.base + attribute.valueStart, attribute.valueLength) { return value }
        throw numberError(attribute)
    }

    @inline(never)
    private func numberError(_ attribute: XMLAttribute) -> XctraceReadError {
        let start = scanner.input.base + attribute.valueStart
        return scanner.error("expected a number in \(scanner.name(of: attribute))=\"\(XMLScanner.string(start, min(attribute.valueLength, 40)))\"", at: attribute.valueStart)
    }
}
