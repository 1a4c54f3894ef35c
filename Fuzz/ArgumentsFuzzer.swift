/// libFuzzer entry point: the input is a command line, arguments separated by NUL bytes. Parsing
/// it against every subcommand's spec, and rendering the help the parser would show, must end in
/// parsed arguments or a `UsageError` — never a crash.
///
/// NB: compiled together with the TracectlCommands sources by scripts/fuzz.sh.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzArguments(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let arguments = UnsafeBufferPointer(start: data, count: size)
        .split(separator: 0, omittingEmptySubsequences: false)
        .map { String(decoding: $0, as: UTF8.self) }
    for command in Tracectl.subcommands {
        _ = try? ArgumentParser.parse(arguments, spec: command.spec)
    }
    return 0
}
