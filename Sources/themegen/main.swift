import Foundation
import ThemegenCLI

let console = Console.standard()
let code = ThemegenCLI.run(Array(CommandLine.arguments.dropFirst()), console: console)
exit(code.rawValue)
