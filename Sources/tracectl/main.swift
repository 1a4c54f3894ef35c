#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

let status = Tracectl.main(Array(CommandLine.arguments.dropFirst()))
exit(status)
