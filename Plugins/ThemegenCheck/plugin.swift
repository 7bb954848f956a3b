import Foundation
import PackagePlugin

/// `swift package themegen-check [--dry-run] [--config FILE] [-v|-q|--strict]`: `themegen check`
/// (or `themegen run --dry-run`) in the package's folder. Neither writes anything, not even the
/// lock, so this plugin asks for no permission; `swift package themegen` is the one that writes.
/// SwiftPM grants permissions per plugin, before it runs, so the split is what lets a check run
/// without `--allow-writing-to-package-directory`.
@main
struct ThemegenCheck: CommandPlugin {
    /// The arguments that keep a run read-only, and whether each takes a value.
    static let allowed: [String: Bool] = ["--dry-run": false, "--config": true, "--verbose": false, "-v": false,
                                          "--quiet": false, "-q": false, "--strict": false]

    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var rest: [String] = []
        var dryRun = false
        var i = 0
        while i < arguments.count {
            let a = arguments[i]
            let name = a.split(separator: "=", maxSplits: 1).first.map(String.init) ?? a
            guard let takesValue = Self.allowed[name] else {
                Diagnostics.error("themegen-check: '\(a)' is not a read-only option; use 'swift package --allow-writing-to-package-directory themegen \(a)' to write")
                throw CheckError(status: 2)
            }
            if name == "--dry-run" { dryRun = true } else { rest.append(a) }
            if takesValue, !a.contains("=") {
                i += 1
                guard i < arguments.count else {
                    Diagnostics.error("themegen-check: \(a) needs a value")
                    throw CheckError(status: 2)
                }
                rest.append(arguments[i])
            }
            i += 1
        }
        let process = Process()
        process.executableURL = try context.tool(named: "themegen").url
        process.arguments = (dryRun ? ["run", "--dry-run"] : ["check"]) + rest
        process.currentDirectoryURL = context.package.directoryURL
        try process.run()
        process.waitUntilExit()
        if process.terminationStatus != 0 { throw CheckError(status: process.terminationStatus) }
    }

    struct CheckError: Error, CustomStringConvertible {
        let status: Int32
        var description: String {
            status == 1 ? "generated files are out of date; run 'swift package --allow-writing-to-package-directory themegen'"
                : "themegen exited with status \(status)"
        }
    }
}
