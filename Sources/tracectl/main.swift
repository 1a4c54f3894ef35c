#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TracectlCommands

exit(Tracectl.main(Array(CommandLine.arguments.dropFirst())))
