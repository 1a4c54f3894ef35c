#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TraceSupport

/// What `xctrace export --toc` says about a trace: its runs, each with its target, device,
/// summary and the tables it holds.
package struct XctraceTOC: Sendable, Equatable {
    /// A device, from `<device …/>`.
    package struct Device: Sendable, Equatable {
        package var name: String?
        package var platform: String?
        package var osVersion: String?
        /// Every attribute, as written.
        package var attributes: [String: String]
    }

    /// A process, from `<process name pid …/>`.
    package struct Process: Sendable, Equatable {
        package var name: String?
        package var pid: UInt64?
        package var attributes: [String: String]
    }

    /// A table the run holds: its schema and the attributes that tell instances apart.
    package struct Table: Sendable, Equatable {
        package var schema: String
        package var attributes: [String: String]
    }

    /// One `<run>`.
    package struct Run: Sendable, Equatable {
        package var number: Int
        /// The run's length in seconds (`<duration>`).
        package var duration: Double?
        package var startDate: String?
        package var endDate: String?
        package var endReason: String?
        package var templateName: String?
        package var target: Process?
        package var device: Device?
        package var processes: [Process] = []
        package var tables: [Table] = []
    }

    package var runs: [Run] = []
    /// `<instruments-version>`, wherever it is.
    package var instrumentsVersion: String?

    /// Reads the TOC at `path`.
    package static func read(path: String) throws(XctraceReadError) -> XctraceTOC {
        let descriptor = PathAccess.open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw XctraceReadError(file: path, line: 0, column: 0, message: String(cString: strerror(errno)))
        }
        var scanner = XMLScanner(input: XMLInput(descriptor: descriptor, owning: true, blockSize: 1 << 16), fileName: path)
        return try read(&scanner)
    }

    /// Reads a TOC held in memory; `name` is the file name errors give.
    package static func read(bytes: UnsafeRawBufferPointer, name: String) throws(XctraceReadError) -> XctraceTOC {
        var scanner = XMLScanner(input: XMLInput(bytes: bytes), fileName: name)
        return try read(&scanner)
    }

    private static func read(_ scanner: inout XMLScanner) throws(XctraceReadError) -> XctraceTOC {
        var toc = XctraceTOC()
        var path: [String] = []
        var text = FlatArray<UInt8>(capacity: 256)
        var capturing = false
        while true {
            switch try scanner.next() {
            case .start:
                let name = scanner.tags.name(scanner.tag)
                let parent = path.last ?? ""
                var attributes: [String: String] = [:]
                for index in 0..<scanner.attributes.count {
                    let attribute = scanner.attributes[index]
                    text.count = 0
                    try scanner.decode(attribute, into: &text)
                    attributes[scanner.name(of: attribute)] = string(text)
                }
                path.append(name)
                text.count = 0
                capturing = parent == "summary" || name == "instruments-version"
                toc.add(name, in: parent, attributes)
            case .text(let raw):
                if capturing { try scanner.decode(scanner.textStart, scanner.textEnd, raw: raw, into: &text) }
            case .end:
                let name = path.removeLast()
                if capturing { toc.take(string(text).trimmingSpaces, of: name, in: path.last) }
                capturing = false
            case .endOfDocument:
                return toc
            }
        }
    }

    /// Records what the start tag of `name` inside `parent` adds: a run, or the last run's device,
    /// target, a process or a table.
    private mutating func add(_ name: String, in parent: String, _ attributes: [String: String]) {
        switch (parent, name) {
        case ("trace-toc", "run"):
            runs.append(Run(number: attributes["number"].flatMap { Int($0) } ?? runs.count + 1))
        case ("target", "device") where !runs.isEmpty:
            runs[runs.count - 1].device = Device(
                name: attributes["name"], platform: attributes["platform"],
                osVersion: attributes["os-version"] ?? attributes["osVersion"], attributes: attributes)
        case ("target", "process") where !runs.isEmpty:
            runs[runs.count - 1].target = Process(attributes)
        case ("processes", "process") where !runs.isEmpty:
            runs[runs.count - 1].processes.append(Process(attributes))
        case ("data", "table") where !runs.isEmpty:
            runs[runs.count - 1].tables.append(Table(schema: attributes["schema"] ?? "", attributes: attributes))
        default: break
        }
    }

    /// Records the text `value` of a captured element `name` inside `parent`: the Instruments
    /// version, or a field of the last run's summary.
    private mutating func take(_ value: String, of name: String, in parent: String?) {
        if name == "instruments-version" {
            instrumentsVersion = value
        } else if parent == "summary", !runs.isEmpty {
            let run = runs.count - 1
            switch name {
            // NB: a duration that is no length (NaN, infinite, negative) is unknown, not a bound.
            case "duration": runs[run].duration = Double(value).flatMap { $0.isFinite && $0 >= 0 ? $0 : nil }
            case "start-date": runs[run].startDate = value
            case "end-date": runs[run].endDate = value.isEmpty ? nil : value
            case "end-reason": runs[run].endReason = value
            case "template-name": runs[run].templateName = value
            default: break
            }
        }
    }

    private static func string(_ text: borrowing FlatArray<UInt8>) -> String {
        String(decoding: UnsafeBufferPointer(start: text.pointer, count: text.count), as: UTF8.self)
    }
}

extension XctraceTOC.Process {
    init(_ attributes: [String: String]) {
        self.init(name: attributes["name"], pid: attributes["pid"].flatMap { UInt64($0) }, attributes: attributes)
    }
}

extension String {
    /// The string without leading and trailing ASCII spaces, tabs and line breaks.
    var trimmingSpaces: String {
        let isSpace: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
        let bytes = Array(utf8)
        guard let first = bytes.firstIndex(where: { !isSpace($0) }), let last = bytes.lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(decoding: bytes[first...last], as: UTF8.self)
    }
}

/// Which kind of `xctrace export` output a document is, from its first element.
package enum XctraceDocumentKind: Sendable, Equatable {
    /// `export --toc`: `<trace-toc>`.
    case toc
    /// `export --xpath`: `<trace-query-result>`.
    case tables

    /// The kind of the document starting with `prefix` (its first few KB), or nil when its first
    /// element is neither.
    package static func detect(prefix: UnsafeRawBufferPointer) -> XctraceDocumentKind? {
        let bytes = prefix.bindMemory(to: UInt8.self)
        var at = 0
        if bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF { at = 3 }
        func starts(_ text: String, _ offset: Int) -> Bool {
            let wanted = Array(text.utf8)
            return bytes.count - offset >= wanted.count && bytes[offset..<(offset + wanted.count)].elementsEqual(wanted)
        }
        /// The kind named at `offset`: an element or DOCTYPE name, whole.
        func kind(at offset: Int) -> XctraceDocumentKind? {
            for (name, kind) in [("trace-toc", XctraceDocumentKind.toc), ("trace-query-result", .tables)] where starts(name, offset) {
                let after = offset + name.utf8.count
                if after < bytes.count, [0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: ">"), UInt8(ascii: "/"), UInt8(ascii: "[")].contains(bytes[after]) {
                    return kind
                }
            }
            return nil
        }
        func skip(past terminator: String) -> Bool {
            let wanted = Array(terminator.utf8)
            while at + wanted.count <= bytes.count {
                if bytes[at..<(at + wanted.count)].elementsEqual(wanted) { at += wanted.count; return true }
                at += 1
            }
            return false
        }
        while at < bytes.count {
            switch bytes[at] {
            case 0x20, 0x09, 0x0A, 0x0D:
                at += 1
            case UInt8(ascii: "<"):
                if starts("<?", at) {
                    guard skip(past: "?>") else { return nil }
                } else if starts("<!--", at) {
                    guard skip(past: "-->") else { return nil }
                } else if starts("<!DOCTYPE", at) {
                    // NB: the kind its name gives: the reader then rejects the DOCTYPE, saying where.
                    at += 9
                    while at < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[at]) { at += 1 }
                    return kind(at: at)
                } else {
                    return kind(at: at + 1)
                }
            default:
                return nil
            }
        }
        return nil
    }

    /// The kind of the document at `path` (reads its first 4 KB), or nil.
    package static func detect(path: String) -> XctraceDocumentKind? {
        ImportProbe.head(of: path).flatMap { $0.withUnsafeBytes(detect(prefix:)) }
    }
}
