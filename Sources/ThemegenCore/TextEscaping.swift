/// Escaping text for a language's string literal, one Unicode scalar at a time: a fixed
/// replacement for some scalars (`table`), a computed one for others (`other`, nil to keep
/// the scalar). The JSON, Swift, Objective-C and HTML escapers are this loop with their own
/// tables (CSS looks at the previous scalar too, so it keeps its own loop).
struct ScalarEscaper: Sendable {
    let table: [Unicode.Scalar: String]
    let other: @Sendable (Unicode.Scalar) -> String?
    /// Per ASCII code: whether it is replaced. Most text (paths, hashes, names) is ASCII with
    /// nothing to replace, and is then appended whole: the manifest of a large catalog is
    /// thousands of such strings.
    private let asciiReplaced: [Bool]

    init(_ table: [Unicode.Scalar: String], other: @escaping @Sendable (Unicode.Scalar) -> String? = { _ in nil }) {
        self.table = table
        self.other = other
        asciiReplaced = (0..<128).map { v in
            let u = Unicode.Scalar(UInt8(v))
            return table[u] != nil || other(u) != nil
        }
    }

    /// `s` with every scalar that needs it replaced, appended to `out`.
    func append(_ s: String, to out: inout String) {
        if s.utf8.allSatisfy({ $0 < 128 && !asciiReplaced[Int($0)] }) {
            out += s
            return
        }
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
