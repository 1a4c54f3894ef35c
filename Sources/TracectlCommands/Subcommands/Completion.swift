/// `tracectl completion`: a shell completion script, generated from the command specs.
enum Completion: Subcommand {
    static let spec = CommandSpec(
        name: "completion",
        abstract: "Print a shell completion script for tracectl (bash, zsh or fish).",
        discussion: """
            The script completes subcommands, options and their values (formats, sort keys, …)
            and file names, from the same definitions tracectl parses its arguments with.
            """,
        positionals: [PositionalSpec(
            name: "shell", help: "The shell to complete in: bash, zsh or fish.",
            kind: .choice(CompletionScript.Shell.allCases.map(\.rawValue)))],
        examples: [
            ("source <(tracectl completion bash)", "Complete in this bash session (add it to ~/.bashrc to keep it)."),
            ("tracectl completion zsh > \"${fpath[1]}/_tracectl\"", "Install for zsh."),
            ("tracectl completion fish > ~/.config/fish/completions/tracectl.fish", "Install for fish."),
        ])

    static func run(_ arguments: ParsedArguments, console: Console) throws -> ExitStatus {
        let name = try arguments.required("shell")
        guard let shell = CompletionScript.Shell(rawValue: name) else {
            let shells = CompletionScript.Shell.allCases.map(\.rawValue)
            throw UsageError(
                "unknown shell '\(name)'\(ArgumentParser.suggestion(for: name, among: shells)): expected one of \(shells.joined(separator: ", "))",
                command: spec.name)
        }
        console.out(CompletionScript.script(for: shell, specs: Tracectl.specs))
        return .success
    }
}
