import Testing
@testable import TracectlCommands

/// Options are declared once, as typed keys, and read back only by commands that list them.
@Suite struct OptionDeclarationTests {
    @Test("every command's options have distinct spellings")
    func distinctSpellings() {
        for spec in Tracectl.specs {
            let names = spec.options.flatMap(\.names)
            #expect(Set(names).count == names.count, "\(spec.name) spells an option twice: \(names)")
        }
    }

    @Test("a typed key reads what was given, its default when absent")
    func typedLookups() throws {
        let parsed = try ArgumentParser.parse(["t.jsonl", "--top", "5", "--lenient", "--format=json"], spec: Report.spec)
        #expect(try parsed.integer(Report.Options.top) == 5)
        #expect(parsed.flag(CommonOptions.lenient))
        #expect(try parsed.choice(Report.Options.format) == .json)
        #expect(try parsed.choice(Report.Options.sort) == .evals)
        #expect(parsed.value(CommonOptions.output) == nil && !parsed.isGiven(CommonOptions.output))
    }

    @Test("a repeatable key returns every value given, in order, and none when absent")
    func repeatableLookups() throws {
        let parsed = try ArgumentParser.parse(
            ["a.jsonl", "b.jsonl", "--base-run", "a2.jsonl", "--base-run=a3.jsonl"], spec: Diff.spec)
        #expect(parsed.values(Diff.Options.baseRun) == ["a2.jsonl", "a3.jsonl"])
        #expect(parsed.values(Diff.Options.variantRun).isEmpty)
    }

    @Test("reading an option the command's spec does not list stops a debug build")
    func undeclaredOption() async {
        await #expect(processExitsWith: .failure) {
            let parsed = try ArgumentParser.parse(["t.jsonl"], spec: Report.spec)
            _ = parsed.flag(Diff.Options.force)
        }
    }
}
