#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Mustache
import ThemegenCore

/// A template chosen by `--template NAME|PATH`, with its source.
package struct ResolvedTemplate: Sendable {
    package enum Origin: Sendable, Equatable {
        /// Compiled into themegen (a copy of the repository's `Templates/NAME.mustache`).
        case builtin
        /// `NAME.mustache` in the templates folder (`./Templates` unless told otherwise).
        case folder
        /// A path given on the command line.
        case path
    }

    /// What errors call it: the file path, or `builtin:NAME`.
    package let name: String
    package let source: String
    package let origin: Origin

    /// The model a template renders, declared by its first line: `{{! kind: themes }}` or
    /// `{{! kind: assets }}` (a Mustache comment, so it renders as nothing).
    package enum Kind: String, Sendable { case themes, assets }

    /// The declared kind; nil when the first line declares none (the template is then used for
    /// whatever it is given).
    package var kind: Kind? {
        func trimmed(_ s: Substring) -> Substring {
            var t = s
            while let c = t.first, c == " " || c == "\t" { t.removeFirst() }
            while let c = t.last, c == " " || c == "\t" || c == "\r" { t.removeLast() }
            return t
        }
        let firstLine = trimmed(source.prefix { $0 != "\n" })
        guard firstLine.hasPrefix("{{!"), firstLine.hasSuffix("}}") else { return nil }
        let body = trimmed(firstLine.dropFirst(3).dropLast(2))
        guard body.hasPrefix("kind:") else { return nil }
        return Kind(rawValue: String(trimmed(body.dropFirst(5))))
    }

    /// Throws unless the template may render `model`.
    package func check(renders model: Kind) throws {
        guard let kind, kind != model else { return }
        let what = kind == .themes ? "a theme template" : "an asset template"
        let use = model == .themes ? "themes (e.g. swift, objc-h, objc-m, css or json)" : "assets (e.g. swift-assets or json)"
        throw UsageError("template \(name) is \(what) (its first line says {{! kind: \(kind.rawValue) }}) but was given \(model.rawValue); use a template for \(use)")
    }
}

/// Finds templates. A spec containing `/` or ending in `.mustache` is a path read from disk; a
/// name is looked up in the templates folder first, then among the built-ins. (`json` selects
/// the built-in serializer and never gets here.)
package enum TemplateLibrary {
    static let builtinPrefix = "builtin:"

    package static func isPath(_ spec: String) -> Bool { spec.contains("/") || spec.hasSuffix(".mustache") }

    /// The folder names are looked up in: `searchFolder`, or `Templates` in the current folder.
    package static func folderPath(_ searchFolder: URL?) -> String { searchFolder?.path ?? "Templates" }

    package static func resolve(_ spec: String, searchFolder: URL? = nil) throws -> ResolvedTemplate {
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
        let names = ["json"] + list(searchFolder: searchFolder).map(\.name)
        throw UsageError("no template named '\(spec)' in \(folderPath(searchFolder))/ or built in\(Suggestion.phrase(for: spec, in: names)) (known: \(names.joined(separator: ", "))); give a path to use a template file")
    }

    /// Every template name with where it comes from, sorted by name; a name in the templates
    /// folder hides the built-in of the same name.
    package static func list(searchFolder: URL? = nil) -> [(name: String, origin: ResolvedTemplate.Origin)] {
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
            if let isDir = FileSystem.isFolder(path) {
                throw FileError(path, isDir ? "is a folder, not a template file" : "cannot read the template", kind: isDir ? .input : .io)
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
package struct FolderPartials: PartialResolver {
    package init() {}
    package var missingIsEmpty: Bool { false }

    package func partial(named name: String, includedFrom: String) throws -> (source: String, name: String)? {
        if includedFrom.hasPrefix(TemplateLibrary.builtinPrefix) {
            return BuiltinTemplates.source(named: name).map { ($0, TemplateLibrary.builtinPrefix + name) }
        }
        // Only from the template's own folder and below: never `..`, an absolute path, or a
        // link leading out of the folder.
        if let problem = PathGuard.formProblem(name) {
            throw FileError(includedFrom, "partial '\(name)': the name \(problem); partials are files in this template's folder or below it")
        }
        let folder = FilePath.parent(includedFrom)
        let path = folder.isEmpty ? name + ".mustache" : folder + "/" + name + ".mustache"
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        let inside = PathGuard(base: folder.isEmpty ? "." : folder, roots: [folder.isEmpty ? "." : folder],
                               describedAs: "the template's folder")
        do { try inside.check(name + ".mustache", shownAs: path) } catch let e as FileError {
            throw FileError(includedFrom, "partial '\(name)': \(e.path) \(e.message)")
        }
        return (try TemplateLibrary.read(path), path)
    }
}
