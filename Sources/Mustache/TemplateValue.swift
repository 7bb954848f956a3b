import ThemegenCore

/// A value a template renders from: the JSON data model, without code (no lambdas).
///
/// Objects keep their keys in a dictionary: Mustache only looks keys up, never lists them,
/// so key order cannot leak into output.
package enum TemplateValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case list([TemplateValue])
    case object([String: TemplateValue])
    /// A list whose items are made when a section reaches them, and dropped after: the context
    /// of a page of 500 themes would otherwise hold every theme's keys at once. Equal to the
    /// `list` of the same items.
    case lazyList(LazyTemplateList)

    /// Falsey values skip a section and show an inverted one: `null`, `false`, `""` and `[]`.
    /// Numbers, including 0, are truthy.
    package var isFalsey: Bool {
        switch self {
        case .null: return true
        case .bool(let b): return !b
        case .string(let s): return s.isEmpty
        case .list(let l): return l.isEmpty
        case .lazyList(let l): return l.count == 0
        case .number, .object: return false
        }
    }

    /// The text an interpolation tag writes (before HTML escaping).
    package var interpolated: String {
        switch self {
        case .null: return ""
        case .bool(let b): return b ? "true" : "false"
        case .string(let s): return s
        case .number(let d): return TemplateValue.format(d)
        case .list, .lazyList: return (items ?? []).map(\.interpolated).joined(separator: ",")
        case .object: return ""
        }
    }

    /// A list's items (a lazy list's, all made); nil for other values.
    package var items: [TemplateValue]? {
        switch self {
        case .list(let l): return l
        case .lazyList(let l): return (0..<l.count).map { l[$0] }
        default: return nil
        }
    }

    package static func == (a: TemplateValue, b: TemplateValue) -> Bool {
        switch (a, b) {
        case (.null, .null): return true
        case (.bool(let x), .bool(let y)): return x == y
        case (.number(let x), .number(let y)): return x == y
        case (.string(let x), .string(let y)): return x == y
        case (.object(let x), .object(let y)): return x == y
        case (.list, .list), (.list, .lazyList), (.lazyList, .list), (.lazyList, .lazyList): return a.items == b.items
        default: return false
        }
    }

    package func hash(into h: inout Hasher) {
        switch self {
        case .null: h.combine(0)
        case .bool(let b): h.combine(1); h.combine(b)
        case .number(let d): h.combine(2); h.combine(d)
        case .string(let s): h.combine(3); h.combine(s)
        case .object(let o): h.combine(4); h.combine(o)
        case .list, .lazyList: h.combine(5); h.combine(items ?? [])
        }
    }

    /// Whole numbers print without a fraction (`85`), others in shortest form (`1.21`).
    static func format(_ d: Double) -> String {
        if d.isFinite, d == d.rounded(), abs(d) < 1e15 { return String(Int64(d)) }
        return "\(d)"
    }

    package subscript(key: String) -> TemplateValue? {
        if case .object(let o) = self { return o[key] }
        return nil
    }
}

extension TemplateValue: ExpressibleByStringLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByNilLiteral {
    package init(stringLiteral value: String) { self = .string(value) }
    package init(booleanLiteral value: Bool) { self = .bool(value) }
    package init(arrayLiteral elements: TemplateValue...) { self = .list(elements) }
    package init(dictionaryLiteral elements: (String, TemplateValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
    package init(nilLiteral: ()) { self = .null }
}

extension TemplateValue {
    /// The context as JSON with sorted keys, so template authors can save the real context of a
    /// run and iterate on a template with `themegen template render T --context FILE.json`.
    package var jsonText: String { node.text }

    private var node: JSONNode {
        switch self {
        case .null: return .null
        case .bool(let b): return .bool(b)
        case .number(let d): return .raw(TemplateValue.format(d))
        case .string(let s): return .string(s)
        case .list, .lazyList: return .array((items ?? []).map(\.node))
        case .object(let o):
            return .object(o.keys.sorted { $0.unicodeScalars.lexicographicallyPrecedes($1.unicodeScalars) }.map { ($0, o[$0]!.node) })
        }
    }
}

/// The items of a `lazyList`: how many, and how to make each.
package final class LazyTemplateList: Sendable {
    package let count: Int
    private let make: @Sendable (Int) -> TemplateValue

    package init(count: Int, make: @escaping @Sendable (Int) -> TemplateValue) {
        self.count = count; self.make = make
    }

    package subscript(i: Int) -> TemplateValue { make(i) }
}
