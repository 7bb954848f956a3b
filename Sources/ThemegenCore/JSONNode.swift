/// The one JSON tree themegen writes, and its writer. Members keep the order given (build them
/// with `sortedObject` where hash order must not show), so the same model always gives the same
/// bytes. Numbers are `raw` text, so a model keeps its exact digits (`0.5000`).
package indirect enum JSONNode: Sendable, Equatable {
    case object([(String, JSONNode)])
    case array([JSONNode])
    case string(String)
    /// Number, `true`, `false` or `null` text, written as is (e.g. `0.5000`).
    case raw(String)

    /// How a document is laid out and escaped.
    package enum Style: Sendable {
        /// themegen's own files (config schema, manifest, cache): `"key": value`, two-space
        /// indentation, `[]` and `{}` when empty, minimal escaping.
        case plain
        /// The models templates see and `--template json` prints: as `plain`, but strings are
        /// also safe inside a `<script>` (see `JSONString.Style.scriptSafe`).
        case scriptSafe
        /// Asset catalogs, as current Xcode writes them: `"key" : value`, and empty containers
        /// as `[\n\n]` and `{\n\n}`.
        case xcode
    }

    package static let null = JSONNode.raw("null")
    package static func bool(_ b: Bool) -> JSONNode { .raw(b ? "true" : "false") }
    package static func int(_ i: Int) -> JSONNode { .raw(String(i)) }
    /// A number with exactly 4 decimals.
    package static func four(_ d: Double) -> JSONNode { .raw(NumberFormat.four(d)) }

    /// An object from a dictionary, keys in byte order so that output never depends on hash order.
    package static func sortedObject(_ members: [String: JSONNode]) -> JSONNode {
        .object(members.keys.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }.map { ($0, members[$0]!) })
    }

    package static func == (a: JSONNode, b: JSONNode) -> Bool { a.text(.plain) == b.text(.plain) }

    /// The document in the templates' style, ending in a newline.
    package var text: String { text(.scriptSafe) }

    /// The document in `style`, ending in a newline.
    package func text(_ style: Style) -> String {
        var out = ""
        write(to: &out, indent: "", style: style)
        return out + "\n"
    }

    private func write(to out: inout String, indent: String, style: Style) {
        let escaping: JSONString.Style = style == .scriptSafe ? .scriptSafe : .minimal
        switch self {
        case .raw(let r): out += r
        case .string(let s): JSONString.append(s, to: &out, style: escaping)
        case .array(let items):
            if items.isEmpty, style == .xcode { out += "[\n\n" + indent + "]"; return }
            JSONLayout.array(items, indent: indent, to: &out) { item, inner, out in item.write(to: &out, indent: inner, style: style) }
        case .object(let pairs):
            if pairs.isEmpty, style == .xcode { out += "{\n\n" + indent + "}"; return }
            JSONLayout.object(pairs.map { ($0.0, $0.1) }, indent: indent, style: escaping,
                              separator: style == .xcode ? " : " : ": ", to: &out) { value, inner, out in
                value.write(to: &out, indent: inner, style: style)
            }
        }
    }
}
