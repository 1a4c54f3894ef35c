#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import TraceImport
import XctraceSynthetic

/// `tracer-bench import-xctrace [--megabytes N] [--keep DIR] [--no-peer] [--tracectl PATH] [--peer PATH]`:
/// generates a synthetic `xctrace export` (a TOC, a `swiftui-updates` table of about N MB,
/// default 1,000, and its update groups and hitches) into a temporary directory (removed afterwards; `--keep DIR` writes it there and
/// keeps it), then measures, each in a process of its own: the XML reader alone (this executable,
/// reading the columns the import reads), the full `tracectl import DIR --from xctrace -o /dev/null`,
/// and the Python peer (`Fixtures/Peers/xctrace_iterparse.py`). Wall time, CPU time (user and
/// system), MB per CPU-second and peak RSS come from `wait4`; the ratio is the peer's wall time
/// over the import's.
enum XctraceImportBenchmark {
    static func run(_ arguments: [String]) -> [BenchFigure] {
        if let index = arguments.firstIndex(of: "--read") {
            readOnly(Array(arguments[(index + 1)...]))
            exit(0)
        }
        let megabytes = option("--megabytes", in: arguments, default: 1_000)
        let kept = textOption("--keep", in: arguments)
        let directory = kept ?? String(cString: mkdtemp(strdup(NSTemporaryDirectory() + "tracer-bench-xctrace-XXXXXX"))!)
        if let kept { try? FileManager.default.createDirectory(atPath: kept, withIntermediateDirectories: true) }
        defer { if kept == nil { try? FileManager.default.removeItem(atPath: directory) } }
        let files = SyntheticExport.write(directory: directory, megabytes: Double(megabytes))
        let mb = Double(files.bytes) / 1e6
        let note = "\(Int(mb)) MB swiftui-updates, \(files.rows) rows"
        let allMB = Double(files.allBytes) / 1e6
        // NB: one untimed pass first, so every timed run reads from the page cache.
        _ = ParseBenchmark.lineCount(files.updates)
        var figures: [BenchFigure] = []
        let bench = MeasuredChild.sibling("tracer-bench")
        let reader = MeasuredChild.run([bench, "import-xctrace", "--read", files.toc, files.updates])
        figures += reader.figures("xctrace.read", megabytes: mb, note: "the XML reader alone; " + note)
        let tracectl = textOption("--tracectl", in: arguments) ?? MeasuredChild.sibling("tracectl")
        let imported = MeasuredChild.run([tracectl, "import", directory, "--from", "xctrace", "-o", "/dev/null"])
        if imported.status == 0 {
            figures += imported.figures("xctrace.import", megabytes: allMB, note: "tracectl import --from xctrace -o /dev/null; \(Int(allMB)) MB in all")
        } else {
            print("tracectl import failed (status \(imported.status)): \(imported.errors.prefix(300))")
        }
        guard !arguments.contains("--no-peer") else { return figures }
        let peer = textOption("--peer", in: arguments) ?? "Fixtures/Peers/xctrace_iterparse.py"
        let python = MeasuredChild.run(["/usr/bin/env", "python3", peer, files.toc, files.updates])
        figures += python.figures("xctrace.peer", megabytes: mb, note: "python3 xctrace_iterparse.py")
        let base = imported.status == 0 ? imported : reader
        figures.append(BenchFigure(name: "xctrace.wall_ratio", value: python.wall / base.wall, unit: "×",
                                   note: "peer wall time / \(imported.status == 0 ? "import" : "reader") wall time"))
        return figures
    }

    /// Reads the tables as the import does (the columns it needs, each row's values looked at)
    /// and prints the rows and a checksum.
    private static func readOnly(_ paths: [String]) {
        let request = XctraceRequest(values: ["swiftui-updates": UpdatesColumns.request])
        var rows = 0
        var checksum: UInt64 = 0
        var ids = 0
        var tableBytes = 0
        for path in paths where XctraceDocumentKind.detect(path: path) == .tables {
            do {
                var reader = try XctraceTableReader(path: path, request: request)
                var columns: UpdatesColumns?
                while let event = try reader.next() {
                    if event == .table { columns = reader.table.flatMap { $0.schema == "swiftui-updates" ? UpdatesColumns($0) : nil } }
                    guard event == .row, let c = columns else { continue }
                    rows += 1
                    checksum &+= (reader[c.start].integer ?? 0) &+ (reader[c.duration].integer ?? 0) &+ (reader[c.id].integer ?? 0)
                    checksum &+= UInt64(reader.stringIndex(reader[c.updateType]) ?? 0) &+ UInt64(reader.stringIndex(reader[c.description]) ?? 0)
                    checksum &+= UInt64(reader.stringIndex(reader[c.module]) ?? 0) &+ UInt64(reader.stringIndex(reader[c.viewName]) ?? 0)
                    checksum &+= (reader.process(reader[c.process]).pid ?? 0) &+ (reader.thread(reader[c.thread]).tid ?? 0)
                }
                ids += reader.summary.definedIDs
                tableBytes += reader.summary.tableBytes
            } catch {
                print("error: \(error)")
                exit(2)
            }
        }
        print("rows \(rows) checksum \(checksum) ids \(ids) id-and-string-table-bytes \(tableBytes)")
    }
}

/// The `swiftui-updates` columns the benchmark's reader reads (those the import reads), by name.
private struct UpdatesColumns {
    static let request = ["start", "duration", "update-type", "description", "module", "view-name", "process", "thread", "id"]
    let start, duration, updateType, description, module, viewName, process, thread, id: XctraceColumnSlot

    /// The columns of `table`, which was asked for `request`.
    init(_ table: XctraceTable) {
        let column = { (mnemonic: String) in table.column(mnemonic)! }
        (start, duration, updateType, description) = (column("start"), column("duration"), column("update-type"), column("description"))
        (module, viewName, process, thread, id) = (column("module"), column("view-name"), column("process"), column("thread"), column("id"))
    }
}
