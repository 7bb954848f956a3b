import Foundation
import Mustache
import ThemegenCore
import ThemegenGradients
import ThemegenImage
import ThemegenSlicing

/// A template chosen by `--template NAME|PATH`, with its source.
public struct ResolvedTemplate: Sendable {
    public enum Origin: Sendable, Equatable {
        /// Compiled into themegen (a copy of the repository's `Templates/NAME.mustache`).
        case builtin
        /// `NAME.mustache` in the templates folder (`./Templates` unless told otherwise).
        case folder
        /// A path given on the command line.
        case path
    }

    /// What errors call it: the file path, or `builtin:NAME`.
    public let name: String
    public let source: String
    public let origin: Origin
}

/// Finds templates. A spec containing `/` or ending in `.mustache` is a path read from disk; a
/// name is looked up in the templates folder first, then among the built-ins. (`json` selects
/// the built-in serializer and never gets here.)
public enum TemplateLibrary {
    static let builtinPrefix = "builtin:"

    public static func isPath(_ spec: String) -> Bool { spec.contains("/") || spec.hasSuffix(".mustache") }

    /// The folder names are looked up in: `searchFolder`, or `Templates` in the current folder.
    package static func folderPath(_ searchFolder: URL?) -> String { searchFolder?.path ?? "Templates" }

    public static func resolve(_ spec: String, searchFolder: URL? = nil) throws -> ResolvedTemplate {
        if isPath(spec) {
            return ResolvedTemplate(name: spec, source: try read(spec), origin: .path)
        }
        let local = folderPath(searchFolder) + "/" + spec + ".mustache"
        if FileManager.default.fileExists(atPath: local) {
            return ResolvedTemplate(name: local, source: try read(local), origin: .folder)
        }
        if let source = BuiltinTemplates.source(named: spec) {
            return ResolvedTemplate(name: builtinPrefix + spec, source: source, origin: .builtin)
        }
        let known = (["json"] + list(searchFolder: searchFolder).map(\.name)).joined(separator: ", ")
        throw UsageError("no template named '\(spec)' in \(folderPath(searchFolder))/ or built in (known: \(known)); give a path to use a template file")
    }

    /// Every template name with where it comes from, sorted by name; a name in the templates
    /// folder hides the built-in of the same name.
    public static func list(searchFolder: URL? = nil) -> [(name: String, origin: ResolvedTemplate.Origin)] {
        var result: [String: ResolvedTemplate.Origin] = [:]
        for name in BuiltinTemplates.names { result[name] = .builtin }
        let folder = folderPath(searchFolder)
        if let files = try? FileManager.default.contentsOfDirectory(atPath: folder) {
            for f in files where f.hasSuffix(".mustache") { result[String(f.dropLast(".mustache".count))] = .folder }
        }
        return result.keys.sorted { $0.unicodeScalars.lexicographicallyPrecedes($1.unicodeScalars) }.map { ($0, result[$0]!) }
    }

    static func read(_ path: String) throws -> String {
        guard let data = FileManager.default.contents(atPath: path) else {
            var isDir: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDir) {
                throw FileError(path, isDir.boolValue ? "is a folder, not a template file" : "cannot read the template", kind: isDir.boolValue ? .input : .io)
            }
            throw FileError(path, "template file not found")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw FileError(path, "template is not valid UTF-8")
        }
        return text
    }
}

/// Partials as files: `{{> name}}` is `name.mustache` in the folder of the including template.
/// A built-in template's partials are built-ins too. A missing partial is an error here (a
/// typo should not silently drop output).
public struct FolderPartials: PartialResolver {
    public init() {}
    public var missingIsEmpty: Bool { false }

    public func partial(named name: String, includedFrom: String) throws -> (source: String, name: String)? {
        if includedFrom.hasPrefix(TemplateLibrary.builtinPrefix) {
            return BuiltinTemplates.source(named: name).map { ($0, TemplateLibrary.builtinPrefix + name) }
        }
        let folder = FilePath.parent(includedFrom)
        let path = folder.isEmpty ? name + ".mustache" : folder + "/" + name + ".mustache"
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        return (try TemplateLibrary.read(path), path)
    }
}
