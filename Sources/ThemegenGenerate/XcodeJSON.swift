import Mustache
import ThemegenCore
import ThemegenGradients
import ThemegenImage
import ThemegenSlicing

/// A JSON value written the way current Xcode writes asset catalogs: keys sorted, `"key" : value`,
/// two-space indentation, a trailing newline. Objects are sorted at write time, so building order
/// never shows in the output.
public enum XcodeJSON: Sendable, Equatable {
    case string(String)
    case int(Int)
    case bool(Bool)
    case array([XcodeJSON])
    case object([String: XcodeJSON])

    /// The whole document, ending in a newline.
    public var text: String {
        var out = ""
        write(&out, indent: 0)
        out += "\n"
        return out
    }

    private func write(_ out: inout String, indent: Int) {
        switch self {
        case .string(let s): JSONString.append(s, to: &out)
        case .int(let i): out += String(i)
        case .bool(let b): out += b ? "true" : "false"
        case .array(let items):
            guard !items.isEmpty else { out += "[\n\n" + Self.pad(indent) + "]"; return }
            out += "[\n"
            for (n, item) in items.enumerated() {
                out += Self.pad(indent + 2)
                item.write(&out, indent: indent + 2)
                out += n == items.count - 1 ? "\n" : ",\n"
            }
            out += Self.pad(indent) + "]"
        case .object(let dict):
            guard !dict.isEmpty else { out += "{\n\n" + Self.pad(indent) + "}"; return }
            out += "{\n"
            let keys = dict.keys.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
            for (n, key) in keys.enumerated() {
                out += Self.pad(indent + 2)
                JSONString.append(key, to: &out)
                out += " : "
                dict[key]!.write(&out, indent: indent + 2)
                out += n == keys.count - 1 ? "\n" : ",\n"
            }
            out += Self.pad(indent) + "}"
        }
    }

    private static func pad(_ n: Int) -> String { String(repeating: " ", count: n) }
}
