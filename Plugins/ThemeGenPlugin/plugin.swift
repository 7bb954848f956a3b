import Foundation
import PackagePlugin

/// The build-tool plugin: generates a target's theme (and asset) Swift during `swift build`,
/// as one build command with declared inputs and outputs, so SwiftPM runs it only when an
/// export, the config or a template changed, and the compiler sees unchanged files when
/// themegen wrote nothing. Everything it writes (the Swift, the manifest, the cache and the
/// lock) stays in the plugin's work directory; asset catalogs and the preview stay a
/// `themegen run` step.
///
/// The config is `themegen.json` in the target's folder, else in the package's folder, else
/// the conventions (`Exports/Themes`, `Exports/Assets` beside the package manifest).
@main
struct ThemeGenPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let module = target as? SwiftSourceModuleTarget else { return [] }
        let folders = [module.directoryURL, context.package.directoryURL]
        let configURL = folders.map { $0.appendingPathComponent("themegen.json") }
            .first { FileManager.default.fileExists(atPath: $0.path) }
        let root = configURL?.deletingLastPathComponent() ?? context.package.directoryURL
        let plan = try BuildPlan(config: configURL, root: root)
        let work = context.pluginWorkDirectoryURL
        var arguments = ["run", "--swift-only", "--quiet", "--output-root", work.path]
        if let configURL { arguments += ["--config", configURL.path] }
        return [.buildCommand(
            displayName: "themegen: generating theme Swift for \(target.name)",
            executable: try context.tool(named: "themegen").url,
            arguments: arguments,
            inputFiles: plan.inputs,
            outputFiles: plan.outputs.map { work.appendingPathComponent($0) }
        )]
    }
}

/// What themegen's `--swift-only` run reads and writes, from the config. This mirrors the
/// config's defaults (a section without `outputs` writes Generated/Themes.swift or
/// Generated/Assets.swift); themegen itself validates the config when the command runs.
struct BuildPlan {
    var inputs: [URL] = []
    /// Relative to the output root.
    var outputs: [String] = []

    init(config: URL?, root: URL) throws {
        var sections: [(input: String, outputs: [String], templates: [String])] = []
        if let config {
            inputs.append(config)
            let data = try Data(contentsOf: config)
            guard let top = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else {
                throw PluginError("\(config.path): not a JSON object; run 'themegen config lint' to see why")
            }
            for (key, fallback) in [("themes", "Generated/Themes.swift"), ("assets", "Generated/Assets.swift")] {
                for case let section as [String: Any] in top[key] as? [Any] ?? [] {
                    guard let input = section["input"] as? String else { continue }
                    var outs: [String] = [], templates: [String] = []
                    if let list = section["outputs"] as? [Any] {
                        for case let o as [String: Any] in list {
                            if let out = o["output"] as? String, out.hasSuffix(".swift") { outs.append(out) }
                            if let t = o["template"] as? String, t.contains("/") || t.hasSuffix(".mustache") { templates.append(t) }
                        }
                    } else {
                        outs = [fallback]
                    }
                    sections.append((input, outs, templates))
                }
            }
        } else {
            for (input, out) in [("Exports/Themes", "Generated/Themes.swift"), ("Exports/Assets", "Generated/Assets.swift")]
            where FileManager.default.fileExists(atPath: root.appendingPathComponent(input).path) {
                sections.append((input, [out], []))
            }
        }
        for s in sections where !s.outputs.isEmpty {
            outputs += s.outputs.map(Self.normalised)
            inputs += Self.files(under: root.appendingPathComponent(s.input))
            inputs += s.templates.map { root.appendingPathComponent($0) }
            for t in s.templates {
                inputs += Self.files(under: root.appendingPathComponent(t).deletingLastPathComponent(), suffix: ".mustache")
            }
        }
        // Template names are looked up in the config's Templates/ before the built-ins.
        inputs += Self.files(under: root.appendingPathComponent("Templates"), suffix: ".mustache")
        var seen = Set<String>()
        inputs = inputs.map(\.standardizedFileURL).filter { seen.insert($0.path).inserted }
        var seenOut = Set<String>()
        outputs = outputs.filter { seenOut.insert($0).inserted }
    }

    /// `./Generated//x.swift` → `Generated/x.swift`, as themegen normalises output paths.
    static func normalised(_ path: String) -> String {
        var parts: [Substring] = []
        for p in path.split(separator: "/") where p != "." {
            if p == "..", !parts.isEmpty { parts.removeLast() } else { parts.append(p) }
        }
        return parts.joined(separator: "/")
    }

    /// Regular files under `folder`, skipping hidden ones, sorted.
    static func files(under folder: URL, suffix: String? = nil) -> [URL] {
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey],
                                                          options: [.skipsHiddenFiles]) else { return [] }
        var found: [URL] = []
        for case let url as URL in walker {
            guard (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true else { continue }
            if let suffix, !url.lastPathComponent.hasSuffix(suffix) { continue }
            found.append(url)
        }
        return found.sorted { $0.path < $1.path }
    }
}

struct PluginError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
