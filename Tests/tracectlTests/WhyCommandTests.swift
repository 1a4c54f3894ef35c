import Foundation
import ScenarioTestSupport
import Testing
import TracerTestSupport

@Suite("tracectl why: cause paths per view", .temporaryDirectory)
struct WhyCommandTests {
    /// Each format and the extension of its goldens.
    static let formats = [("text", "txt"), ("json", "json"), ("markdown", "md")]

    /// A scenario variant recorded by `tracectl record` into `directory` (timed, as users get it).
    private func recorded(_ scenario: String, _ variant: String, in directory: String) throws -> String {
        let run = try TracectlProcess.run(["record", scenario, "--variant", variant, "-o", "\(scenario).\(variant).jsonl"], currentDirectory: directory)
        #expect(run.status == 0, "stderr: \(run.stderr)")
        return "\(scenario).\(variant).jsonl"
    }

    /// The `tracer-why/1` document of `arguments` (after `why`), run in `directory`.
    private func document(_ arguments: [String], in directory: String) throws -> [String: Any] {
        let run = try TracectlProcess.run(["why"] + arguments + ["--format", "json"], currentDirectory: directory)
        #expect(run.status == 0, "stderr: \(run.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    }

    @Test("why of the normalised scenario traces in every format matches its golden",
          arguments: [("scroll-offset.state", "MyView/MyScrollView"), ("form-typing.form-state", "SignupForm/VStack/HStack[Email]/TextField"),
                      ("environment-theme.environment", "**/Badge"), ("selection.model-state", "ContentView/HStack/FileDetailView[tracer/package]")])
    func goldens(trace: String, glob: String) throws {
        let directory = temporaryDirectory()
        _ = try ScenarioTraces.write(trace, into: directory)
        for (format, suffix) in Self.formats {
            let run = try TracectlProcess.run(["why", "\(trace).jsonl", glob, "--format", format, "--top", "2"], currentDirectory: directory)
            #expect(run.status == 0, "stderr: \(run.stderr)")
            Golden.check(run.stdout, named: "why/\(trace).\(suffix)")
        }
    }

    @Test("--eval on an inputs-changed evaluation names the inputs that differed, in every format, as the paths do")
    func chainInputs() throws {
        let directory = temporaryDirectory()
        _ = try ScenarioTraces.write("scroll-offset.state", into: directory)
        for (format, suffix) in Self.formats {
            let run = try TracectlProcess.run(
                ["why", "scroll-offset.state.jsonl", "MyScrollView", "--eval", "11", "--format", format], currentDirectory: directory)
            #expect(run.status == 0, "stderr: \(run.stderr)")
            #expect(run.stdout.contains(format == "json" ? #""inputs":["contentOffset"]"# : "inputs-changed: contentOffset"), "\(run.stdout)")
            Golden.check(run.stdout, named: "why/eval-scroll-offset.state.\(suffix)")
        }
    }

    @Test("scroll-offset: exactly two paths, the write's 240 evaluations (240 wasted, 3.60 ms) and the mount's 1, walked on to MyView's mount; counts sum to 241")
    func scrollOffset() throws {
        let directory = temporaryDirectory()
        let trace = try recorded("scroll-offset", "state", in: directory)
        let view = try #require((try document([trace, "MyView/MyScrollView"], in: directory)["views"] as? [[String: Any]])?.first)
        let paths = try #require(view["paths"] as? [[String: Any]])
        #expect(paths.map { $0["path"] as? String } == [
            "MyView.scrollContentOffset (State, Scenarios/ScrollOffset.swift:62) → MyView (state) → MyView/MyScrollView (inputs-changed: contentOffset)",
            "mount → MyView (initial) → MyView/MyScrollView (mount) → MyView/MyScrollView (initial)",
        ])
        #expect(paths.map { [$0["evals"] as? Int, $0["wasted"] as? Int] } == [[240, 240], [1, 0]])
        #expect(paths.first?["bodyTimeNs"] as? Int == 3_600_000)
        #expect(paths.compactMap { $0["evals"] as? Int }.reduce(0, +) == 241 && view["evals"] as? Int == 241)
        let text = try TracectlProcess.run(["why", trace, "MyView/MyScrollView"], currentDirectory: directory).stdout
        #expect(text.contains("  240  99.6%     240      0    3.60 ms"))
    }

    @Test("form-typing: the form's write reaches each field with no step through the form's body; Email 40 wasted, Name 0; a field's mount walks on to the form's",
          arguments: [("Email", 40), ("Name", 0)])
    func formTyping(field: String, wasted: Int) throws {
        let directory = temporaryDirectory()
        let trace = try ScenarioTraces.write("form-typing.form-state", into: directory)
        let view = try #require((try document([trace, "SignupForm/VStack/HStack[\(field)]/TextField"], in: directory)["views"] as? [[String: Any]])?.first)
        let paths = try #require(view["paths"] as? [[String: Any]])
        #expect(paths.map { $0["path"] as? String } == [
            "SignupForm.values (State, Scenarios/FormTyping.swift:40) → SignupForm/VStack/HStack[\(field)]/TextField (state)",
            "mount → SignupForm (initial) → SignupForm/VStack/HStack[\(field)]/TextField (mount) → SignupForm/VStack/HStack[\(field)]/TextField (initial)",
        ])
        #expect(paths.map { [$0["evals"] as? Int, $0["wasted"] as? Int] } == [[40, wasted], [1, 0]])
    }

    @Test("form-typing: every text field, 20 views and 800 evaluations on write paths")
    func everyField() throws {
        let directory = temporaryDirectory()
        let trace = try ScenarioTraces.write("form-typing.form-state", into: directory)
        let views = try #require(try document([trace, "SignupForm/**/TextField"], in: directory)["views"] as? [[String: Any]])
        let writePaths = views.flatMap { $0["paths"] as? [[String: Any]] ?? [] }.filter { ($0["root"] as? [String: Any])?["kind"] as? String == "write" }
        #expect(views.count == 20)
        #expect(writePaths.compactMap { $0["evals"] as? Int }.reduce(0, +) == 800)
    }

    @Test("--top sums the rest in one line that says how many paths were left out")
    func top() throws {
        let directory = temporaryDirectory()
        let trace = try ScenarioTraces.write("scroll-offset.state", into: directory)
        let run = try TracectlProcess.run(["why", trace, "MyView/MyScrollView", "--top", "1"], currentDirectory: directory)
        #expect(run.stdout.contains("+ 1 more path left out: 1 evaluation, 0 wasted, 0 skips\n"))
        let omitted = try #require((try document([trace, "MyView/MyScrollView", "--top", "1"], in: directory)["views"] as? [[String: Any]])?.first?["omitted"] as? [String: Any])
        #expect(omitted["paths"] as? Int == 1 && omitted["evals"] as? Int == 1)
    }

    @Test("--top's line of the rest says n/a for wasted evaluations and skips a source does not record (the SwiftUI adapter)")
    func topWithoutWastedOrSkips() throws {
        let trace = PackagePaths.trace("sources/swiftui.jsonl")
        let run = try TracectlProcess.run(["why", trace, "MyView", "--top", "1"], currentDirectory: temporaryDirectory())
        #expect(run.stdout.contains("+ 1 more path left out: 1 evaluation, n/a wasted, n/a skips\n"))
    }

    @Test("a glob matching no view exits 2 and lists near matches")
    func noMatch() throws {
        let directory = temporaryDirectory()
        let trace = try ScenarioTraces.write("scroll-offset.state", into: directory)
        let run = try TracectlProcess.run(["why", trace, "MyView/ScrollView"], currentDirectory: directory)
        #expect(run.status == 2)
        #expect(run.stderr.contains("no view matches 'MyView/ScrollView'; near matches: 'MyView/MyScrollView'"))
    }

    @Test("a bare name matches the views of that name at any depth; no view means every view")
    func bareNameAndNoView() throws {
        let directory = temporaryDirectory()
        let trace = try ScenarioTraces.write("scroll-offset.state", into: directory)
        let bare = try TracectlProcess.run(["why", trace, "MyScrollView"], currentDirectory: directory)
        #expect(bare.status == 0 && bare.stdout.hasPrefix("why MyView/MyScrollView — "))
        let every = try TracectlProcess.run(["why", trace, "--top", "1"], currentDirectory: directory)
        #expect(every.status == 0 && every.stdout.contains("why MyView — ") && every.stdout.contains("why MyView/MyScrollView — "))
    }

    @Test("--eval SEQ: the chain from the write to the evaluation, event by event, with the time between steps")
    func chain() throws {
        let directory = temporaryDirectory()
        let trace = try recorded("scroll-offset", "state", in: directory)
        let run = try TracectlProcess.run(["why", trace, "MyView/MyScrollView", "--eval", "11"], currentDirectory: directory)
        #expect(run.status == 0, "stderr: \(run.stderr)")
        let lines = run.stdout.split(separator: "\n").dropFirst(3).map { $0.split(separator: " ", omittingEmptySubsequences: true) }
        #expect(lines.map { $0.first.map(String.init) } == ["8", "9", "10", "11"])
        #expect(lines.map { $0.first { ["write", "invalidate", "body-eval"].contains(String($0)) }.map(String.init) } == ["write", "invalidate", "body-eval", "body-eval"])
        let other = try TracectlProcess.run(["why", trace, "MyView", "--eval", "11"], currentDirectory: directory)
        #expect(other.status == 2 && other.stderr.contains("which '**/MyView' does not match"))
    }

    @Test("an adapter trace: a traced write → its view's next evaluation (state); a child's hop from its parent is inferred (n/a with --recorded-only)")
    func adapterLinks() throws {
        let run = try TracectlProcess.run(
            ["why", "scroll-offset.state.jsonl", "**", "--format", "json"], currentDirectory: PackagePaths.trace("adapter"))
        #expect(run.status == 0, "stderr: \(run.stderr)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect((document["available"] as? [String: Any])?["causes"] as? Bool == true)
        let views = document["views"] as? [[String: Any]] ?? []
        let paths = { (name: String) in views.first { $0["view"] as? String == name }?["paths"] as? [[String: Any]] ?? [] }
        let written = try #require(paths("MyView").first)
        #expect(written["evals"] as? Int == 240)
        #expect(written["path"] as? String == "MyView.scrollContentOffset (State, TracerSwiftUICoreTests/AdapterFixtureTests.swift:10) → MyView (state)")
        #expect(paths("MyScrollView").map { ($0["root"] as? [String: Any])?["kind"] as? String } == ["write", "unknown"])
        let inferredHop = (paths("MyScrollView").first?["hops"] as? [[String: Any]])?.last
        #expect(inferredHop?["inferred"] as? String == "same-update-sole-root" && inferredHop?["reason"] as? String == "inputs-changed")
        let recorded = try TracectlProcess.run(
            ["why", "scroll-offset.state.jsonl", "MyScrollView", "--recorded-only"], currentDirectory: PackagePaths.trace("adapter"))
        #expect(recorded.stdout.contains("n/a → MyScrollView (n/a)") && !recorded.stdout.contains("≈"))
        let chain = try TracectlProcess.run(["why", "scroll-offset.state.jsonl", "MyView", "--eval", "6"], currentDirectory: PackagePaths.trace("adapter"))
        let steps = chain.stdout.split(separator: "\n").dropFirst(3).map { $0.split(separator: " ", omittingEmptySubsequences: true) }
        #expect(steps.map { $0.first.map(String.init) } == ["5", "6"])
        #expect(steps.last?.contains("state,") == true)
    }

    @Test("a source without causes (an adapter trace from before its cause links): every path's root is n/a, never a guess")
    func unavailable() throws {
        let run = try TracectlProcess.run(
            ["why", "swiftui-without-causes.jsonl", "**", "--format", "json"], currentDirectory: PackagePaths.trace("sources"))
        let document = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let roots = (document["views"] as? [[String: Any]] ?? []).flatMap { $0["paths"] as? [[String: Any]] ?? [] }.map { ($0["root"] as? [String: Any])?["kind"] as? String }
        #expect(!roots.isEmpty && roots.allSatisfy { $0 == "unknown" })
        #expect((document["available"] as? [String: Any])?["causes"] as? Bool == false)
    }
}
