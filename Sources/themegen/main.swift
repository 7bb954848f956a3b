#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ThemegenCLI

let console = Console.standard()
let code = ThemegenCLI.run(Array(CommandLine.arguments.dropFirst()), console: console)
exit(code.rawValue)
