/// Text from files (ICC descriptions, file names, template and config content) can hold
/// escape sequences and newlines that would repaint a terminal or forge a `themegen: error:`
/// line. Every message line is printed with control characters escaped.
package enum TerminalText {
    package static func safe(_ s: String) -> String {
        if s.utf8.allSatisfy({ $0 >= 0x20 && $0 != 0x7F && $0 < 0x80 }) { return s }
        var out = ""
        for u in s.unicodeScalars {
            switch u.value {
            case 0x0A: out += "\\n"
            case 0x0D: out += "\\r"
            case 0x09: out += "\\t"
            case 0..<0x20, 0x7F, 0x80..<0xA0, 0x2028, 0x2029:
                out += "\\u{" + String(u.value, radix: 16) + "}"
            default: out.unicodeScalars.append(u)
            }
        }
        return out
    }
}
