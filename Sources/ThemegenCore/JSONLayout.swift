/// The text layout `JSONValue.serialized()` and the templates' `JSONNode` share: two-space
/// indentation, one element or member a line, `"key": value`, `[]` and `{}` when empty.
/// (Asset catalogs use Xcode's own layout, `XcodeJSON`.)
enum JSONLayout {
    /// Writes `[…]`; `element` writes one element at the indentation it is given.
    static func array<Element>(_ elements: [Element], indent: String, to out: inout String,
                               element: (Element, String, inout String) -> Void) {
        if elements.isEmpty { out += "[]"; return }
        let inner = indent + "  "
        out += "[\n"
        for (i, e) in elements.enumerated() {
            out += inner
            element(e, inner, &out)
            out += i == elements.count - 1 ? "\n" : ",\n"
        }
        out += indent + "]"
    }

    /// Writes `{…}` with members in the order given; keys escaped in `style`.
    static func object<Value>(_ members: [(key: String, value: Value)], indent: String, style: JSONString.Style = .minimal,
                              to out: inout String, value: (Value, String, inout String) -> Void) {
        if members.isEmpty { out += "{}"; return }
        let inner = indent + "  "
        out += "{\n"
        for (i, m) in members.enumerated() {
            out += inner
            JSONString.append(m.key, to: &out, style: style)
            out += ": "
            value(m.value, inner, &out)
            out += i == members.count - 1 ? "\n" : ",\n"
        }
        out += indent + "}"
    }
}
