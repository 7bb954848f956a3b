/// Small helpers for writing JSON text by hand, where key order must be fixed.
enum JSONText {
    /// A JSON string literal, escaping only what JSON requires (so non-ASCII stays readable).
    static func string(_ s: String) -> String { JSONString.quoted(s) }
}
