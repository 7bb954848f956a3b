/// Language-ready forms of a string, because Mustache's `{{x}}` escapes for HTML only.
public enum StringForms {
    /// The body of a Swift string literal (between the quotes), also safe in `///` comments.
    public static func swift(_ s: String) -> String {
        var r = ""
        for c in s.unicodeScalars {
            switch c {
            case "\\": r += "\\\\"
            case "\"": r += "\\\""
            case "\n": r += "\\n"
            case "\r": r += "\\r"
            case "\t": r += "\\t"
            case "\0": r += "\\0"
            default:
                if c.value < 0x20 || c.value == 0x7F || (0x2028...0x2029).contains(c.value) {
                    r += "\\u{" + String(c.value, radix: 16, uppercase: true) + "}"
                } else {
                    r.unicodeScalars.append(c)
                }
            }
        }
        return r
    }

    /// The body of an Objective-C `@"…"` literal. Control characters become 3-digit octal
    /// escapes, which cannot swallow the characters after them the way `\x` does.
    public static func objc(_ s: String) -> String {
        var r = ""
        for c in s.unicodeScalars {
            switch c {
            case "\\": r += "\\\\"
            case "\"": r += "\\\""
            case "\n": r += "\\n"
            case "\r": r += "\\r"
            case "\t": r += "\\t"
            default:
                if c.value < 0x20 || c.value == 0x7F {
                    let octal = String(c.value, radix: 8)
                    r += "\\" + String(repeating: "0", count: 3 - octal.count) + octal
                } else {
                    r.unicodeScalars.append(c)
                }
            }
        }
        return r
    }

    /// Text for HTML content and attribute values.
    public static func html(_ s: String) -> String {
        var r = ""
        for c in s.unicodeScalars {
            switch c {
            case "&": r += "&amp;"
            case "<": r += "&lt;"
            case ">": r += "&gt;"
            case "\"": r += "&quot;"
            case "'": r += "&#39;"
            default: r.unicodeScalars.append(c)
            }
        }
        return r
    }

    /// The body of a double-quoted CSS string, also safe inside a `/* … */` comment.
    public static func css(_ s: String) -> String {
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

    /// The body of a JSON string.
    public static func json(_ s: String) -> String {
        var r = ""
        for c in s.unicodeScalars {
            switch c {
            case "\\": r += "\\\\"
            case "\"": r += "\\\""
            case "\n": r += "\\n"
            case "\r": r += "\\r"
            case "\t": r += "\\t"
            default:
                if c.value < 0x20 || c.value == 0x7F || (0x2028...0x2029).contains(c.value) {
                    let hex = String(c.value, radix: 16, uppercase: true)
                    r += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    r.unicodeScalars.append(c)
                }
            }
        }
        return r
    }
}
