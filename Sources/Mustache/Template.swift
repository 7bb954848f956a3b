import ThemegenCore

/// Finds the source of a partial (`{{> name}}`) or parent (`{{< name}}`) template.
package protocol PartialResolver: Sendable {
    /// The partial's source and the name its errors are reported under, or nil when there is
    /// no such partial. `includedFrom` is the name of the including template.
    func partial(named name: String, includedFrom: String) throws -> (source: String, name: String)?
    /// Whether a missing partial renders as "" without a word (the spec's default). Otherwise
    /// it renders as "" with a warning when the render has diagnostics, else it is an error.
    var missingIsEmpty: Bool { get }
}

/// Partials given by name, as the spec tests give them. A missing one renders as "".
package struct DictionaryPartials: PartialResolver {
    package let partials: [String: String]
    package init(_ partials: [String: String]) { self.partials = partials }
    package func partial(named name: String, includedFrom: String) throws -> (source: String, name: String)? {
        partials[name].map { ($0, name) }
    }
    package var missingIsEmpty: Bool { true }
}

/// A parsed Mustache template. Parse once, render many times.
package struct Template: Sendable {
    /// The template's file path (or `builtin:NAME`), used in error messages.
    package let name: String
    let source: [UInt8]
    let nodes: [MustacheNode]

    package init(source: String, name: String) throws {
        self.name = name
        self.source = Array(source.utf8)
        self.nodes = try MustacheParser(source: self.source, templateName: name).parse()
    }

    /// Renders against `context`. Partials come from `partials`; with none, every partial is "".
    /// `maxSteps` and `maxOutputBytes` default to the documented limits; the fuzz targets
    /// lower them so an input that reaches them stays well under libFuzzer's timeout.
    /// `diagnostics` gets a warning for each partial the resolver does not find (rendered as
    /// "", as the spec says); without it such a partial is an error.
    package func render(_ context: TemplateValue, partials: PartialResolver = DictionaryPartials([:]),
                       maxSteps: Int = MustacheRenderer.maxSteps,
                       maxOutputBytes: Int = MustacheRenderer.maxOutputBytes,
                       diagnostics: (any Diagnostics)? = nil) throws -> String {
        let renderer = MustacheRenderer(resolver: partials)
        renderer.diagnostics = diagnostics
        renderer.stepLimit = maxSteps
        renderer.outputLimit = maxOutputBytes
        var stack = [context]
        try renderer.render(nodes, in: self, stack: &stack, blocks: [:], depth: 0)
        return renderer.output
    }

    func error(_ message: String, at location: SourceLocation) -> TemplateError {
        let (line, column) = location.lineColumn(in: source)
        return TemplateError(template: name, line: line, column: column, message: message)
    }

    /// Every line of `source` with `indent` in front, as a standalone partial tag asks for.
    static func indented(_ source: String, by indent: String) -> String {
        guard !indent.isEmpty else { return source }
        var result = indent
        var chars = source.unicodeScalars.makeIterator()
        var pending = false
        while let c = chars.next() {
            if pending { result += indent; pending = false }
            result.unicodeScalars.append(c)
            if c == "\n" { pending = true }
        }
        return result
    }
}

/// Renders a node tree. One renderer per render call: it caches the partials it parsed.
package final class MustacheRenderer {
    /// Sections and partials nested deeper than this (e.g. a partial including itself forever)
    /// are an error, not a stack overflow.
    static let maxDepth = 100
    /// A render whose output passes this many bytes stops with an error: no generated file is
    /// that large, and a few nested sections over long lists would otherwise fill the disk.
    package static let maxOutputBytes = 64 * 1024 * 1024
    /// Nodes visited in one render (each text, variable, section pass, partial): 30 nested
    /// sections over a 10-item list would never finish. The bundled preview of Exports/ (12
    /// themes, 6 assets) takes 3,000, about 170 per item, so 2,000 assets and 500 themes need
    /// about 425,000.
    package static let maxSteps = 4_000_000
    var stepLimit = maxSteps
    var outputLimit = maxOutputBytes

    struct Override { let nodes: [MustacheNode]; let template: Template }

    let resolver: PartialResolver
    var output = ""
    private var cache: [String: Template] = [:]
    private var steps = 0
    /// The innermost tag being rendered, for limit errors raised at plain text.
    private var enclosing = SourceLocation(offset: 0)
    private var enclosingTemplate: Template?

    /// Where a missing partial is reported (nil: it is an error, unless the resolver says empty).
    var diagnostics: (any Diagnostics)?
    init(resolver: PartialResolver) { self.resolver = resolver }

    func render(_ nodes: [MustacheNode], in template: Template, stack: inout [TemplateValue],
                blocks: [String: Override], depth: Int) throws {
        for node in nodes {
            steps += 1
            if steps > stepLimit {
                throw (enclosingTemplate ?? template).error("rendering stopped after \(stepLimit) steps (sections nested over long lists, or partials fanning out?)", at: enclosing)
            }
            switch node {
            case .text(let s):
                output += s
                try checkSize(template)
            case .variable(let path, let escaped, let at):
                let text = lookup(path, in: stack).interpolated
                output += escaped ? StringForms.html(text) : text
                enclosing = at; enclosingTemplate = template
                try checkSize(template)
            case .section(let path, let inverted, let children, let at):
                enclosing = at; enclosingTemplate = template
                let value = lookup(path, in: stack)
                if inverted {
                    if value.isFalsey { try render(children, in: template, stack: &stack, blocks: blocks, depth: try deeper(depth, template, at)) }
                    continue
                }
                if value.isFalsey { continue }
                let next = try deeper(depth, template, at)
                if case .list(let items) = value {
                    for item in items {
                        stack.append(item)
                        defer { stack.removeLast() }
                        try render(children, in: template, stack: &stack, blocks: blocks, depth: next)
                    }
                } else if case .lazyList(let items) = value {
                    for i in 0..<items.count {
                        stack.append(items[i])
                        defer { stack.removeLast() }
                        try render(children, in: template, stack: &stack, blocks: blocks, depth: next)
                    }
                } else {
                    stack.append(value)
                    defer { stack.removeLast() }
                    try render(children, in: template, stack: &stack, blocks: blocks, depth: next)
                }
            case .partial(let name, let dynamic, let indent, let at):
                let next = try deeper(depth, template, at)
                guard let partial = try load(name, dynamic: dynamic, indent: indent, from: template, at: at, stack: stack) else { continue }
                try render(partial.nodes, in: partial, stack: &stack, blocks: blocks, depth: next)
            case .block(let name, let children, let at, let indent):
                // Counted in the depth: an override may contain its own block again.
                let next = try deeper(depth, template, at)
                if let o = blocks[name] {
                    guard let indent else {
                        try render(o.nodes, in: o.template, stack: &stack, blocks: blocks, depth: next)
                        continue
                    }
                    // A standalone block gives the override its indentation, or that of its
                    // default content when the tag itself is not indented.
                    let lineIndent = indent.isEmpty ? MustacheParser.firstLineIndent(children) : indent
                    let saved = output
                    output = ""
                    try render(o.nodes, in: o.template, stack: &stack, blocks: blocks, depth: next)
                    output = saved + Template.indented(output, by: lineIndent)
                } else {
                    try render(children, in: template, stack: &stack, blocks: blocks, depth: next)
                }
            case .parent(let name, let dynamic, let indent, let overrides, let at):
                let next = try deeper(depth, template, at)
                guard let parent = try load(name, dynamic: dynamic, indent: indent, from: template, at: at, stack: stack) else { continue }
                // Blocks given further out win over those given here (multi-level inheritance).
                var merged = overrides.mapValues { Override(nodes: $0, template: template) }
                merged.merge(blocks) { _, outer in outer }
                try render(parent.nodes, in: parent, stack: &stack, blocks: merged, depth: next)
            }
        }
    }

    private func checkSize(_ template: Template) throws {
        if output.utf8.count > outputLimit {
            throw (enclosingTemplate ?? template).error("rendering stopped: the output passed \(outputLimit / 1024 / 1024) MB (sections nested over long lists?)", at: enclosing)
        }
    }

    private func deeper(_ depth: Int, _ template: Template, _ at: SourceLocation) throws -> Int {
        enclosing = at; enclosingTemplate = template
        guard depth < Self.maxDepth else {
            throw template.error("sections and partials nested deeper than \(Self.maxDepth) levels (a partial that includes itself?)", at: at)
        }
        return depth + 1
    }

    private func load(_ name: String, dynamic: Bool, indent: String, from template: Template,
                      at: SourceLocation, stack: [TemplateValue]) throws -> Template? {
        var partialName = name
        if dynamic {
            let path = name == "." ? [] : name.split(separator: ".").map(String.init)
            partialName = lookup(path, in: stack).interpolated
            if partialName.isEmpty { return nil }
        }
        let key = template.name + "\u{0}" + partialName + "\u{0}" + indent
        if let cached = cache[key] { return cached }
        guard let found = try resolver.partial(named: partialName, includedFrom: template.name) else {
            if resolver.missingIsEmpty { return nil }
            let missing = template.error("partial '\(partialName)' not found (looked for \(partialName).mustache next to this template)", at: at)
            guard let diagnostics else { throw missing }
            // The spec renders a missing partial as ""; a typo should not pass without a word.
            diagnostics.warning(missing.description + "; it renders as empty")
            return nil
        }
        let parsed = try Template(source: Template.indented(found.source, by: indent), name: found.name)
        cache[key] = parsed
        return parsed
    }

    /// `a.b.c`: `a` is looked up through the stack, innermost first; `b` and `c` only inside it.
    private func lookup(_ path: [String], in stack: [TemplateValue]) -> TemplateValue {
        guard let first = path.first else { return stack.last ?? .null }
        var value: TemplateValue? = nil
        for frame in stack.reversed() {
            if let v = frame[first] { value = v; break }
        }
        guard var current = value else { return .null }
        for key in path.dropFirst() {
            guard let v = current[key] else { return .null }
            current = v
        }
        return current
    }
}
