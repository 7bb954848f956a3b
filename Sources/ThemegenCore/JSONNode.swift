/// JSON text with keys in the order given, 2-space indentation and a trailing newline, so the
/// same model always gives the same bytes.
public indirect enum JSONNode: Sendable, Equatable {
    case object([(String, JSONNode)])
    case array([JSONNode])
    case string(String)
    /// Number, `true`, `false` or `null` text, written as is (e.g. `0.5000`).
    case raw(String)

    public static let null = JSONNode.raw("null")
    public static func bool(_ b: Bool) -> JSONNode { .raw(b ? "true" : "false") }
    public static func int(_ i: Int) -> JSONNode { .raw(String(i)) }
    /// A number with exactly 4 decimals.
    public static func four(_ d: Double) -> JSONNode { .raw(NumberFormat.four(d)) }

    public static func == (a: JSONNode, b: JSONNode) -> Bool { a.text == b.text }

    /// The document text, ending in a newline.
    public var text: String {
        var out = ""
        write(to: &out, indent: "")
        return out + "\n"
    }

    private func write(to out: inout String, indent: String) {
        switch self {
        case .raw(let r): out += r
        case .string(let s): JSONString.append(s, to: &out, style: .scriptSafe)
        case .array(let items):
            JSONLayout.array(items, indent: indent, to: &out) { item, inner, out in item.write(to: &out, indent: inner) }
        case .object(let pairs):
            JSONLayout.object(pairs.map { ($0.0, $0.1) }, indent: indent, style: .scriptSafe, to: &out) { value, inner, out in
                value.write(to: &out, indent: inner)
            }
        }
    }
}
