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
        #expect(parsed.value(Report.Options.top) == .first(5))
        #expect(parsed.flag(CommonOptions.lenient))
        #expect(parsed.choice(Report.Options.format) == .json)
        #expect(parsed.choice(Report.Options.sort) == .evals)
        #expect(parsed.value(CommonOptions.output) == nil && !parsed.isGiven(CommonOptions.output))
    }

    @Test("each kind's value is read as its type: a count or all, seconds, a percentage")
    func kindsRead() throws {
        #expect(try ArgumentParser.parse(["t.jsonl", "V", "--top", "all"], spec: Why.spec).value(Why.Options.top) == .all)
        #expect(try ArgumentParser.parse(["t.jsonl", "V"], spec: Why.spec).value(Why.Options.top) == .first(10))
        #expect(try ArgumentParser.parse(["--listen", "1", "--duration", "2.5"], spec: Record.spec).value(Record.Options.duration) == 2.5)
        let budget = try ArgumentParser.parse(["t.jsonl", "--write-budget", "b.json", "--headroom", "12.5%"], spec: Check.spec)
        #expect(budget.value(Check.Options.headroom) == 12.5)
    }

    @Test("a value the option's kind does not take is a usage error saying what it takes", arguments: [
        (["--listen", "1", "--duration", "0"], Record.spec, "invalid value '0' for '--duration': expected a positive number of seconds"),
        (["--listen", "1", "--duration", "nan"], Record.spec, "invalid value 'nan' for '--duration': expected a positive number of seconds"),
        (["t", "--write-budget", "b", "--headroom", "-1%"], Check.spec, "invalid value '-1%' for '--headroom': expected a percentage like 10%"),
        (["t", "--format", "xml"], Report.spec, "invalid value 'xml' for '--format': expected one of text, json, markdown, html"),
        (["t", "--conn", "0"], Report.spec, "invalid value '0' for '--conn': expected a whole number from 1 to 1000000000"),
    ])
    func kindsChecked(arguments: [String], spec: CommandSpec, message: String) {
        #expect(throws: UsageError.self) { try ArgumentParser.parse(arguments, spec: spec) }
        do { _ = try ArgumentParser.parse(arguments, spec: spec) } catch { #expect(error.message == message) }
    }

    @Test("options that exclude each other, given together, are a usage error naming both, in either order")
    func exclusions() {
        for arguments in [["t", "V", "--eval", "3", "--top", "2"], ["t", "V", "--top", "2", "--eval", "3"]] {
            do {
                _ = try ArgumentParser.parse(arguments, spec: Why.spec)
                Issue.record("\(arguments) parsed")
            } catch {
                #expect(error.message == "'--top' cannot be used with '--eval'")
            }
        }
        #expect(Why.spec.exclusions(of: Why.Options.top.spec) == ["--eval"])
        #expect(Why.spec.exclusions(of: Why.Options.evaluation.spec) == ["--top", "--list", "--mark", "--from", "--to"])
        #expect(Why.spec.exclusions(of: Why.Options.list.spec) == ["--eval"])
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
