import ThemegenCore

/// A template that cannot be parsed or rendered, named by its file with line and column.
package struct TemplateError: ThemegenError, Equatable {
    /// The template's file path, or `builtin:NAME` for a built-in template.
    package let template: String
    package let line: Int
    package let column: Int
    package let message: String

    package init(template: String, line: Int, column: Int, message: String) {
        self.template = template; self.line = line; self.column = column; self.message = message
    }

    package var kind: ErrorKind { .input }
    package var description: String { "\(template):\(line):\(column): \(message)" }
}

/// A position in a template's source: byte offset, turned into line and column on demand.
struct SourceLocation: Sendable, Hashable {
    let offset: Int

    /// 1-based line and column; the column counts characters, so emoji and accents count once.
    func lineColumn(in source: [UInt8]) -> (line: Int, column: Int) {
        var line = 1
        var lineStart = 0
        for i in 0..<min(offset, source.count) where source[i] == UInt8(ascii: "\n") {
            line += 1
            lineStart = i + 1
        }
        let prefix = String(decoding: source[lineStart..<min(offset, source.count)], as: UTF8.self)
        return (line, prefix.count + 1)
    }
}
