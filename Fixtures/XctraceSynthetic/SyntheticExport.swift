#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes a synthetic `xctrace export` of the SwiftUI template: a TOC and a `swiftui-updates`
/// table, shaped as the public descriptions say real exports are (`../shared/xctrace/`).
///
/// Nested body evaluations on a few threads (a child ending exactly where its parent ends, a
/// sibling starting where the previous one ended), body rows of another thread inside a body's
/// interval, `Other Updates` and `Representable Updates` rows, `SwiftUI`-module bodies nested in
/// the app's, another process, interned strings, processes and threads through `id`/`ref`, a new
/// id per timestamp, view names that are sentinels, empty, `[unknown …` or need entities, view
/// hierarchies with fmt of a few hundred bytes and now and then over 64 KB, C0 control bytes in
/// descriptions of other updates, in-flight durations (near 2^63, and over the run's length).
/// Beside it, a document holding a `swiftui-update-groups` table (one labelled group per tree of
/// bodies, of both processes) and a `hitches` table (one per 25 groups, some the system's).
/// Deterministic for a seed.
public struct SyntheticExport {
    /// Where the files were written, and what they hold.
    public struct Files: Sendable {
        public var toc: String
        public var updates: String
        /// The document of the update groups and hitches.
        public var groupsAndHitches: String
        /// Bytes of the updates table, and of every document (the TOC aside).
        public var bytes: Int
        public var allBytes: Int
        public var rows: Int
    }

    /// Writes `toc.xml` and `swiftui-updates.xml` into `directory`, the table about `megabytes` MB.
    public static func write(directory: String, megabytes: Double, seed: UInt64 = 1) -> Files {
        var export = SyntheticExport(seed: seed)
        let updates = directory + "/swiftui-updates.xml"
        let (bytes, rows, endNanoseconds) = export.writeUpdates(to: updates, bytes: Int(megabytes * 1_000_000))
        let groupsAndHitches = directory + "/groups-and-hitches.xml"
        let otherBytes = export.writeGroupsAndHitches(to: groupsAndHitches)
        let toc = directory + "/toc.xml"
        writeTOC(to: toc, runSeconds: Double(endNanoseconds / 1_000_000) / 1000 + 1)
        return Files(toc: toc, updates: updates, groupsAndHitches: groupsAndHitches, bytes: bytes, allBytes: bytes + otherBytes, rows: rows)
    }

    private var random: UInt64
    private var nextID = 1
    private var interned: [String: Int] = [:]
    private var out: [UInt8] = []
    private var time: UInt64 = 1_000_000
    private var rowID: UInt32 = 100
    private var runNanoseconds: UInt64 = 0
    /// Each tree of bodies written: an update group.
    private var groups: [(start: UInt64, length: UInt64, thread: Int, process: Int)] = []

    private init(seed: UInt64) {
        random = seed &* 0x9E37_79B9_7F4A_7C15 | 1
        out.reserveCapacity(1 << 21)
    }

    private mutating func next(_ bound: Int) -> Int {
        random ^= random >> 12
        random ^= random << 25
        random ^= random >> 27
        return Int((random &* 0x2545_F491_4F6C_DD1D) >> 33) % bound
    }

    private static let userViews = [
        "ContentView", "SidebarRow", "DetailView", "ItemCell<Item>", "Header", "Footer", "Badge",
        "Row<Dictionary<String, Int>>", "ProofPhotoView", "GreetingCard", "ResourceStrip", "TopNavTab",
        "DashboardView", "Settings.Form", "Tom & Jerry", "Foo<Bar<Baz", "\"Quoted\"", "Ünïcödé",
        "ListView", "Cell<[String: Int]>", "ToolbarItem", "SearchField", "Avatar", "ProgressRing",
    ]
    private static let systemViews = ["Button", "ButtonBehavior", "ResolvedButtonStyle", "LazyView", "NavigationStack"]
    private static let otherDescriptions = [
        "DynamicContainerInfo<DynamicLayoutViewAdaptor>", "Text Content", "Layout: ScrollViewChildContainerSize",
        "ResolvedTextFilter", "SecondaryLayerGeometryQuery", "ShapeStyleResolver<AnyShapeStyle>",
        "LazySubviewPlacements<LazyVStackLayout>", "Image.ImageViewChild<SwiftUIImageAccessibilityProvider", "Glyph\u{01}Run\u{1B}",
    ]
    private static let severities = ["Very Low", "Low", "Moderate", "High", "Very High"]

    // MARK: - Rows

    /// One row to write.
    private struct Row {
        var start: UInt64
        var duration: UInt64
        var kind: Int  // 0 body, 1 representable, 2 other
        var view: String
        var system: Bool
        var thread: Int
        var process: Int
        var viewName: Int  // 0 name, 1 sentinel, 2 unknown, 3 empty
    }

    private mutating func writeUpdates(to path: String, bytes target: Int) -> (Int, Int, UInt64) {
        let file = fopen(path, "w")!
        defer { fclose(file) }
        var written = 0
        var rows = 0
        emit("<?xml version=\"1.0\"?>\n<trace-query-result>\n<node xpath='//trace-toc[1]/run[2]/data[1]/table[12]'>")
        schema("swiftui-updates", Self.columns)
        var group: [Row] = []
        while written + out.count < target {
            group.removeAll(keepingCapacity: true)
            makeGroup(into: &group)
            group.sort { $0.start < $1.start }
            for row in group { emitRow(row) }
            rows += group.count
            if out.count >= 1 << 20 {
                written += out.count
                _ = out.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
                out.removeAll(keepingCapacity: true)
            }
        }
        emit("</node>\n</trace-query-result>\n")
        written += out.count
        _ = out.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
        out.removeAll()
        return (written, rows, time)
    }

    /// An update group: a tree of body evaluations on one thread, other updates among them, now
    /// and then a body of another thread inside it.
    private mutating func makeGroup(into rows: inout [Row]) {
        let process = next(40) == 0 ? 1 : 0
        // NB: threads are interned with their process: the other process has a thread of its own.
        let thread = process == 1 ? 4 : next(10) < 7 ? 0 : 1 + next(3)
        let length = UInt64(20_000 + next(400_000))
        groups.append((time, length, thread, process))
        makeBody(start: time, length: length, depth: 0, thread: thread, process: process, into: &rows)
        if process == 0 && next(8) == 0 {
            rows.append(Row(start: time + length / 3, duration: length / 4, kind: 0, view: Self.userViews[next(Self.userViews.count)],
                            system: false, thread: (thread + 1) % 4, process: process, viewName: 0))
        }
        for _ in 0..<(4 + next(12)) {
            rows.append(Row(start: time + UInt64(next(Int(length))), duration: UInt64(500 + next(20_000)), kind: next(20) == 0 ? 1 : 2,
                            view: Self.otherDescriptions[next(Self.otherDescriptions.count)], system: true, thread: thread, process: process, viewName: 1))
        }
        time += length + UInt64(next(3) == 0 ? 0 : 1000 + next(100_000))
    }

    private mutating func makeBody(start: UInt64, length: UInt64, depth: Int, thread: Int, process: Int, into rows: inout [Row]) {
        let system = depth > 0 && next(5) == 0
        let view = system ? Self.systemViews[next(Self.systemViews.count)] : Self.userViews[next(Self.userViews.count)]
        var duration = length
        switch next(200) {
        case 0: duration = 6_148_782_250_705_247_539  // in flight
        case 1: duration = 3_700 * 1_000_000_000  // over an hour
        default: break
        }
        let nameForm = next(10)
        rows.append(Row(start: start, duration: duration, kind: 0, view: view, system: system, thread: thread, process: process,
                        viewName: nameForm < 7 ? 0 : nameForm - 6))
        guard depth < 3, length > 4000, duration == length else { return }
        let children = next(4)
        guard children > 0 else { return }
        // NB: children inside the parent; the last may end exactly where the parent ends, and a
        // sibling may start exactly where the previous one ended.
        var cursor = start + UInt64(next(Int(length / 8) + 1))
        let slot = length / UInt64(children + 1)
        for index in 0..<children {
            let childLength = max(1, slot - UInt64(next(Int(slot / 2) + 1)))
            let childEnd = min(cursor + childLength, start + length)
            guard childEnd > cursor else { break }
            let lastToEnd = index == children - 1 && next(4) == 0
            makeBody(start: cursor, length: lastToEnd ? start + length - cursor : childEnd - cursor, depth: depth + 1,
                     thread: thread, process: process, into: &rows)
            cursor = childEnd + (next(3) == 0 ? 0 : UInt64(next(2000)))
            if cursor >= start + length { break }
        }
    }

    private static let groupLabels = [
        "Transaction", "Transaction for onChange", "Transaction for unknown action", "(RootDisplayList DisplayList)",
        "(DynamicContainerInfo DynamicContainer.Info)", "(ShapeStyleResolver AnyShapeStyle)",
    ]

    /// Writes the update groups and hitches of the bodies written (a document of its own: its ids
    /// start again); returns its bytes.
    private mutating func writeGroupsAndHitches(to path: String) -> Int {
        (interned, nextID) = ([:], 1)
        emit("<?xml version=\"1.0\"?>\n<trace-query-result>\n<node xpath='//trace-toc[1]/run[2]/data[1]/table[5]'>")
        schema("swiftui-update-groups", [("start", "start-time"), ("duration", "duration"), ("label", "string"),
                                         ("cause-backtrace", "backtrace"), ("backtrace", "backtrace"), ("process", "process"), ("thread", "thread")])
        for group in groups {
            emit("<row><start-time>\(group.start)</start-time><duration>\(group.length)</duration>")
            scalar("string", Self.groupLabels[next(Self.groupLabels.count)])
            emit("<sentinel/><sentinel/>")
            process(group.process)
            thread(group.thread, process: group.process)
            emit("</row>\n")
        }
        emit("</node>\n<node xpath='//trace-toc[1]/run[2]/data[1]/table[6]'>")
        schema("hitches", [("start", "start-time"), ("duration", "duration"), ("process", "process"), ("is-system", "boolean"),
                           ("narrative-description", "string")])
        for (index, group) in groups.enumerated() where index % 25 == 0 {
            emit("<row><start-time>\(group.start)</start-time><duration>\(UInt64(1 + next(3)) * 8_333_333)</duration>")
            process(group.process)
            emit("<boolean>\(index % 125 == 0 ? 1 : 0)</boolean>")
            scalar("string", next(2) == 0 ? "Potentially expensive app update(s)" : "")
            emit("</row>\n")
        }
        emit("</node>\n</trace-query-result>\n")
        let file = fopen(path, "w")!
        defer { fclose(file) }
        _ = out.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
        defer { out.removeAll() }
        return out.count
    }

    /// A `<schema>` block of `columns` (mnemonic, engineering type).
    private mutating func schema(_ name: String, _ columns: [(String, String)]) {
        emit("<schema name=\"\(name)\">")
        for (mnemonic, type) in columns {
            emit("<col><mnemonic>\(mnemonic)</mnemonic><name>\(mnemonic)</name><engineering-type>\(type)</engineering-type></col>")
        }
        emit("</schema>\n")
    }

    private static let columns = [
        ("start", "start-time"), ("duration", "duration"), ("id", "uint32"), ("update-type", "swiftui-update"),
        ("allocations", "event-count"), ("description", "string"), ("category", "string"), ("view-hierarchy", "view-hierarchy"),
        ("module", "string"), ("view-name", "string"), ("process", "process"), ("thread", "thread"),
        ("root-causes", "description-set"), ("severity", "event-concept"), ("downstream-cost", "duration"),
        ("downstream-events", "cause-set"), ("cause-graph-node", "typed-array"), ("full-cause-graph-node", "typed-array"),
    ]

    private mutating func emitRow(_ row: Row) {
        emit("<row>")
        let startID = newID()
        emit("<start-time id=\"\(startID)\" fmt=\"\(Self.clock(row.start))\">\(row.start)</start-time>")
        let durationID = newID()
        emit("<duration id=\"\(durationID)\" fmt=\"\(Double(row.duration / 10) / 100) µs\">\(row.duration)</duration>")
        rowID += 1
        emit("<uint32 id=\"\(newID())\" fmt=\"\(rowID)\">\(rowID)</uint32>")
        scalar("swiftui-update", ["View Body Updates", "Representable Updates", "Other Updates"][row.kind])
        scalar("event-count", String(next(4)))
        let description: String?
        switch row.kind {
        case 0: description = row.viewName == 1 && next(3) == 0 ? nil : next(20) == 0 ? row.view : row.view + ".body"
        case 1: description = "PlatformViewRepresentableAdaptor.update"
        default: description = row.view
        }
        if let description { scalar("string", description) } else { emit("<sentinel/>") }
        scalar("string", next(30) == 0 ? "Creation" : "Update")
        hierarchy(row)
        scalar("string", row.kind != 0 || row.system ? (next(2) == 0 ? "SwiftUI" : "SwiftUICore") : row.process == 1 ? "OtherApp" : "MyApp")
        switch row.kind == 0 ? row.viewName : 1 {
        case 0: scalar("string", row.view)
        case 2: scalar("string", "[unknown view: created before tracing started?]")
        case 3: scalar("string", "")
        default: emit("<sentinel/>")
        }
        process(row.process)
        thread(row.thread, process: row.process)
        emit(next(10) == 0 ? "<description-set id=\"\(newID())\" fmt=\"@State: counter\"><uint64 id=\"\(newID())\">\(rowID - 1)</uint64></description-set>" : "<sentinel/>")
        scalar("event-concept", Self.severities[next(Self.severities.count)])
        emit(next(2) == 0 ? "<duration ref=\"\(durationID)\"/>" : "<sentinel/>")
        emit(next(6) == 0 ? "<cause-set id=\"\(newID())\" fmt=\"1 events\"><uint64 id=\"\(newID())\">\(rowID + 1)</uint64></cause-set>" : "<sentinel/>")
        let label = (description ?? "n/a")
        let nodeKey = "typed-array\u{0}" + label
        if let id = interned[nodeKey] {
            emit("<typed-array ref=\"\(id)\"/><typed-array ref=\"\(id)\"/>")
        } else {
            let id = newID()
            interned[nodeKey] = id
            emit("<typed-array id=\"\(id)\" fmt=\"\(Self.escaped(label)), blue, square, n/a\">")
            if description != nil { scalar("string", label) } else { emit("<sentinel/>") }
            scalar("string", "blue")
            scalar("string", "square")
            emit("<sentinel/></typed-array><typed-array ref=\"\(id)\"/>")
        }
        emit("</row>\n")
    }

    private mutating func newID() -> Int {
        defer { nextID += 1 }
        return nextID
    }

    /// `<tag id="N" fmt="text">text</tag>` the first time, `<tag ref="N"/>` after.
    private mutating func scalar(_ tag: String, _ text: String) {
        let key = tag + "\u{0}" + text
        if let id = interned[key] {
            emit("<\(tag) ref=\"\(id)\"/>")
        } else {
            let id = newID()
            interned[key] = id
            let escaped = Self.escaped(text)
            emit("<\(tag) id=\"\(id)\" fmt=\"\(escaped)\">\(escaped)</\(tag)>")
        }
    }

    private mutating func process(_ process: Int) {
        let (name, pid) = process == 0 ? ("MyApp", 1001) : ("OtherApp", 2002)
        let key = "process\u{0}\(pid)"
        if let id = interned[key] { return emit("<process ref=\"\(id)\"/>") }
        let id = newID()
        interned[key] = id
        emit("<process id=\"\(id)\" fmt=\"\(name) (\(pid))\"><pid id=\"\(newID())\" fmt=\"\(pid)\">\(pid)</pid>")
        scalar("device-session", "session-1")
        emit("</process>")
    }

    private mutating func thread(_ thread: Int, process: Int) {
        let key = "thread\u{0}\(thread)"
        if let id = interned[key] { return emit("<thread ref=\"\(id)\"/>") }
        let id = newID()
        interned[key] = id
        let tid = 2_003_968 + thread * 4099
        let (name, pid) = process == 0 ? ("MyApp", 1001) : ("OtherApp", 2002)
        emit("<thread id=\"\(id)\" fmt=\"\(thread == 0 ? "Main Thread " : "")0x\(String(tid, radix: 16)) (\(name), pid: \(pid))\">")
        emit("<tid id=\"\(newID())\" fmt=\"0x\(String(tid, radix: 16))\">\(tid)</tid>")
        self.process(process)
        emit("</thread>")
    }

    /// The view's ancestor chain: interned per view; a few are very long.
    private mutating func hierarchy(_ row: Row) {
        let variant = next(50) == 0 ? next(1000) : 0
        let key = "view-hierarchy\u{0}\(row.view)\u{0}\(variant)"
        if let id = interned[key] { return emit("<view-hierarchy ref=\"\(id)\"/>") }
        let id = newID()
        interned[key] = id
        let depth = next(200) == 0 ? 1800 : 3 + next(12)
        var chain = row.view
        for level in 0..<depth { chain += " ← " + Self.userViews[(level * 7 + variant) % Self.userViews.count] + "<Int>" }
        if row.kind == 2 { chain += "\u{02}" }
        emit("<view-hierarchy id=\"\(id)\" fmt=\"\(Self.escaped(chain))\">")
        process(row.process)
        for level in 0..<min(depth, 4) {
            emit("<identified-view id=\"\(newID())\" fmt=\"\(Self.escaped(Self.userViews[level]))\">")
            scalar("string", Self.userViews[level])
            emit("<uint64 id=\"\(newID())\">\(next(1 << 30))</uint64><address id=\"\(newID())\" fmt=\"0x\(String(next(1 << 30), radix: 16))\">\(next(1 << 30))</address></identified-view>")
        }
        emit("</view-hierarchy>")
    }

    // MARK: - Text

    private mutating func emit(_ text: String) {
        out.append(contentsOf: text.utf8)
    }

    private static func escaped(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == UInt8(ascii: "&") || $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: ">") || $0 == UInt8(ascii: "\"") })
        else { return text }
        var result = ""
        for character in text.unicodeScalars {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            default: result.unicodeScalars.append(character)
            }
        }
        return result
    }

    /// `00:01.234.567`.
    private static func clock(_ nanoseconds: UInt64) -> String {
        let micros = nanoseconds / 1000
        let seconds = micros / 1_000_000
        func pad(_ value: UInt64, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        return "\(pad(seconds / 60, 2)):\(pad(seconds % 60, 2)).\(pad(micros / 1000 % 1000, 3)).\(pad(micros % 1000, 3))"
    }

    private static func writeTOC(to path: String, runSeconds: Double) {
        let toc = """
            <?xml version="1.0"?>
            <trace-toc>
              <run number="1">
                <info>
                  <target><device platform="iOS" model="iPhone 15 Pro" name="Test iPhone" os-version="26.1 (23B85)"/><process type="launched" name="MyApp" pid="999"/></target>
                  <summary><start-date>2026-05-01T10:00:00.000+02:00</start-date><end-date>2026-05-01T10:00:05.000+02:00</end-date><duration>5.0</duration><end-reason>Target app exited</end-reason><instruments-version>26.0 (17A324)</instruments-version><template-name>SwiftUI</template-name></summary>
                </info>
                <processes><process pid="999" name="MyApp" path="/private/var/MyApp.app/MyApp"/></processes>
                <data><table schema="swiftui-updates"/><table schema="hitches"/></data>
              </run>
              <run number="2">
                <info>
                  <target><device platform="iOS" model="iPhone 15 Pro" name="Test iPhone" os-version="26.1 (23B85)"/><process type="launched" name="MyApp" pid="1001"/></target>
                  <summary><start-date>2026-05-01T10:01:00.000+02:00</start-date><end-date>2026-05-01T10:02:00.000+02:00</end-date><duration>\(runSeconds)</duration><end-reason>Time limit reached</end-reason><instruments-version>26.0 (17A324)</instruments-version><template-name>SwiftUI</template-name></summary>
                </info>
                <processes><process pid="1001" name="MyApp" path="/private/var/MyApp.app/MyApp"/><process pid="2002" name="OtherApp"/></processes>
                <data><table schema="swiftui-updates"/><table schema="SwiftUIFilteredUpdates" swift-table="…including: nil…"/><table schema="swiftui-update-groups"/><table schema="hitches"/></data>
              </run>
            </trace-toc>

            """
        let file = fopen(path, "w")!
        fputs(toc, file)
        fclose(file)
    }
}
