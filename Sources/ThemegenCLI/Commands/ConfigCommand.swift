import Foundation
import Mustache
import ThemegenBuild
import ThemegenConfig
import ThemegenCore
import ThemegenGenerate
import ThemegenGradients
import ThemegenImage
import ThemegenSlicing

/// `themegen config lint|init|schema`.
enum ConfigCommand {
    static let command = Command(
        name: "config", summary: "Check the config, write a starter config, or print its JSON Schema.",
        usage: ["config lint [--config FILE]", "config init [--config FILE]", "config schema"],
        options: [.value("config", "FILE", help: "The config file (default: themegen.json).")]
    ) { args, console in
        guard let action = args.positionals.first, args.positionals.count == 1 else {
            throw UsageError("config: expected one of 'lint', 'init', 'schema' (see 'themegen config --help')")
        }
        switch action {
        case "lint":
            let loaded = try ConfigLoader.load(explicitPath: args.value("config"))
            console.info("\(loaded.displayName): OK")
            return .ok
        case "init":
            let path = args.value("config") ?? ConfigDefaults.fileName
            if FileSystem.exists(path) {
                throw FileError(path, "already exists; themegen config init does not overwrite it", kind: .io)
            }
            let folder = FilePath.parent(path)
            let starter = StarterConfig.text(forProjectAt: folder.isEmpty ? "." : folder)
            try FileSystem.writeAtomically(Array(starter.utf8), to: path, shownAs: path)
            console.info("wrote \(path)")
            return .ok
        case "schema":
            console.write(ConfigSchema.document().serialized())
            return .ok
        default:
            throw UsageError("config: unknown action '\(action)'; expected 'lint', 'init' or 'schema'")
        }
    }
}
