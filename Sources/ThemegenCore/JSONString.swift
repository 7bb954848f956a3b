/// The one JSON string-literal escaper. Escapes `"`, `\` and control characters only, so
/// non-ASCII text stays readable.
package enum JSONString {
    package enum Style: Sendable {
        /// What JSON requires: `\"`, `\\`, `\n`, `\r`, `\t`, other controls as `\u001f`.
        case minimal
        /// Also safe inside a `<script>` or JavaScript source: DEL, U+2028 and U+2029 are
        /// escaped too, and `\u` escapes use upper-case hex (`\u001F`). Templates' `…JSON` forms.
        case scriptSafe
    }

    private static let common: [Unicode.Scalar: String] = ["\"": "\\\"", "\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t"]

    private static let minimal = ScalarEscaper(common) { u in
        u.value < 0x20 ? "\\u" + ScalarEscaper.digits(u.value, 4) : nil
    }

    private static let scriptSafe = ScalarEscaper(common) { u in
        u.value < 0x20 || u.value == 0x7F || (0x2028...0x2029).contains(u.value)
            ? "\\u" + ScalarEscaper.digits(u.value, 4, uppercase: true) : nil
    }

    private static func escaper(_ style: Style) -> ScalarEscaper {
        switch style {
        case .minimal: return minimal
        case .scriptSafe: return scriptSafe
        }
    }

    /// The body of a JSON string literal, without the quotes.
    package static func escaped(_ s: String, style: Style = .minimal) -> String {
        escaper(style)(s)
    }

    /// A whole JSON string literal, quotes included.
    package static func quoted(_ s: String, style: Style = .minimal) -> String {
        var out = ""
        append(s, to: &out, style: style)
        return out
    }

    /// Appends the quoted literal to `out`.
    package static func append(_ s: String, to out: inout String, style: Style = .minimal) {
        out += "\""
        escaper(style).append(s, to: &out)
        out += "\""
    }
}
