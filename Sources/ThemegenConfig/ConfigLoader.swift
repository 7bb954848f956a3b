#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ThemegenCore
import ThemegenGenerate
import ThemegenGradients
import ThemegenSlicing

/// A config ready to run, with what the cache needs to key on.
package struct LoadedConfig: Sendable {
    package var config: ThemegenConfig
    /// The config file as the user named it ("themegen.json"), nil when conventions were used.
    package var fileName: String?
    /// The folder the config's paths are relative to, as a path usable by this process.
    package var root: String
    /// The config file's bytes (empty for conventions); part of the cache key.
    package var bytes: [UInt8]

    /// How errors and messages name the config.
    package var displayName: String { fileName ?? "conventions (no \(ConfigDefaults.fileName))" }
}

/// Reads `themegen.json` (or `--config FILE`), or falls back to the conventions.
package enum ConfigLoader {
    /// `explicitPath` is `--config`; without it, `themegen.json` in `directory` is used if it
    /// exists, and the conventions otherwise.
    package static func load(explicitPath: String?, in directory: String = ".") throws -> LoadedConfig {
        let path = explicitPath ?? join(directory, ConfigDefaults.fileName)
        let shown = explicitPath ?? ConfigDefaults.fileName
        guard let bytes = try FileSystem.readFile(path, shownAs: shown) else {
            if explicitPath != nil { throw FileError(shown, "no such config file") }
            return LoadedConfig(config: try conventions(root: directory), fileName: nil, root: directory, bytes: [])
        }
        let folder = FilePath.parent(path)
        let root = folder.isEmpty ? "." : folder
        return LoadedConfig(config: try decode(bytes, file: shown, root: root), fileName: shown, root: root, bytes: bytes)
    }

    /// Only where the outputs and the manifest are, for `themegen clean`: it must work when the
    /// exports are gone or the config no longer validates.
    package static func loadForClean(explicitPath: String?, in directory: String = ".") throws -> LoadedConfig {
        let path = explicitPath ?? join(directory, ConfigDefaults.fileName)
        let shown = explicitPath ?? ConfigDefaults.fileName
        var config = ThemegenConfig()
        guard let bytes = try FileSystem.readFile(path, shownAs: shown) else {
            if explicitPath != nil { throw FileError(shown, "no such config file") }
            return LoadedConfig(config: config, fileName: nil, root: directory, bytes: [])
        }
        let folder = FilePath.parent(path)
        if let m = try JSONParser.parse(bytes, file: shown).value["manifest"] {
            var decoder = ConfigDecoder(file: shown, root: folder.isEmpty ? "." : folder)
            guard let manifest = decoder.manifestPath(m) else { throw ErrorList(decoder.errors) }
            config.manifest = manifest
        }
        return LoadedConfig(config: config, fileName: shown, root: folder.isEmpty ? "." : folder, bytes: bytes)
    }

    /// What runs when there is no config: whichever of the conventional export folders exist.
    package static func conventions(root: String) throws -> ThemegenConfig {
        var config = ThemegenConfig()
        if FileSystem.isDirectory(join(root, ConfigDefaults.themesInput)) {
            config.themes = [ThemesInput(input: ConfigDefaults.themesInput, outputs: ConfigDefaults.themesOutputs)]
        }
        if FileSystem.isDirectory(join(root, ConfigDefaults.assetsInput)) {
            config.assets = [AssetsInput(input: ConfigDefaults.assetsInput, outputs: ConfigDefaults.assetsOutputs)]
        }
        if config.themes.isEmpty && config.assets.isEmpty {
            throw UsageError("no \(ConfigDefaults.fileName) here and no \(ConfigDefaults.themesInput) or \(ConfigDefaults.assetsInput) folder; run 'themegen config init' or pass --config FILE")
        }
        config.preview = PreviewOutput(output: ConfigDefaults.previewOutput)
        return config
    }

    /// Parses and checks a config. Throws an `ErrorList` of every problem found.
    package static func decode(_ bytes: [UInt8], file: String, root: String) throws -> ThemegenConfig {
        let node = try JSONParser.parse(bytes, file: file)
        var errors = ConfigValidator.validate(node, file: file)
        var decoder = ConfigDecoder(file: file, root: root)
        let config = decoder.decode(node)
        errors += decoder.errors
        if !errors.isEmpty { throw ErrorList(errors) }
        return config
    }

    package static func join(_ dir: String, _ path: String) -> String {
        dir.isEmpty || dir == "." ? path : dir + "/" + path
    }
}

/// Builds the model from a config tree, checking what the shape cannot: that inputs exist,
/// that outputs stay inside the config's folder, out of the inputs and apart from each other.
/// Parts with the wrong type are skipped here; the validator reports them.
struct ConfigDecoder {
    let file: String
    let root: String
    var errors: [ConfigError] = []
    private var inputs: [(path: String, keyPath: String)] = []
    private var outputs: [(path: String, keyPath: String, line: Int)] = []

    init(file: String, root: String) { self.file = file; self.root = root }

    mutating func decode(_ node: JSONItem) -> ThemegenConfig {
        var config = ThemegenConfig()
        if let m = node.value["manifest"], let p = outputPath(m, "manifest") { config.manifest = p }
        for (i, t) in (node.value["themes"]?.value.arrayValue ?? []).enumerated() {
            if let section = themes(t, KeyPath.index("themes", i)) { config.themes.append(section) }
        }
        for (i, a) in (node.value["assets"]?.value.arrayValue ?? []).enumerated() {
            if let section = assets(a, KeyPath.index("assets", i)) { config.assets.append(section) }
        }
        switch node.value["preview"]?.value {
        case .bool(false)?: config.preview = nil
        case .object?:
            let o = node.value["preview"]!.value["output"]
            if let o, let p = outputPath(o, "preview.output") { config.preview = PreviewOutput(output: p) }
        default: config.preview = PreviewOutput(output: ConfigDefaults.previewOutput)
        }
        if let p = config.preview, node.value["preview"]?.value.objectValue == nil {
            outputs.append((p.output, "preview (default output)", node.value["preview"]?.line ?? 0))
        }
        if node.value["manifest"] == nil {
            outputs.append((config.manifest, "manifest (default)", 0))
        }
        checkOverlaps()
        return config
    }

    /// The `manifest` key alone.
    mutating func manifestPath(_ node: JSONItem) -> String? {
        guard node.value.stringValue != nil else {
            fail("manifest", node.line, "expected a string, found \(node.value.typeName)")
            return nil
        }
        return path(node, "manifest", mayLeaveFolder: false)
    }

    private mutating func fail(_ keyPath: String, _ line: Int, _ message: String) {
        errors.append(ConfigError(file: file, line: line, keyPath: keyPath, message: message))
    }

    /// A normalised relative path, or nil (with an error) when it is absolute or escapes.
    private mutating func path(_ node: JSONItem, _ keyPath: String, mayLeaveFolder: Bool) -> String? {
        guard let raw = node.value.stringValue else { return nil }
        if raw.utf8.contains(0) {
            fail(keyPath, node.line, "\"\(TerminalText.safe(raw))\" contains a NUL character; remove it")
            return nil
        }
        if raw.hasPrefix("/") || raw.hasPrefix("~") {
            fail(keyPath, node.line, "\"\(raw)\" must be relative to the config's folder, so that outputs do not depend on where the project is checked out")
            return nil
        }
        var parts: [String] = []
        for part in raw.split(separator: "/") where part != "." {
            if part == "..", let last = parts.last, last != ".." { parts.removeLast() } else { parts.append(String(part)) }
        }
        if parts.isEmpty {
            fail(keyPath, node.line, "expected a path, found \"\(raw)\"")
            return nil
        }
        if !mayLeaveFolder && parts.first == ".." {
            fail(keyPath, node.line, "\"\(raw)\" is outside the config's folder; outputs must stay inside it")
            return nil
        }
        return parts.joined(separator: "/")
    }

    private mutating func outputPath(_ node: JSONItem, _ keyPath: String) -> String? {
        guard let p = path(node, keyPath, mayLeaveFolder: false) else { return nil }
        if p.split(separator: "/").contains(where: { FileSystem.looksTemporary(String($0)) }) {
            fail(keyPath, node.line, "\"\(p)\" looks like one of themegen's temp files (names containing '.themegen-tmp'); choose another name")
            return nil
        }
        outputs.append((p, keyPath, node.line))
        return p
    }

    private mutating func inputFolder(_ node: JSONItem?, _ keyPath: String) -> String? {
        guard let node, let p = path(node, keyPath, mayLeaveFolder: true) else { return nil }
        if !FileSystem.isDirectory(ConfigLoader.join(root, p)) {
            fail(keyPath, node.line, FileSystem.exists(ConfigLoader.join(root, p))
                 ? "\"\(p)\" is not a folder" : "input folder \"\(p)\" does not exist")
        }
        inputs.append((p, keyPath))
        return p
    }

    private mutating func outputList(_ node: JSONItem?, _ keyPath: String, defaults: [OutputSpec]) -> [OutputSpec] {
        guard let node else {
            for (i, d) in defaults.enumerated() { outputs.append((d.output, KeyPath.index(keyPath, i) + " (default)", 0)) }
            return defaults
        }
        var specs: [OutputSpec] = []
        for (i, o) in (node.value.arrayValue ?? []).enumerated() {
            let at = KeyPath.index(keyPath, i)
            let t = o.value["template"]
            let template = t?.value.stringValue
            if let t, let template, let tf = OutputSpec(template: template, output: "").templateFile,
               !FileSystem.exists(ConfigLoader.join(root, tf)) {
                fail(at + ".template", t.line, "template file \"\(tf)\" does not exist")
            }
            guard let template, let out = o.value["output"], let output = outputPath(out, at + ".output") else { continue }
            var params: [String: String] = [:]
            for m in o.value["params"]?.value.objectValue ?? [] {
                switch m.node.value {
                case .string(let s) where m.key == "themeManager" && TemplateParams.booleanParam(s) == nil:
                    fail(KeyPath.member(at + ".params", m.key), m.node.line, "expected true or false, found \(JSONString.quoted(s))")
                case .string(let s): params[m.key] = s
                case .bool(let b): params[m.key] = b ? "true" : "false"
                case _ where m.key == "themeManager":
                    fail(KeyPath.member(at + ".params", m.key), m.node.line, "expected true or false")
                case .number(let n): params[m.key] = n == n.rounded() && abs(n) < 1e15 ? String(Int64(n)) : "\(n)"
                default: break
                }
            }
            specs.append(OutputSpec(template: template, output: output, params: params))
        }
        return specs
    }

    private mutating func themes(_ node: JSONItem, _ at: String) -> ThemesInput? {
        guard node.value.objectValue != nil else { return nil }
        let input = inputFolder(node.value["input"], at + ".input")
        let outs = outputList(node.value["outputs"], at + ".outputs", defaults: ConfigDefaults.themesOutputs)
        var overrides: [String: ThemeOverride] = [:]
        for m in node.value["themes"]?.value.objectValue ?? [] {
            var o = ThemeOverride()
            o.themeColor = m.node.value["themeColor"]?.value.stringValue.flatMap(ConfigColor.parse)
            o.textColors = textColors(m.node.value["textColors"],
                                      KeyPath.member(KeyPath.member(at + ".themes", m.key), "textColors"))
            o.allowPoorFit = m.node.value["allowPoorFit"]?.value.boolValue
            overrides[m.key] = o
        }
        let defaults = textColors(node.value["textColors"], at + ".textColors")
        var colorsets: String?
        if let c = node.value["colorsets"], let p = outputPath(c, at + ".colorsets") {
            colorsets = p
            if !p.hasSuffix(".xcassets") { fail(at + ".colorsets", c.line, "\"\(p)\" must end in .xcassets") }
        }
        let exclude = (node.value["exclude"]?.value.arrayValue ?? []).compactMap { $0.value.stringValue }
        guard let input else { return nil }
        return ThemesInput(input: input, outputs: outs, themes: overrides, colorsets: colorsets, textColors: defaults,
                           allowPoorFit: node.value["allowPoorFit"]?.value.boolValue ?? false, exclude: exclude,
                           convertToSRGB: node.value["colorSpace"]?.value.stringValue == "srgb")
    }

    /// A `textColors` object; each name must give a Swift identifier generated code can declare.
    private mutating func textColors(_ node: JSONItem?, _ at: String) -> [TextColorCheck] {
        var result: [TextColorCheck] = []
        for c in node?.value.objectValue ?? [] {
            let id = SwiftIdentifier.lowerCamel(c.key, fallback: "")
            if id.isEmpty {
                fail(KeyPath.member(at, c.key), c.node.line,
                     "the name \(JSONString.quoted(c.key)) gives no identifier for generated code; use letters, e.g. \"title\"")
            } else if ThemeContext.reservedTextColorMembers.contains(id) {
                fail(KeyPath.member(at, c.key), c.node.line,
                     "the name \(JSONString.quoted(c.key)) gives '\(id)', which generated code already declares; rename it")
            } else if let other = result.first(where: { SwiftIdentifier.lowerCamel($0.name, fallback: "") == id }) {
                fail(KeyPath.member(at, c.key), c.node.line,
                     "\(JSONString.quoted(c.key)) and \(JSONString.quoted(other.name)) both give the identifier '\(id)'; rename one")
            }
            guard let color = c.node.value["color"]?.value.stringValue.flatMap(ConfigColor.parse) else { continue }
            result.append(TextColorCheck(
                name: c.key, color: color,
                dark: c.node.value["dark"]?.value.stringValue.flatMap(ConfigColor.parse),
                large: c.node.value["large"]?.value.boolValue ?? false))
        }
        return result
    }

    private mutating func assets(_ node: JSONItem, _ at: String) -> AssetsInput? {
        guard node.value.objectValue != nil else { return nil }
        let input = inputFolder(node.value["input"], at + ".input")
        var catalog = ConfigDefaults.catalog
        if let c = node.value["catalog"] {
            if let p = outputPath(c, at + ".catalog") {
                catalog = p
                if !p.hasSuffix(".xcassets") { fail(at + ".catalog", c.line, "\"\(p)\" must end in .xcassets") }
            }
        } else {
            outputs.append((catalog, at + ".catalog (default)", 0))
        }
        let outs = outputList(node.value["outputs"], at + ".outputs", defaults: ConfigDefaults.assetsOutputs)
        var options: [String: AssetOptions] = [:]
        for m in node.value["assets"]?.value.objectValue ?? [] {
            var o = AssetOptions()
            if let caps = m.node.value["caps"], caps.value.objectValue != nil {
                func side(_ k: String) -> Double { caps.value[k]?.value.numberValue ?? 0 }
                o.caps = CapInsets(top: side("top"), left: side("left"), bottom: side("bottom"), right: side("right"))
            }
            o.resizing = m.node.value["resizing"]?.value.stringValue.flatMap(ResizingMode.init(rawValue:))
            o.center = m.node.value["center"]?.value.stringValue.flatMap(CenterMode.init(rawValue:))
            o.renderingIntent = m.node.value["renderingIntent"]?.value.stringValue.flatMap(RenderingIntent.init(rawValue:))
            options[m.key] = o
        }
        var namespaces: [String: Bool] = [:]
        for m in node.value["namespaces"]?.value.objectValue ?? [] {
            if let b = m.node.value.boolValue { namespaces[m.key] = b }
        }
        guard let input else { return nil }
        return AssetsInput(input: input, catalog: catalog, outputs: outs, assets: options,
                           providesNamespace: node.value["providesNamespace"]?.value.boolValue ?? false,
                           namespaces: namespaces,
                           autoCaps: node.value["autoCaps"]?.value.boolValue ?? false,
                           pad: node.value["pad"]?.value.boolValue ?? false,
                           convertToSRGB: node.value["colorSpace"]?.value.stringValue == "srgb")
    }

    /// Outputs inside an input folder would be read back as exports; two outputs at one path
    /// (or one inside another) would overwrite each other.
    private mutating func checkOverlaps() {
        func within(_ p: String, _ folder: String) -> Bool { p == folder || p.hasPrefix(folder + "/") }
        for o in outputs {
            if let i = inputs.first(where: { within(o.path, $0.path) }) {
                fail(o.keyPath, o.line, "\"\(o.path)\" is inside the input folder \"\(i.path)\" (\(i.keyPath)); write outputs elsewhere")
            }
        }
        for (n, o) in outputs.enumerated() {
            if let earlier = outputs[..<n].first(where: { within(o.path, $0.path) || within($0.path, o.path) }) {
                let how = earlier.path == o.path ? "is also the output of" : "overlaps the output of"
                fail(o.keyPath, o.line, "\"\(o.path)\" \(how) \(earlier.keyPath)")
            }
        }
    }
}
