/// Turns template source into a `MustacheNode` tree, following the Mustache spec's
/// standalone-line rules (a section, comment, partial or delimiter tag alone on its line takes
/// the whole line with it).
struct MustacheParser {
    /// Sections, blocks and parents nested deeper than this are an error, not a stack overflow.
    static let maxDepth = 100

    let source: [UInt8]
    let templateName: String

    private enum TagKind {
        case variable(escaped: Bool), section, inverted, close, comment, partial, delimiter, block, parent
        var canStandAlone: Bool {
            if case .variable = self { return false }
            return true
        }
    }

    private struct OpenScope {
        enum Kind { case root, section(inverted: Bool), block, parent(dynamic: Bool) }
        var kind: Kind
        var name: String
        var at: SourceLocation
        var indent: String
        var nodes: [MustacheNode] = []
    }

    func error(_ message: String, at offset: Int) -> TemplateError {
        let (line, column) = SourceLocation(offset: offset).lineColumn(in: source)
        return TemplateError(template: templateName, line: line, column: column, message: message)
    }

    func parse() throws -> [MustacheNode] {
        let n = source.count
        var open: [UInt8] = Array("{{".utf8)
        var close: [UInt8] = Array("}}".utf8)
        var pos = 0
        var text: [UInt8] = []
        var scopes = [OpenScope(kind: .root, name: "", at: SourceLocation(offset: 0), indent: "")]

        func flushText() {
            if !text.isEmpty {
                scopes[scopes.count - 1].nodes.append(.text(String(decoding: text, as: UTF8.self)))
                text.removeAll(keepingCapacity: true)
            }
        }

        while pos < n {
            guard let tagStart = find(open, from: pos) else {
                text.append(contentsOf: source[pos..<n])
                break
            }
            text.append(contentsOf: source[pos..<tagStart])
            var p = tagStart + open.count
            let sigil: UInt8? = p < n ? source[p] : nil
            var kind: TagKind = .variable(escaped: true)
            var closing = close
            switch sigil {
            case UInt8(ascii: "#"): kind = .section
            case UInt8(ascii: "^"): kind = .inverted
            case UInt8(ascii: "/"): kind = .close
            case UInt8(ascii: "!"): kind = .comment
            case UInt8(ascii: ">"): kind = .partial
            case UInt8(ascii: "="): kind = .delimiter; closing = Array("=".utf8) + close
            case UInt8(ascii: "&"): kind = .variable(escaped: false)
            case UInt8(ascii: "{"): kind = .variable(escaped: false); closing = Array("}".utf8) + close
            case UInt8(ascii: "$"): kind = .block
            case UInt8(ascii: "<"): kind = .parent
            default: break
            }
            if case .variable(escaped: true) = kind {} else { p += 1 }
            guard let closeAt = find(closing, from: p) else {
                throw error("unclosed tag: no '\(String(decoding: closing, as: UTF8.self))' after this '\(String(decoding: open, as: UTF8.self))'", at: tagStart)
            }
            let content = trimmed(source[p..<closeAt])
            let tagEnd = closeAt + closing.count

            // Standalone: only whitespace before the tag on its line and after it up to the line end.
            var standaloneIndent: [UInt8]? = nil
            var afterLine = tagEnd
            if kind.canStandAlone {
                var lineStart = tagStart
                while lineStart > 0, source[lineStart - 1] != UInt8(ascii: "\n") { lineStart -= 1 }
                if source[lineStart..<tagStart].allSatisfy(isBlank) {
                    var q = tagEnd
                    while q < n, isBlank(source[q]) { q += 1 }
                    if q == n { standaloneIndent = Array(source[lineStart..<tagStart]); afterLine = q }
                    else if source[q] == UInt8(ascii: "\n") { standaloneIndent = Array(source[lineStart..<tagStart]); afterLine = q + 1 }
                    else if source[q] == UInt8(ascii: "\r"), q + 1 < n, source[q + 1] == UInt8(ascii: "\n") {
                        standaloneIndent = Array(source[lineStart..<tagStart]); afterLine = q + 2
                    }
                }
            }
            if let indent = standaloneIndent {
                text.removeLast(indent.count)
                pos = afterLine
            } else {
                pos = tagEnd
            }
            let indentText = String(decoding: standaloneIndent ?? [], as: UTF8.self)
            let at = SourceLocation(offset: tagStart)

            switch kind {
            case .comment:
                continue
            case .delimiter:
                let parts = content.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" })
                guard parts.count == 2, !parts.contains(where: { $0.contains("=") }) else {
                    throw error("bad delimiter tag '\(content)': expected two delimiters without '=' or spaces, e.g. {{=<% %>=}}", at: tagStart)
                }
                open = Array(parts[0].utf8)
                close = Array(parts[1].utf8)
            case .variable(let escaped):
                flushText()
                let path = try namePath(content, at: tagStart)
                scopes[scopes.count - 1].nodes.append(.variable(path: path, escaped: escaped, at: at))
            case .partial:
                flushText()
                let (name, dynamic) = try partialName(content, at: tagStart)
                scopes[scopes.count - 1].nodes.append(.partial(name: name, dynamic: dynamic, indent: indentText, at: at))
            case .section, .inverted, .block, .parent:
                flushText()
                guard scopes.count <= Self.maxDepth else {
                    throw error("sections nested deeper than \(Self.maxDepth) levels", at: tagStart)
                }
                let scopeKind: OpenScope.Kind
                var name = content
                switch kind {
                case .section: scopeKind = .section(inverted: false); _ = try namePath(content, at: tagStart)
                case .inverted: scopeKind = .section(inverted: true); _ = try namePath(content, at: tagStart)
                case .block: scopeKind = .block; _ = try plainName(content, at: tagStart)
                default:
                    let (n, dynamic) = try partialName(content, at: tagStart)
                    name = n
                    scopeKind = .parent(dynamic: dynamic)
                }
                scopes.append(OpenScope(kind: scopeKind, name: name, at: at, indent: indentText))
            case .close:
                flushText()
                let scope = scopes.removeLast()
                if case .root = scope.kind {
                    throw error("closing tag '\(content)' has no open section", at: tagStart)
                }
                let closeName: String
                if case .parent = scope.kind { closeName = (try? partialName(content, at: tagStart).0) ?? content }
                else { closeName = content }
                guard closeName == scope.name else {
                    let (l, c) = scope.at.lineColumn(in: source)
                    throw error("closing tag '\(content)' does not match open section '\(scope.name)' (opened at \(l):\(c))", at: tagStart)
                }
                let node: MustacheNode
                switch scope.kind {
                case .root: fatalError("unreachable")
                case .section(let inverted):
                    node = .section(path: try namePath(scope.name, at: scope.at.offset), inverted: inverted,
                                    children: scope.nodes, at: scope.at)
                case .block:
                    node = .block(name: scope.name, children: scope.nodes)
                case .parent(let dynamic):
                    // Only blocks inside a parent tag matter; other content is ignored (spec).
                    var overrides: [String: [MustacheNode]] = [:]
                    for case .block(let name, let children) in scope.nodes where overrides[name] == nil {
                        overrides[name] = children
                    }
                    node = .parent(name: scope.name, dynamic: dynamic, indent: scope.indent,
                                   overrides: overrides, at: scope.at)
                }
                scopes[scopes.count - 1].nodes.append(node)
            }
        }
        flushText()
        if scopes.count > 1 {
            let open = scopes[scopes.count - 1]
            throw error("unclosed section '\(open.name)': no '{{/\(open.name)}}' before the end of the template", at: open.at.offset)
        }
        return scopes[0].nodes
    }

    private func isBlank(_ b: UInt8) -> Bool { b == UInt8(ascii: " ") || b == UInt8(ascii: "\t") }

    private func find(_ needle: [UInt8], from start: Int) -> Int? {
        let n = source.count, m = needle.count
        guard m > 0, start + m <= n else { return nil }
        let first = needle[0]
        var i = start
        while i + m <= n {
            if source[i] == first {
                var j = 1
                while j < m, source[i + j] == needle[j] { j += 1 }
                if j == m { return i }
            }
            i += 1
        }
        return nil
    }

    private func trimmed(_ bytes: ArraySlice<UInt8>) -> String {
        var lo = bytes.startIndex, hi = bytes.endIndex
        func ws(_ b: UInt8) -> Bool { b == 32 || b == 9 || b == 10 || b == 13 }
        while lo < hi, ws(bytes[lo]) { lo += 1 }
        while hi > lo, ws(bytes[hi - 1]) { hi -= 1 }
        return String(decoding: bytes[lo..<hi], as: UTF8.self)
    }

    private func plainName(_ content: String, at offset: Int) throws -> String {
        guard !content.isEmpty else { throw error("empty tag: a name is missing", at: offset) }
        guard !content.contains(where: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }) else {
            throw error("bad tag '\(content)': a name cannot contain spaces", at: offset)
        }
        return content
    }

    /// `.` is the current item; `a.b.c` looks `a` up the context stack, then `b` and `c` inside it.
    private func namePath(_ content: String, at offset: Int) throws -> [String] {
        let name = try plainName(content, at: offset)
        if name == "." { return [] }
        let parts = name.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard !parts.contains(where: \.isEmpty) else {
            throw error("bad tag '\(content)': empty part in a dotted name", at: offset)
        }
        return parts
    }

    private func partialName(_ content: String, at offset: Int) throws -> (String, Bool) {
        if content.hasPrefix("*") {
            let rest = trimmed(ArraySlice(content.dropFirst().utf8))
            _ = try namePath(rest, at: offset)
            return (rest, true)
        }
        return (try plainName(content, at: offset), false)
    }
}
