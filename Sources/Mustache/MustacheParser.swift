import ThemegenCore

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
        var standalone: Bool
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
        var scopes = [OpenScope(kind: .root, name: "", at: SourceLocation(offset: 0), indent: "", standalone: false)]
        var groupEnd: Int? = nil
        var groupLast = 0

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
            if groupEnd != nil {
                // Between tags of a standalone group: only blanks, which go with the line.
            } else {
                text.append(contentsOf: source[pos..<tagStart])
            }
            guard let tag = scanTag(at: tagStart, open: open, close: close) else {
                throw error("unclosed tag: no '\(String(decoding: close, as: UTF8.self))' after this '\(String(decoding: open, as: UTF8.self))'", at: tagStart)
            }
            let kind = tag.kind, content = tag.content, tagEnd = tag.end

            // Standalone: only whitespace before the tag on its line and after it up to the line
            // end. Parent and block tags may share their line with other such tags
            // (`{{<parent}}{{$block}}`), which then stand alone together.
            var standaloneIndent: [UInt8]? = nil
            if let end = groupEnd {
                if tagStart == groupLast { pos = end; groupEnd = nil } else { pos = tagEnd }
            } else if kind.canStandAlone {
                // Back over blanks only, so a long line of tags costs no more than its length.
                var lineStart = tagStart
                while lineStart > 0, isBlank(source[lineStart - 1]) { lineStart -= 1 }
                if lineStart == 0 || source[lineStart - 1] == UInt8(ascii: "\n") {
                    if let after = lineEnd(from: tagEnd) {
                        standaloneIndent = Array(source[lineStart..<tagStart])
                        pos = after
                    } else if let (last, after, emptyBlock) = standaloneGroup(after: tag, open: open, close: close, scopes: scopes.map(\.kind)) {
                        standaloneIndent = Array(source[lineStart..<tagStart])
                        // `  {{$block}}{{/block}}` stands for its content: the indentation goes,
                        // the line break stays.
                        groupEnd = emptyBlock ? lineBreakStart(from: lastTagEnd(last, open: open, close: close)) : after
                        groupLast = last
                        pos = tagEnd
                    }
                }
                if let indent = standaloneIndent { text.removeLast(indent.count) } else { pos = tagEnd }
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
                scopes.append(OpenScope(kind: scopeKind, name: name, at: at, indent: indentText,
                                        standalone: standaloneIndent != nil))
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
                    node = .block(name: scope.name, children: scope.nodes, at: scope.at,
                                  indent: scope.standalone ? scope.indent : nil)
                case .parent(let dynamic):
                    // Only blocks inside a parent tag matter; other content is ignored (spec).
                    // An overriding block loses the indentation of its first line, which the
                    // block it replaces gives back.
                    var overrides: [String: [MustacheNode]] = [:]
                    for case .block(let name, let children, _, _) in scope.nodes where overrides[name] == nil {
                        var atLineStart = true
                        overrides[name] = Self.deindent(children, by: Self.firstLineIndent(children), atLineStart: &atLineStart)
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

    /// The end of the tag starting at `start`.
    private func lastTagEnd(_ start: Int, open: [UInt8], close: [UInt8]) -> Int {
        scanTag(at: start, open: open, close: close)?.end ?? start
    }

    /// Where the line break after `from` and any blanks starts (or the end of the source).
    private func lineBreakStart(from: Int) -> Int {
        var q = from
        while q < source.count, isBlank(source[q]) { q += 1 }
        return q
    }

    /// The blanks that start the first line of `nodes`.
    static func firstLineIndent(_ nodes: [MustacheNode]) -> String {
        switch nodes.first {
        case .text(let s)?: return String(s.prefix { $0 == " " || $0 == "\t" })
        case .block(_, _, _, let indent?)?: return indent
        case .partial(_, _, let indent, _)?: return indent
        case .parent(_, _, let indent, _, _)?: return indent
        default: return ""
        }
    }

    /// `nodes` with `prefix` taken off the start of every line that has it, including the
    /// indentation of standalone tags, so a block's content is relative to its first line.
    static func deindent(_ nodes: [MustacheNode], by prefix: String, atLineStart: inout Bool) -> [MustacheNode] {
        guard !prefix.isEmpty else { return nodes }
        func strip(_ indent: String) -> String { indent.hasPrefix(prefix) ? String(indent.dropFirst(prefix.count)) : indent }
        return nodes.map { node in
            switch node {
            case .text(let s):
                var lines = s.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
                for i in lines.indices where (i > 0 || atLineStart) && lines[i].hasPrefix(prefix) {
                    lines[i] = String(lines[i].dropFirst(prefix.count))
                }
                atLineStart = s.hasSuffix("\n")
                return .text(lines.joined(separator: "\n"))
            case .section(let path, let inverted, let children, let at):
                return .section(path: path, inverted: inverted, children: deindent(children, by: prefix, atLineStart: &atLineStart), at: at)
            case .block(let name, let children, let at, let indent):
                let kids = deindent(children, by: prefix, atLineStart: &atLineStart)
                return .block(name: name, children: kids, at: at, indent: indent.map(strip))
            case .partial(let name, let dynamic, let indent, let at):
                return .partial(name: name, dynamic: dynamic, indent: strip(indent), at: at)
            case .parent(let name, let dynamic, let indent, let overrides, let at):
                return .parent(name: name, dynamic: dynamic, indent: strip(indent), overrides: overrides, at: at)
            case .variable:
                return node
            }
        }
    }

    private struct ScannedTag { let kind: TagKind; let content: String; let end: Int }

    /// The tag starting at `tagStart` (which holds `open`), or nil when it is never closed.
    private func scanTag(at tagStart: Int, open: [UInt8], close: [UInt8]) -> ScannedTag? {
        let n = source.count
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
        guard let closeAt = find(closing, from: p) else { return nil }
        return ScannedTag(kind: kind, content: trimmed(source[p..<closeAt]), end: closeAt + closing.count)
    }

    /// Where the next line starts when only blanks follow `from` up to the line end.
    private func lineEnd(from: Int) -> Int? {
        let n = source.count
        var q = from
        while q < n, isBlank(source[q]) { q += 1 }
        if q == n { return q }
        if source[q] == UInt8(ascii: "\n") { return q + 1 }
        if source[q] == UInt8(ascii: "\r"), q + 1 < n, source[q + 1] == UInt8(ascii: "\n") { return q + 2 }
        return nil
    }

    /// When `first` is followed on its line only by blanks and more standalone-capable tags, and
    /// the group involves a parent or block (opening one, or closing one), the start of the
    /// group's last tag and where the next line starts.
    private func standaloneGroup(after first: ScannedTag, open: [UInt8], close: [UInt8],
                                 scopes: [OpenScope.Kind]) -> (Int, Int, Bool)? {
        var stack = scopes
        var involvesInheritance = false
        func account(_ tag: ScannedTag) {
            switch tag.kind {
            case .parent: involvesInheritance = true; stack.append(.parent(dynamic: false))
            case .block: involvesInheritance = true; stack.append(.block)
            case .section: stack.append(.section(inverted: false))
            case .inverted: stack.append(.section(inverted: true))
            case .close:
                if let top = stack.last {
                    switch top {
                    case .parent, .block: involvesInheritance = true
                    default: break
                    }
                    if stack.count > 1 { stack.removeLast() }
                }
            default: break
            }
        }
        account(first)
        var q = first.end
        var last = -1
        var count = 1
        var secondIsClose = false
        while true {
            while q < source.count, isBlank(source[q]) { q += 1 }
            if last >= 0, let after = lineEnd(from: q) {
                guard involvesInheritance else { return nil }
                var emptyBlock = false
                if case .block = first.kind, count == 2, secondIsClose { emptyBlock = true }
                return (last, after, emptyBlock)
            }
            guard q + open.count <= source.count, Array(source[q..<q + open.count]) == open,
                  let tag = scanTag(at: q, open: open, close: close), tag.kind.canStandAlone else { return nil }
            if case .delimiter = tag.kind { return nil }
            account(tag)
            count += 1
            if count == 2, case .close = tag.kind { secondIsClose = true }
            last = q
            q = tag.end
        }
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
