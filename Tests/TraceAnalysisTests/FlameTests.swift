import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
@testable import TraceAnalysis
import TracerTestSupport
import TraceSupport

@Suite(.temporaryDirectory) struct FlameTests {
    @Test func treeTotalsAreSelfPlusChildren() {
        let tree = FlameTree(samples: [
            FlameSample(frames: ["Root"], weight: 2),
            FlameSample(frames: ["Root", "B"], weight: 3),
            FlameSample(frames: ["Root", "A", "Leaf"], weight: 5),
            FlameSample(frames: ["Other"], weight: 1),
        ])
        #expect(tree.root.total == 11)
        #expect(tree.root.children.map(\.name) == ["Other", "Root"])
        let root = tree.root.children[1]
        #expect(root.selfWeight == 2)
        #expect(root.total == 10)
        #expect(root.children.map(\.name) == ["A", "B"])
        #expect(tree.depth == 3)
        #expect(!tree.isDifferential)
    }

    @Test func differentialExtentFitsTheLargerSide() {
        let tree = FlameTree(samples: [
            FlameSample(frames: ["Root"], weight: 1, baseline: 6),
            FlameSample(frames: ["Root", "Row"], weight: 0, baseline: 18),
            FlameSample(frames: ["Root", "Header"], weight: 1, baseline: 0),
        ], differential: true)
        #expect(tree.isDifferential)
        let root = tree.root.children[0]
        #expect(root.total == 2)
        #expect(root.baselineTotal == 24)
        #expect(root.extent == 6 + 18 + 1)
    }

    @Test(arguments: [
        ("Root;Child", "Root:Child"), ("Text\nLine", "Text Line"), ("  Padded  ", "Padded"), ("", "?"),
        ("Row[3]", "Row[3]"), ("Tab\there", "Tab here"),
        // flamegraph.pl would read a trailing ` NUMBER` as the line's count.
        ("b c 5", "b c_5"), ("v 1.5", "v_1.5"), ("v 2.", "v_2."), ("Row\t42 ", "Row_42"), ("a 5x", "a 5x"),
        ("a .5", "a .5"), ("Row 7 8", "Row 7_8"), ("1 2", "1_2"),
    ])
    func foldedFramesAreMadeSafe(frame: String, expected: String) {
        #expect(FoldedStacks.safeFrame(frame) == expected)
    }

    @Test func foldedLinesAreSortedAndMergedAfterSanitising() {
        let folded = FoldedStacks.render([
            FlameSample(frames: ["Root", "b"], weight: 2),
            FlameSample(frames: ["Root", "a;"], weight: 1),
            FlameSample(frames: ["Root", "a:"], weight: 4),
            FlameSample(frames: ["Root", "zero"], weight: 0),
        ])
        #expect(folded == "Root;a: 5\nRoot;b 2\n")
    }

    @Test func differentialFoldedListsBaseThenVariant() {
        let folded = FoldedStacks.render([
            FlameSample(frames: ["Root"], weight: 1, baseline: 7),
            FlameSample(frames: ["Root", "Gone"], weight: 0, baseline: 3),
        ], differential: true)
        #expect(folded == "Root 7 1\nRoot;Gone 3 0\n")
    }

    @Test(arguments: [
        "Root/List/Row[1]", "/a//b/", "", "///", "a/\u{301}b/c", "é/x", "Root/ Sp ace/x;y", "a\r\n/b",
    ])
    func viewFramesSplitOnSlashCharacters(path: String) {
        #expect(Array(ViewFrames(path)) == path.split(separator: "/"))
    }

    /// Views whose stacks are out of byte order, merge after sanitising or need it.
    static let hostileViews = [
        "Root/Item1/Child", "Root/Item10", "Root/a;b", "Root/a:b", "Root/Row 5", "Root/Tab\there", "Root//x/", "/",
        "Root/é/\u{301}x", "Root/Bell\u{7}", "Root !x", "Root", "Root/Row 5/Leaf",
    ]

    @Test func viewsFoldAndGrowTreesAsTheirSamplesDo() throws {
        var lines = [TestSupport.meta]
        for (index, view) in Self.hostileViews.enumerated() {
            for evaluation in 0...index % 3 {
                let seq = lines.count
                lines.append(
                    "{\"seq\":\(seq),\"ts\":\(seq * 100),\"tid\":1,\"tx\":\(seq),\"kind\":\"body-eval\",\"view\":\(JSONText.quoted(view)),"
                        + "\"reason\":\"inputs-changed\",\"dur\":\(10 + index),\"changed\":\(evaluation % 2)}")
            }
        }
        let summary = try TestSupport.analyze(lines.joined(separator: "\n") + "\n")
        try #require(summary.views.count == Self.hostileViews.count)
        #expect(!FoldedStacks.isInOrder(FoldedStacks.Input(views: summary, weight: .evals)))
        for weight in FlameWeight.allCases {
            var folded = ""
            FoldedStacks.write(summary, weight: weight, into: &folded)
            #expect(folded == FoldedStacks.render(FlameSample.samples(of: summary, weight: weight)))
            #expect(FlameTree(views: summary, weight: weight) == FlameTree(samples: FlameSample.samples(of: summary, weight: weight)))
        }
    }

    @Test(arguments: ExportGoldenTests.fixtures)
    func fixtureViewsFoldAndGrowTreesAsTheirSamplesDo(fixture: String) throws {
        let summary = try VisualGolden.profile(fixture).summary
        var folded = ""
        FoldedStacks.write(summary, weight: .evals, into: &folded)
        #expect(folded == FoldedStacks.render(FlameSample.samples(of: summary, weight: .evals)))
        #expect(FlameTree(views: summary, weight: .evals) == FlameTree(samples: FlameSample.samples(of: summary, weight: .evals)))
    }

    @Test(arguments: [
        // In order: lines are written as they come.
        ([FlameSample(frames: ["A"], weight: 2), FlameSample(frames: ["A", "B c"], weight: 1), FlameSample(frames: ["A", "b"], weight: 3)],
         false, true, "A 2\nA;B c 1\nA;b 3\n"),
        // Out of order.
        ([FlameSample(frames: ["B"], weight: 1), FlameSample(frames: ["A"], weight: 2)], false, false, "A 2\nB 1\n"),
        // The same stack twice once made safe: merged.
        ([FlameSample(frames: ["a:"], weight: 1), FlameSample(frames: ["a;"], weight: 2)], false, false, "a: 3\n"),
        // Stacks in order, lines not: a frame goes on with a space and a byte before the digits.
        ([FlameSample(frames: ["Root"], weight: 5), FlameSample(frames: ["Root !x"], weight: 1)], false, false, "Root !x 1\nRoot 5\n"),
        ([FlameSample(frames: ["Root"], weight: 5), FlameSample(frames: ["Root x"], weight: 1)], false, true, "Root 5\nRoot x 1\n"),
        // Control characters, a trailing number, an empty frame, no frames, weight 0.
        ([FlameSample(frames: ["Bell\u{7}", "Row 5"], weight: 1), FlameSample(frames: ["Bell", ""], weight: 2),
          FlameSample(frames: [], weight: 4), FlameSample(frames: ["Zero"], weight: 0)],
         false, false, "Bell;? 2\nBell;Row_5 1\n"),
        // Differential lines keep weight 0.
        ([FlameSample(frames: ["Root"], weight: 1, baseline: 7), FlameSample(frames: ["Root", "Gone"], weight: 0, baseline: 3)],
         true, true, "Root 7 1\nRoot;Gone 3 0\n"),
    ])
    func linesInOrderAreWrittenAsTheyCome(samples: [FlameSample], differential: Bool, inOrder: Bool, expected: String) {
        let input = FoldedStacks.Input(samples: samples, differential: differential)
        #expect(FoldedStacks.isInOrder(input) == inOrder)
        var sorted = ""
        FoldedStacks.writeSorting(input, into: &sorted)
        #expect(sorted == expected)
        #expect(FoldedStacks.render(samples, differential: differential) == expected)
        if inOrder {
            var asTheyCome = ""
            FoldedStacks.writeInOrder(input, into: &asTheyCome)
            #expect(asTheyCome == expected)
        }
    }

    @Test func foldedTextIsWrittenInWholeLines() {
        let samples = (0..<6_000).map { FlameSample(frames: ["Root", "Row[\(1_000_000 + $0)] é"], weight: 1) }
        let input = FoldedStacks.Input(samples: samples, differential: false)
        #expect(FoldedStacks.isInOrder(input))
        var output = BlockRecorder()
        FoldedStacks.write(input, into: &output)
        #expect(output.blocks.count > 1)
        #expect(output.blocks.allSatisfy { $0.hasSuffix("\n") })
        #expect(output.blocks.joined() == FoldedStacks.render(samples))
    }

    @Test(arguments: ["state", "view-storage"], FlameWeight.allCases)
    func foldedMatchesGolden(fixture: String, weight: FlameWeight) throws {
        let summary = try VisualGolden.profile(fixture).summary
        let folded = FoldedStacks.render(FlameSample.samples(of: summary, weight: weight))
        let total = summary.views.reduce(UInt64(0)) { $0 + weight.value(of: $1) }
        let folded_total = folded.split(separator: "\n").reduce(UInt64(0)) { $0 + UInt64($1.split(separator: " ").last!)! }
        #expect(folded_total == total)
        VisualGolden.check(folded, named: "flame/\(fixture).\(weight.rawValue).folded")
    }

    @Test(arguments: ["state", "view-storage"], [60, 100])
    func textMatchesGolden(fixture: String, width: Int) throws {
        let summary = try VisualGolden.profile(fixture).summary
        let text = FlameTextRenderer.render(FlameTree(samples: FlameSample.samples(of: summary, weight: .evals)), width: width, unit: "evals")
        for line in text.split(separator: "\n") { #expect(line.count <= width) }
        VisualGolden.check(text, named: "flame/\(fixture).evals.width-\(width).txt")
    }

    @Test(arguments: [
        ("Plain/Row[3] ✓", "Plain/Row[3] ✓"), ("Esc\u{1B}[2J", "Esc\\u{1B}[2J"), ("Tab\tNew\nLine\r", "Tab\\u{9}New\\u{A}Line\\u{D}"),
        ("Del\u{7F}C1\u{9B}", "Del\\u{7F}C1\\u{9B}"), ("bidi\u{202E}txt", "bidi\\u{202E}txt"), ("sep\u{2028}", "sep\\u{2028}"),
    ])
    func terminalTextShowsControlCharactersVisibly(name: String, expected: String) {
        #expect(TerminalText.sanitize(name) == expected)
    }

    @Test func textFlameKeepsItsLayoutWithHostileNames() {
        let names = ["Evil\u{1B}[2J\u{1B}[31m", "Tab\there", "Line\nbreak"]
        let tree = FlameTree(samples: names.enumerated().map { FlameSample(frames: ["Root", $1], weight: UInt64($0 + 1)) })
        let text = FlameTextRenderer.render(tree, width: 80, unit: "evals")
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.count == 1 + names.count)
        #expect(!text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
        #expect(text.contains("Evil\\u{1B}[2J"))
        #expect(Set(lines.map(\.count)).count == 1, "every line has the same width")
    }

    @Test(arguments: VisualGolden.scenarioFixtures)
    func scenarioFoldedAndTextMatchGoldens(fixture: String) throws {
        let summary = try VisualGolden.profile(fixture).summary
        for weight in [FlameWeight.evals, .wasted] {
            let folded = FoldedStacks.render(FlameSample.samples(of: summary, weight: weight))
            #expect(weight == .wasted || !folded.isEmpty)
            VisualGolden.check(folded, named: "flame/\(fixture).\(weight.rawValue).folded")
        }
        let text = FlameTextRenderer.render(FlameTree(samples: FlameSample.samples(of: summary, weight: .evals)), width: 80, unit: "evals")
        for line in text.split(separator: "\n") { #expect(line.count <= 80) }
        VisualGolden.check(text, named: "flame/\(fixture).evals.width-80.txt")
    }

    @Test(arguments: [(0.0, 4, "    "), (1.0, 4, "████"), (0.5, 4, "██  "), (0.0625, 4, "▎   "), (0.001, 4, "▏   ")])
    func barsAreEighthPrecise(share: Double, width: Int, expected: String) {
        #expect(FlameTextRenderer.bar(share, width) == expected)
    }

    @Test func svgIsWellFormedAndEscapesNames() throws {
        let summary = try VisualGolden.profile("state").summary
        let tree = FlameTree(samples: FlameSample.samples(of: summary, weight: .evals))
        let svg = FlameSVGRenderer.render(tree, options: .init(title: "t", unit: "evals"))
        var nodes = 0
        tree.forEachFrame { _, _ in nodes += 1 }
        let document = try XMLDocument(data: Data(svg.utf8))
        let frames = try document.nodes(forXPath: "//*[local-name()='g'][@class='frame']")
        #expect(frames.count == nodes)
        #expect(!svg.contains("<script>alert"))
        #expect(svg.contains("&lt;script&gt;alert(1)&lt;"))
        #expect(!svg.contains("http://") || !svg.replacingOccurrences(of: "http://www.w3.org/2000/svg", with: "").contains("http"))
    }

    @Test func framesTooNarrowToSeeAreLeftOut() {
        let tree = FlameTree(samples: [
            FlameSample(frames: ["Wide"], weight: 1_000_000),
            FlameSample(frames: ["Tiny", "Deeper"], weight: 1),
        ])
        let svg = FlameSVGRenderer.render(tree, options: .init(title: "t", unit: "evals"))
        #expect(svg.contains("data-n=\"Wide\""))
        #expect(!svg.contains("data-n=\"Tiny\""))
        #expect(!svg.contains("data-n=\"Deeper\""))
    }

    @Test func differentialFramesAreRedWhereTheVariantGrewAndBlueWhereItShrank() {
        let tree = FlameTree(samples: [
            FlameSample(frames: ["Grew"], weight: 4, baseline: 1),
            FlameSample(frames: ["Shrank"], weight: 1, baseline: 4),
            FlameSample(frames: ["Same"], weight: 2, baseline: 2),
        ], differential: true)
        let colors = Dictionary(uniqueKeysWithValues: tree.root.children.map { ($0.name, FlameSVGRenderer.color($0, tree: tree)) })
        #expect(colors["Grew"]!.hasPrefix("rgb(250,"))
        #expect(colors["Shrank"]!.hasSuffix(",250)"))
        #expect(colors["Same"] == "rgb(224,224,228)")
    }
}

/// An output that keeps each write apart.
private struct BlockRecorder: TextOutputStream {
    var blocks: [String] = []
    mutating func write(_ string: String) { blocks.append(string) }
}
