#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Mustache
import ThemegenCore
import ThemegenGenerate
import ThemegenGradients

/// `themegen template render|list|cat`: tools for template authors.
enum TemplateCommand {
    static let command = Command(
        name: "template", summary: "Render a template against a JSON context, list templates, or print one.",
        usage: [
            "template render TEMPLATE --context FILE.json [--param KEY=VALUE]...",
            "template list",
            "template cat NAME",
        ],
        options: [
            .value("context", "FILE.json", help: "The JSON context to render (render; '-' reads stdin)."),
            .value("param", "KEY=VALUE", repeatable: true, help: "Set param.KEY in the context (render)."),
            .value("templates", "FOLDER", help: "Where template names are looked up (default ./Templates)."),
        ]
    ) { args, console in
        guard let verb = args.positionals.first else {
            throw UsageError("template: expected a verb: render, list or cat (see 'themegen template --help')")
        }
        let rest = Array(args.positionals.dropFirst())
        let folder = args.value("templates").map { URL(fileURLWithPath: $0) }
        switch verb {
        case "render":
            guard rest.count == 1 else { throw UsageError("template render: expected one TEMPLATE (a name or a path)") }
            guard let contextPath = args.value("context") else {
                throw UsageError("template render: --context FILE.json is required")
            }
            if rest[0] == "json" {
                throw UsageError("template render: 'json' is the built-in model serializer, not a template; use 'themes' or 'slice' with --template json")
            }
            let template = try TemplateLibrary.resolve(rest[0], searchFolder: folder)
            var context = try readContext(contextPath)
            let params = try TemplateParams.parse(args.values("param"))
            if !params.isEmpty {
                guard case .object(var root) = context else {
                    throw FileError(contextPath, "--param needs a context that is a JSON object")
                }
                root["param"] = try TemplateParams.context(params, defaultEnumName: "Theme")
                context = .object(root)
            }
            let text = try CodeGenerator.render(template, context: context, diagnostics: console)
            // A missing partial renders as "" with a warning; under --strict it is an error and
            // nothing is printed.
            guard console.errorCount == 0 else { return console.exitCode }
            console.write(text)
            return .ok
        case "list":
            guard rest.isEmpty else { throw UsageError("template list: takes no arguments") }
            let where_ = TemplateLibrary.folderPath(folder)
            console.print("json".padded(to: 16) + "built-in serializer")
            for entry in TemplateLibrary.list(searchFolder: folder) {
                let origin = entry.origin == .builtin ? "built-in" : "\(where_)/\(entry.name).mustache"
                console.print(entry.name.padded(to: max(16, entry.name.count + 2)) + origin)
            }
            return .ok
        case "cat":
            guard rest.count == 1 else { throw UsageError("template cat: expected one NAME") }
            if rest[0] == "json" {
                throw UsageError("template cat: 'json' is the built-in model serializer, not a template")
            }
            console.write(try TemplateLibrary.resolve(rest[0], searchFolder: folder).source)
            return .ok
        default:
            throw UsageError("template: unknown verb '\(verb)'; expected render, list or cat")
        }
    }

    static func readContext(_ path: String) throws -> TemplateValue {
        let data: Data
        if path == "-" {
            data = Data(FileSystem.readAll(fd: 0))
        } else {
            guard let d = FileManager.default.contents(atPath: path) else {
                throw FileError(path, "cannot read the context file")
            }
            data = d
        }
        guard let text = String(data: data, encoding: .utf8) else { throw FileError(path, "context is not valid UTF-8") }
        return try JSONReader.parse(text, file: path)
    }
}
