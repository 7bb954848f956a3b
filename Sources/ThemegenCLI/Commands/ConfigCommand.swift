#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ThemegenBuild
import ThemegenConfig
import ThemegenCore
import ThemegenBuild
import ThemegenSlicing

/// `themegen config lint|init|schema|xcfilelist`.
enum ConfigCommand {
    static let command = Command(
        name: "config", summary: "Check the config, write a starter config or Xcode file lists, or print its JSON Schema.",
        usage: ["config lint [--config FILE]", "config init [--config FILE] [--themes DIR] [--assets DIR]", "config schema",
                "config xcfilelist [--config FILE] [--output-dir DIR] [--srcroot DIR]"],
        options: [.value("config", "FILE", help: "The config file (default: themegen.json)."),
                  .value("themes", "DIR", help: "init: the folder of theme exports (relative to the config's folder)."),
                  .value("assets", "DIR", help: "init: the folder of asset exports (relative to the config's folder)."),
                  .value("output-dir", "DIR", help: "xcfilelist: where to write the lists (default: the config's folder)."),
                  .value("srcroot", "DIR", help: "xcfilelist: the folder $(SRCROOT) stands for (default: the current folder).")]
    ) { args, console in
        guard let action = args.positionals.first, args.positionals.count == 1 else {
            throw UsageError("config: expected one of 'lint', 'init', 'schema', 'xcfilelist' (see 'themegen config --help')")
        }
        for (option, only) in [("themes", "init"), ("assets", "init"), ("output-dir", "xcfilelist"), ("srcroot", "xcfilelist")]
        where args.value(option) != nil && action != only {
            throw UsageError("config \(action): --\(option) is an option of 'config \(only)'")
        }
        switch action {
        case "lint":
            let loaded = try ConfigLoader.load(explicitPath: args.value("config"))
            let capErrors = CapsFit.lint(loaded)
            if !capErrors.isEmpty { throw ErrorList(capErrors) }
            // Per-asset settings for a name no export has are ignored by a run: say so here too.
            for (i, section) in loaded.config.assets.enumerated() {
                let names = (try? SliceSource.scan([OutputWriter.join(loaded.root, section.input)]))?.map(\.name) ?? []
                for w in AssetProducer.overrideWarnings(section, index: i, configName: loaded.displayName, assetNames: names) {
                    console.warning(w)
                }
            }
            if console.warningCount == 0 { console.info("\(loaded.displayName): OK") }
            return .ok
        case "init":
            return try initConfig(args, console: console)
        case "schema":
            console.write(ConfigSchema.document().serialized())
            return .ok
        case "xcfilelist":
            return try writeFileLists(args, console: console)
        default:
            throw UsageError("config: unknown action '\(action)'; expected 'lint', 'init', 'schema' or 'xcfilelist'")
        }
    }

    static func initConfig(_ args: Arguments, console: Console) throws -> ExitCode {
        let path = args.value("config") ?? ConfigDefaults.fileName
        if FileSystem.exists(path) {
            throw FileError(path, "already exists; themegen config init does not overwrite it", kind: .io)
        }
        let parent = FilePath.parent(path)
        let folder = parent.isEmpty ? "." : parent
        var given: [String: String] = [:]
        for option in ["themes", "assets"] {
            guard let dir = args.value(option) else { continue }
            let clean = dir.hasSuffix("/") && dir.count > 1 ? String(dir.dropLast()) : dir
            if clean.hasPrefix("/") || clean.hasPrefix("~") {
                throw UsageError("--\(option) \(dir): give the folder relative to the config's folder (\(folder)), so the config works wherever the project is checked out")
            }
            guard FileSystem.isDirectory(ConfigLoader.join(folder, clean)) else {
                throw UsageError("--\(option) \(dir): no such folder in \(folder); paths are relative to the config's folder")
            }
            given[option] = clean
        }
        let starter = StarterConfig.text(forProjectAt: folder, themes: given["themes"], assets: given["assets"])
        try FileSystem.writeAtomically(Array(starter.utf8), to: path, shownAs: path)
        console.info("wrote \(path)")
        // So that the `$schema` line works in an editor; an existing file is left alone.
        let schema = ConfigLoader.join(folder, StarterConfig.schemaFileName)
        if !FileSystem.exists(schema) {
            try FileSystem.writeAtomically(Array(ConfigSchema.document().serialized().utf8), to: schema, shownAs: schema)
            console.info("wrote \(schema)")
        }
        return .ok
    }

    static func writeFileLists(_ args: Arguments, console: Console) throws -> ExitCode {
        let loaded = try ConfigLoader.load(explicitPath: args.value("config"))
        let lists = try XcodeFileLists.make(config: loaded, srcroot: args.value("srcroot") ?? ".")
        let dir = args.value("output-dir") ?? loaded.root
        try FileSystem.makeDirectories(dir, shownAs: dir)
        for (name, paths) in [(XcodeFileLists.inputFileName, lists.inputs), (XcodeFileLists.outputFileName, lists.outputs)] {
            let path = ConfigLoader.join(dir, name)
            let text = Array(XcodeFileLists.text(paths).utf8)
            let old = try FileSystem.readFile(path, shownAs: path)
            if old == text { console.verbose("\(path): unchanged"); continue }
            if let old, !old.starts(with: Array(XcodeFileLists.header.utf8)) {
                throw FileError(path, "exists and was not written by themegen config xcfilelist; move it away or pass --output-dir DIR", kind: .io)
            }
            // Rewritten only when it changed, so Xcode does not see a new list on every run.
            try FileSystem.writeAtomically(text, to: path, shownAs: path)
            console.info("wrote \(path) (\(paths.count) path(s))")
        }
        return .ok
    }
}
