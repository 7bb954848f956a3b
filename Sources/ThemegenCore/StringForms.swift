/// Language-ready forms of a string, because Mustache's `{{x}}` escapes for HTML only.
package enum StringForms {
    /// `\\`, `\"`, `\n`, `\r`, `\t`: the escapes Swift, Objective-C and JSON literals share.
    private static let cEscapes: [Unicode.Scalar: String] = ["\\": "\\\\", "\"": "\\\"", "\n": "\\n", "\r": "\\r", "\t": "\\t"]

    private static let swiftEscaper = ScalarEscaper(cEscapes.merging(["\0": "\\0"]) { a, _ in a }) { c in
        c.value < 0x20 || c.value == 0x7F || (0x2028...0x2029).contains(c.value)
            ? "\\u{" + String(c.value, radix: 16, uppercase: true) + "}" : nil
    }

    private static let objcEscaper = ScalarEscaper(cEscapes) { c in
        c.value < 0x20 || c.value == 0x7F ? "\\" + ScalarEscaper.digits(c.value, 3, radix: 8) : nil
    }

    private static let htmlEscaper = ScalarEscaper(["&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;", "'": "&#39;"])

    /// The body of a Swift string literal (between the quotes), also safe in `///` comments.
    package static func swift(_ s: String) -> String { swiftEscaper(s) }

    /// The body of an Objective-C `@"…"` literal. Control characters become 3-digit octal
    /// escapes, which cannot swallow the characters after them the way `\x` does.
    package static func objc(_ s: String) -> String { objcEscaper(s) }

    /// Text for HTML content and attribute values.
    package static func html(_ s: String) -> String {
        guard s.utf8.contains(where: { $0 == 38 || $0 == 60 || $0 == 62 || $0 == 34 || $0 == 39 }) else { return s }
        return htmlEscaper(s)
    }

    /// The body of a double-quoted CSS string, also safe inside a `/* … */` comment.
    package static func css(_ s: String) -> String {
        var r = ""
        var previous: Unicode.Scalar? = nil
        for c in s.unicodeScalars {
            switch c {
            case "\\": r += "\\\\"
            case "\"": r += "\\\""
            case "/" where previous == "*": r += "\\/"
            default:
                if c.value < 0x20 || c.value == 0x7F {
                    r += "\\" + String(c.value, radix: 16, uppercase: true) + " "
                } else {
                    r.unicodeScalars.append(c)
                }
            }
            previous = c
        }
        return r
    }

    /// The body of a JSON string, also safe in JavaScript (see `JSONString.Style.scriptSafe`).
    package static func json(_ s: String) -> String { JSONString.escaped(s, style: .scriptSafe) }
}
