/// Escaping text for a language's string literal, one Unicode scalar at a time: a fixed
/// replacement for some scalars (`table`), a computed one for others (`other`, nil to keep
/// the scalar). The JSON, Swift, Objective-C and HTML escapers are this loop with their own
/// tables (CSS looks at the previous scalar too, so it keeps its own loop).
struct ScalarEscaper: Sendable {
    let table: [Unicode.Scalar: String]
    let other: @Sendable (Unicode.Scalar) -> String?

    init(_ table: [Unicode.Scalar: String], other: @escaping @Sendable (Unicode.Scalar) -> String? = { _ in nil }) {
        self.table = table
        self.other = other
    }

    /// `s` with every scalar that needs it replaced, appended to `out`.
    func append(_ s: String, to out: inout String) {
        for u in s.unicodeScalars {
            if let r = table[u] ?? other(u) { out += r } else { out.unicodeScalars.append(u) }
        }
    }

    func callAsFunction(_ s: String) -> String {
        var out = ""
        append(s, to: &out)
        return out
    }

    /// `value` in `radix`, zero-padded to at least `count` digits: `digits(0x1F, 4)` is `001f`.
    static func digits(_ value: UInt32, _ count: Int, radix: Int = 16, uppercase: Bool = false) -> String {
        let d = String(value, radix: radix, uppercase: uppercase)
        return String(repeating: "0", count: max(0, count - d.count)) + d
    }
}
