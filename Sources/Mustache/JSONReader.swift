import ThemegenCore

/// Reads a template context: JSON parsed by `JSONParser` (so `true` stays a Bool and `1` a
/// number on every platform), turned into `TemplateValue`.
package enum JSONReader {
    /// A context that is not valid JSON: `file:line:column: invalid JSON: message`.
    package static func parse(_ text: String, file: String) throws -> TemplateValue {
        value(try JSONParser.parse(Array(text.utf8), file: file).value)
    }

    /// The template form of a parsed JSON value.
    package static func value(_ json: JSONValue) -> TemplateValue {
        switch json {
        case .null: return .null
        case .bool(let b): return .bool(b)
        case .number(let n): return .number(n)
        case .string(let s): return .string(s)
        case .array(let items): return .list(items.map { value($0.value) })
        case .object(let members):
            return .object(Dictionary(members.map { ($0.key, value($0.node.value)) }, uniquingKeysWith: { _, last in last }))
        }
    }
}
