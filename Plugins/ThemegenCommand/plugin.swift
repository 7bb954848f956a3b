import Foundation
import PackagePlugin

/// `swift package themegen [ARGS]`: runs themegen in the package's folder, so a package that
/// depends on themegen can regenerate its themes and assets without installing anything.
@main
struct ThemegenCommand: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let tool = try context.tool(named: "themegen")
        let process = Process()
        process.executableURL = tool.url
        process.arguments = arguments
        process.currentDirectoryURL = context.package.directoryURL
        try process.run()
        process.waitUntilExit()
        if process.terminationStatus != 0 {
            Diagnostics.error("themegen exited with status \(process.terminationStatus)")
            throw ExitError(status: process.terminationStatus)
        }
    }

    struct ExitError: Error, CustomStringConvertible {
        let status: Int32
        var description: String { "themegen exited with status \(status)" }
    }
}
