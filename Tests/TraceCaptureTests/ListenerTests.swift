#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Testing
import TraceCapture
import TracerCore
import TracerTestSupport

@Suite("TCP listener", .temporaryDirectory)
struct ListenerTests {
    @Test("two clients sending at the same time: every event of both arrives, tagged with its connection")
    func concurrentClientsArrive() throws {
        let running = try RunningListener()
        var environment = ProcessInfo.processInfo.environment
        environment[TraceRecorder.outputVariable] = running.listener.clientOutputValue
        func startClient() throws -> (process: Process, errors: Pipe) {
            let process = Process(), errors = Pipe()
            process.executableURL = URL(fileURLWithPath: Example.path)
            process.arguments = ["--forever", "--rate", "500"]
            process.environment = environment
            process.standardError = errors
            try process.run()
            return (process, errors)
        }
        /// The `conn` of every event written so far, in output order (connection headers left out).
        func connectionsSoFar() -> [Int] {
            let text = (try? String(contentsOfFile: running.path, encoding: .utf8)) ?? ""
            return text.split(separator: "\n").compactMap { line in
                guard !line.contains("\"kind\":\"\(EventKind.connection.name)\""), let key = line.range(of: "\"conn\":") else { return nil }
                return Int(line[key.upperBound...].prefix { $0.isNumber })
            }
        }

        var clients: [Process] = []
        // NB: a client left running would hold the test runner's output open forever.
        defer { for client in clients where client.isRunning { kill(client.processIdentifier, SIGKILL) } }
        let first = try startClient()
        clients.append(first.process)
        #expect(eventually { connectionsSoFar().contains(1) })
        let second = try startClient()
        clients.append(second.process)
        // NB: both record until they are stopped, so they overlap by construction; the first one's
        // events arriving after the second one's first events show it in the trace as well.
        // NB: generous deadlines: under ThreadSanitizer on a loaded machine the clients and the
        // listener run many times slower; a deadline met only ends the wait early.
        #expect(eventually(within: 120) {
            let connections = connectionsSoFar()
            return connections.firstIndex(of: 2).map { connections[$0...].contains(1) } ?? false
        })
        var recorded: [Int] = []
        for client in [first, second] {
            kill(client.process.processIdentifier, SIGTERM)
            #expect(eventually(within: 60) { !client.process.isRunning })
            if client.process.isRunning { kill(client.process.processIdentifier, SIGKILL) }
            client.process.waitUntilExit()
            #expect(client.process.terminationReason == .exit && client.process.terminationStatus == 0)
            let message = String(decoding: client.errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            let count = message.firstRange(of: "stopped after ").flatMap { Int(message[$0.upperBound...].prefix { $0.isNumber }) }
            recorded.append(try #require(count, "\(message)"))
        }
        #expect(eventually(within: 120) { running.log.filter { $0.hasSuffix("closed") }.count == 2 })
        let summary = try running.stop()
        #expect(summary.connections == 2, "\(running.log)")
        #expect(recorded.allSatisfy { $0 > 0 })
        #expect(summary.events == recorded[0] + recorded[1])
        #expect(summary.eventsByKind["write"] == (recorded[0] + recorded[1]) / 4)
        #expect(summary.droppedEvents == 0)
        let connections = connectionsSoFar()
        #expect(connections.filter { $0 == 1 }.count == recorded[0])
        #expect(connections.filter { $0 == 2 }.count == recorded[1])

        let lines = traceLines(running.path).compactMap { $0 }
        #expect(lines.first?["kind"] as? String == "meta")
        let received = lines.dropFirst()
        let seqs = received.compactMap { $0["seq"] as? Int }
        #expect(seqs == Array(1...received.count))
        var connectionOf: [Int: Int] = [:]
        for event in received {
            let seq = event["seq"] as! Int, conn = event["conn"] as! Int
            connectionOf[seq] = conn
            if let cause = event["cause"] as? Int { #expect(connectionOf[cause] == conn) }
        }
        #expect(Set(received.compactMap { $0["conn"] as? Int }) == [1, 2])
        #expect(received.filter { $0["kind"] as? String == EventKind.connection.name }.count == 2)
        #expect(contractErrors(running.path).isEmpty)
    }

    @Test("recorders in this process with a TCP sink deliver every event")
    func recordersWithTCPSinkDeliver() throws {
        let running = try RunningListener()
        let perRecorder = 10_000
        let recorders = try (0..<2).map { index in
            TraceRecorder(sink: try TCPSink(host: "127.0.0.1", port: running.port), metadata: TraceMetadata(scenario: "client-\(index)"))
        }
        DispatchQueue.concurrentPerform(iterations: recorders.count) { index in
            for _ in 0..<perRecorder { recorders[index].mark("tick") }
        }
        for recorder in recorders { recorder.close() }
        #expect(eventually { running.log.filter { $0.hasSuffix("closed") }.count == 2 })
        let summary = try running.stop()
        #expect(summary.events == 2 * perRecorder)
        #expect(summary.eventsByKind["mark"] == 2 * perRecorder)
        let scenarios = traceLines(running.path).compactMap { $0?["scenario"] as? String }
        #expect(Set(scenarios) == ["client-0", "client-1"])
        #expect(contractErrors(running.path).isEmpty)
    }

    @Test("a client disconnecting mid-line loses only that line, counted")
    func partialLineAtDisconnectIsDropped() throws {
        let running = try RunningListener()
        let client = RawClient(port: running.port)
        client.send("{\"kind\":\"meta\",\"schema\":\"tracer/1\",\"pid\":1}\n{\"seq\":1,\"ts\":10,\"kind\":\"mark\",\"name\":\"whole\"}\n{\"seq\":2,\"ts\":")
        client.close()
        #expect(eventually { running.log.contains { $0.contains("mid-line") } })
        let summary = try running.stop()
        #expect(summary.cutOffLines == 1)
        #expect(summary.events == 1)
        let lines = traceLines(running.path)
        #expect(lines.count == 3)
        #expect(lines.last??["name"] as? String == "whole")
        #expect(contractErrors(running.path).isEmpty)
    }

    @Test("a line whose seq, ts or dur is over 2^63 − 1 is dropped, counted, and its place named; what is written is read")
    func numbersBeyondInt64AreDropped() throws {
        let running = try RunningListener()
        let client = RawClient(port: running.port)
        client.send("""
            {"kind":"meta","schema":"tracer/1","pid":1}
            {"seq":1,"ts":18446744073709551615,"kind":"mark","name":"ts"}
            {"seq":9223372036854775808,"ts":2,"kind":"mark","name":"seq"}
            {"seq":3,"ts":3,"tid":1,"tx":1,"kind":"body-eval","view":"V","reason":"state","dur":99999999999999999999}
            {"seq":4,"ts":9223372036854775807,"kind":"mark","name":"kept"}

            """)
        client.close()
        #expect(eventually { running.log.contains { $0.hasSuffix("closed") } })
        let summary = try running.stop()
        #expect(summary.beyondInt64Lines == 3 && summary.events == 1, "\(summary)")
        #expect(summary.firstBeyondInt64 == #"connection 1, line 2, column 15 ("ts")"#)
        #expect(summary.rendered(destination: "t").contains("3 lines with a seq, ts or dur over 2^63 − 1"))
        #expect(traceLines(running.path).compactMap { $0?["name"] as? String } == ["kept"])
        #expect(contractErrors(running.path).isEmpty)
    }

    @Test("a line over 1 MiB closes only its own connection, its newline sent or not", arguments: [
        ((1 << 20) + 100, true), ((1 << 20) + 10, false),
    ])
    func overlongLineClosesItsConnection(length: Int, terminated: Bool) throws {
        let running = try RunningListener()
        let good = RawClient(port: running.port)
        good.send("{\"seq\":1,\"ts\":1,\"kind\":\"mark\",\"name\":\"before\"}\n")
        let bad = RawClient(port: running.port)
        // NB: sent at once, so that the newline mostly comes in the read that passes the limit.
        let long = markLine(seq: 1, name: "long", length: length)
        bad.send(terminated ? long + "\n" + markLine(seq: 2, name: "after-long", length: 60) + "\n" : long)
        #expect(bad.closedByPeer(within: 20))
        #expect(good.send("{\"seq\":2,\"ts\":2,\"kind\":\"mark\",\"name\":\"after\"}\n"))
        good.close()
        bad.close()
        #expect(eventually { running.log.filter { $0.hasSuffix("closed") }.count == 2 })
        let summary = try running.stop()
        #expect(summary.overlongLines == 1)
        #expect(summary.cutOffLines == 0)
        #expect(running.log.contains { $0.hasPrefix("connection 2 ") && $0.hasSuffix("longer than the 1048576-byte line limit; dropping the connection") })
        let names = traceLines(running.path).compactMap { $0?["name"] as? String }
        #expect(names == ["before", "after"])
    }

    @Test("lines without seq or ts get them, and causes follow renumbering")
    func linesAreRenumbered() throws {
        let running = try RunningListener()
        let first = RawClient(port: running.port)
        first.send("{\"seq\":7,\"ts\":100,\"tx\":1,\"kind\":\"write\",\"view\":\"A\",\"prop\":\"p\",\"wrapper\":\"State\",\"changed\":true}\n")
        #expect(eventually { running.log.contains { $0.contains("connection 1") } })
        let second = RawClient(port: running.port)
        second.send("{\"seq\":1,\"ts\":5,\"kind\":\"mark\",\"name\":\"m\"}\n")
        second.close()
        #expect(eventually { running.log.contains { $0.hasPrefix("connection 2") && $0.hasSuffix("closed") } })
        first.send("{\"seq\":8,\"ts\":120,\"tx\":1,\"kind\":\"invalidate\",\"view\":\"A\",\"cause\":7}\n{\"kind\":\"dropped\",\"count\":3}\n")
        first.close()
        #expect(eventually { running.log.filter { $0.hasSuffix("closed") }.count == 2 })
        let summary = try running.stop()
        #expect(summary.droppedEvents == 3)
        let lines = traceLines(running.path).dropFirst().compactMap { $0 }
        let byKind = Dictionary(lines.map { ($0["kind"] as! String, $0) }, uniquingKeysWith: { a, _ in a })
        let write = try #require(byKind["write"]), invalidate = try #require(byKind["invalidate"]), dropped = try #require(byKind["dropped"])
        #expect(invalidate["cause"] as? Int == write["seq"] as? Int)
        #expect(dropped["ts"] as? Int == 120)
        #expect(dropped["conn"] as? Int == 1)
        #expect(lines.map { $0["seq"] as! Int } == Array(1...lines.count))
        #expect(contractErrors(running.path).isEmpty)
    }

    @Test("clients are told an address they can connect to; for a wildcard bind, one of this machine's", arguments: [
        ("127.0.0.1", false), ("0.0.0.0", true), ("::", true),
    ])
    func clientValueIsUsable(host: String, wildcard: Bool) throws {
        let running = try RunningListener(host: host, allowRemote: true)
        let value = running.listener.clientOutputValue
        if wildcard {
            #expect(!value.contains("0.0.0.0") && !value.contains("[::]"), "\(value)")
            #expect(value.hasPrefix("tcp://") && value.hasSuffix(":\(running.port)"), "\(value)")
            #expect(running.listener.clientNote?.hasPrefix("\(host) listens on every interface") == true)
        } else {
            #expect(value == "tcp://127.0.0.1:\(running.port)")
            #expect(running.listener.clientNote == nil)
        }
        let recorder = TraceRecorder(sink: try TraceRecorder.sink(for: value))
        for _ in 0..<10 { recorder.mark("reached") }
        recorder.close()
        #expect(eventually { running.log.contains { $0.hasSuffix("closed") } })
        let summary = try running.stop()
        #expect(summary.eventsByKind["mark"] == 10)
    }

    @Test("a non-loopback address needs allowRemote")
    func remoteAddressIsRefused() throws {
        let output = try CaptureOutput(path: temporaryPath("trace.jsonl"))
        #expect {
            try TraceListener(address: ListenAddress(host: "0.0.0.0", port: 0), allowRemote: false, output: output)
        } throws: { error in
            (error as? CaptureError)?.isUsage == true && (error as? CaptureError)?.message.contains("--allow-remote") == true
        }
        let allowed = try TraceListener(address: ListenAddress(host: "0.0.0.0", port: 0), allowRemote: true, output: output)
        #expect(allowed.address.port != 0)
    }

    @Test("listen addresses parse", arguments: [
        ("7420", ListenAddress(host: "127.0.0.1", port: 7420)),
        ("127.0.0.1:0", ListenAddress(host: "127.0.0.1", port: 0)),
        ("[::1]:9000", ListenAddress(host: "::1", port: 9000)),
        ("localhost:80", ListenAddress(host: "localhost", port: 80)),
    ])
    func addressesParse(text: String, expected: ListenAddress) throws {
        #expect(try ListenAddress(parsing: text) == expected)
    }

    @Test("bad listen addresses are usage errors", arguments: ["", "host:", ":80", "127.0.0.1:70000", "x:y"])
    func badAddressesFail(text: String) {
        #expect { try ListenAddress(parsing: text) } throws: { ($0 as? CaptureError)?.isUsage == true }
    }
}
