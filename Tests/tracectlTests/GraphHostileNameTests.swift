import Foundation
import Testing
import TracerTestSupport

/// Names from a trace that would break a picture's syntax if written as they are.
@Suite("cause graphs of hostile names: every format escapes them", .temporaryDirectory)
struct GraphHostileNameTests {
    static let screen = #"Screen<"x">"#
    static let row = "Row[1]/%%x-->y"
    static let label = "<b>bold</b> | a\nb `c` #quot; &amp; \\ [br] (p) {q}"
    static let prop = #"off"set<%%>"#
    /// `label` as a node: its `[id]` written `[*]`.
    static let collapsedLabel = label.replacingOccurrences(of: "[br]", with: "[*]")

    /// A base and a variant trace whose views and property hold quotes, brackets, `-->`, `%%`,
    /// HTML, a line break, `|`, `#`, `&`, a backtick and a backslash; the variant adds an edge.
    private func traces() throws -> String {
        let directory = temporaryDirectory()
        func line(_ fields: [String: Any]) throws -> String {
            String(decoding: try JSONSerialization.data(withJSONObject: fields, options: [.sortedKeys]), as: UTF8.self)
        }
        for (name, extra) in [("base", false), ("variant", true)] {
            var lines = [try line(["kind": "meta", "schema": "tracer/1", "scenario": "hostile", "variant": name, "unit": "ns"])]
            var seq = 0
            for tx in 1...3 {
                let write = seq + 1, invalidate = seq + 2, owner = seq + 3
                lines.append(try line(["seq": write, "tx": tx, "kind": "write", "view": Self.screen, "prop": Self.prop, "wrapper": "State", "changed": true, "site": "A<b>.swift:1"]))
                lines.append(try line(["seq": invalidate, "tx": tx, "kind": "invalidate", "view": Self.screen, "cause": write]))
                lines.append(try line(["seq": owner, "tx": tx, "kind": "body-eval", "view": Self.screen, "cause": invalidate, "reason": "state", "dur": 1000, "changed": 1]))
                lines.append(try line(["seq": owner + 1, "tx": tx, "kind": "body-eval", "view": "\(Self.screen)/\(Self.row)", "cause": owner, "reason": "inputs-changed", "dur": 500, "changed": 1]))
                seq = owner + 1
                if extra {
                    lines.append(try line(["seq": seq + 1, "tx": tx, "kind": "skip", "view": "\(Self.screen)/\(Self.label)", "cause": owner, "reason": "inputs-equal"]))
                    seq += 1
                }
            }
            try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: "\(directory)/\(name).jsonl"))
        }
        return directory
    }

    private func run(_ arguments: [String], in directory: String) throws -> String {
        let run = try TracectlProcess.run(arguments, currentDirectory: directory)
        #expect(run.status == 0, "tracectl \(arguments.joined(separator: " ")): \(run.stderr)")
        return run.stdout
    }

    /// Mermaid lines: the header, quoted node labels, quoted edge labels and notes, with no `"`,
    /// `<`, `>`, `%` or `|` inside a label (entities instead; a source's label breaks its line with
    /// `<br>`) and nothing else on a line.
    static let mermaidLine = #"""
        ^(flowchart LR|    n\d+\(\["([^"<>%|\n]|<br>)*"\]\)|    n\d+\["[^"<>%|\n]*"\]|    n\d+ (-->|==>|-\.->)\|"[^"<>%|\n]*"\| n\d+|    note\d+\[/"[^"<>%|\n]*"/\])$
        """#.trimmingCharacters(in: .whitespacesAndNewlines)
    /// DOT lines: every label a quoted string whose `"` and `\` are escaped.
    static let dotLine = #"""
        ^(digraph causes \{|    rankdir=LR;|    node \[.*\];|    edge \[.*\];|    n\d+ \[label="([^"\\\n]|\\.)*"(, shape=ellipse)?\];|    n\d+ -> n\d+ \[label="([^"\\\n]|\\.)*", penwidth=[0-9.]+(, [a-z]+="?[#a-z0-9]+"?)*\];|    note\d+ \[shape=note, label="([^"\\\n]|\\.)*"\];|\})$
        """#.trimmingCharacters(in: .whitespacesAndNewlines)

    // NB: Swift's Regex, not NSRegularExpression: a static Foundation regex is reported as a
    // leak of libFoundation's under AddressSanitizer's leak check.
    private func expectLines(_ text: String, match pattern: String, _ what: String) throws {
        let regex = try Regex(pattern)
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
            #expect(line.wholeMatch(of: regex) != nil, "\(what) line breaks the syntax: \(line)")
        }
    }

    @Test("mermaid and DOT: every line keeps the syntax, and the pictures match their goldens (rendered by scripts/check-graphs.sh)")
    func pictures() throws {
        let directory = try traces()
        for (arguments, golden) in [
            (["graph", "variant.jsonl", "--format", "mermaid"], "graph/hostile.mmd"),
            (["graph", "variant.jsonl", "--format", "dot"], "graph/hostile.dot"),
            (["diff", "base.jsonl", "variant.jsonl", "--format", "mermaid"], "diff/hostile.mmd"),
            (["diff", "base.jsonl", "variant.jsonl", "--format", "dot"], "diff/hostile.dot"),
        ] {
            let output = try run(arguments, in: directory)
            try expectLines(output, match: golden.hasSuffix(".mmd") ? Self.mermaidLine : Self.dotLine, golden)
            Golden.check(output, named: golden)
        }
    }

    @Test("JSON: the names come back exactly as the trace wrote them")
    func json() throws {
        let directory = try traces()
        let graph = try run(["graph", "variant.jsonl", "--format", "json"], in: directory)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(graph.utf8)) as? [String: Any])
        let names = Set((document["nodes"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String })
        #expect(names == ["\(Self.screen).\(Self.prop)", Self.screen, "\(Self.screen)/Row[*]/%%x-->y", "\(Self.screen)/\(Self.collapsedLabel)"])
        let diff = try run(["diff", "base.jsonl", "variant.jsonl", "--format", "json"], in: directory)
        let edges = try #require((try JSONSerialization.jsonObject(with: Data(diff.utf8)) as? [String: Any])?["edges"] as? [String: Any])
        #expect((edges["list"] as? [[String: Any]])?.first?["to"] as? String == "\(Self.screen)/\(Self.collapsedLabel)")
    }

    @Test("text, Markdown and HTML: no line break, table cell break or tag comes from a name")
    func textMarkdownHTML() throws {
        let directory = try traces()
        let text = try run(["graph", "variant.jsonl"], in: directory)
        #expect(text.split(separator: "\n").count == 3 + 3)
        #expect(text.contains(#"a\u{A}b"#))
        let diffText = try run(["diff", "base.jsonl", "variant.jsonl"], in: directory)
        #expect(!diffText.contains("a\nb"))
        let markdown = try run(["diff", "base.jsonl", "variant.jsonl", "--format", "markdown"], in: directory)
        let edgeRows = markdown.components(separatedBy: "### Cause graph")[1].split(separator: "\n").filter { $0.hasPrefix("| ") }
        #expect(edgeRows.count == 3)  // NB: the header, its separator and the new edge.
        #expect(edgeRows.allSatisfy { $0.components(separatedBy: " | ").count == 7 })
        #expect(!markdown.contains("<b>"))
        let html = try run(["diff", "base.jsonl", "variant.jsonl", "--format", "html"], in: directory)
        #expect(!html.contains("<b>bold"))
        #expect(html.contains("&lt;b&gt;bold&lt;/b&gt;"))
    }
}
