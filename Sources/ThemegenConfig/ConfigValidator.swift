import ThemegenCore
import ThemegenImage

/// Checks a parsed config against `ConfigShape.config`, collecting every unknown key, wrong
/// type, missing key and bad value with its key path.
enum ConfigValidator {
    static func validate(_ node: JSONItem, file: String) -> [ConfigError] {
        var errors: [ConfigError] = []
        check(node, ConfigShape.config, path: "", file: file, errors: &errors)
        return errors
    }

    private static func check(_ node: JSONItem, _ shape: ConfigShape, path: String, file: String,
                              errors: inout [ConfigError]) {
        func fail(_ message: String, line: Int? = nil) {
            errors.append(ConfigError(file: file, line: line ?? node.line, keyPath: path, message: message))
        }
        func typeMismatch() {
            fail("expected \(shape.expected), found \(article(node.value.typeName))")
        }
        switch shape {
        case .scalar:
            switch node.value {
            case .string, .number, .bool: return
            default: return typeMismatch()
            }
        case .string:
            guard node.value.stringValue != nil else { return typeMismatch() }
        case .color:
            guard let s = node.value.stringValue else { return typeMismatch() }
            if ConfigColor.parse(s) == nil { fail("\"\(s)\" is not a colour; expected \"#RRGGBB\" or \"#RRGGBBAA\"") }
        case .boolean:
            guard node.value.boolValue != nil else { return typeMismatch() }
        case .nonNegativeNumber:
            guard let n = node.value.numberValue else { return typeMismatch() }
            if !(n >= 0 && n <= ConfigShape.maxPoints) { fail("expected a number from 0 to \(Int(ConfigShape.maxPoints)) (points), found \(n)") }
        case .oneOf(let names):
            guard let s = node.value.stringValue else { return typeMismatch() }
            if !names.contains(s) { fail("\"\(s)\" is not \(shape.expected)") }
        case .array(let item):
            guard let items = node.value.arrayValue else { return typeMismatch() }
            for (i, child) in items.enumerated() {
                check(child, item, path: KeyPath.index(path, i), file: file, errors: &errors)
            }
        case .map(let value):
            guard let members = node.value.objectValue else { return typeMismatch() }
            for m in members {
                check(m.node, value, path: KeyPath.member(path, m.key), file: file, errors: &errors)
            }
        case .object(let keys):
            guard let members = node.value.objectValue else { return typeMismatch() }
            for m in members {
                let childPath = KeyPath.member(path, m.key)
                guard let key = keys.first(where: { $0.name == m.key }) else {
                    let known = keys.map(\.name).joined(separator: ", ")
                    let guess = Suggestion.phrase(for: m.key, in: keys.map(\.name))
                    errors.append(ConfigError(file: file, line: m.node.line, keyPath: childPath,
                                              message: "unknown key\(guess) (known keys here: \(known))"))
                    continue
                }
                check(m.node, key.shape, path: childPath, file: file, errors: &errors)
            }
            for key in keys where key.required && !members.contains(where: { $0.key == key.name }) {
                errors.append(ConfigError(file: file, line: node.line, keyPath: KeyPath.member(path, key.name),
                                          message: "missing; expected \(key.shape.expected)"))
            }
        case .booleanOr(let inner):
            if node.value.boolValue != nil { return }
            guard node.value.objectValue != nil else { return typeMismatch() }
            check(node, inner, path: path, file: file, errors: &errors)
        }
    }

    private static func article(_ type: String) -> String {
        switch type {
        case "null": return "null"
        case "array", "object": return "an \(type)"
        default: return "a \(type)"
        }
    }
}

/// `#RRGGBB` / `#RRGGBBAA` config colours: stricter than `HexColor.parse` (the `#` is
/// required, ASCII hex digits only, no `#RGB`), which then reads the digits.
package enum ConfigColor {
    package static func parse(_ s: String) -> RGBA? {
        let digits = s.utf8.dropFirst()
        guard s.utf8.first == UInt8(ascii: "#"), digits.count == 6 || digits.count == 8,
              digits.allSatisfy({ ($0 >= 48 && $0 <= 57) || ($0 | 0x20 >= 97 && $0 | 0x20 <= 102) })
        else { return nil }
        return HexColor.parse(s)
    }
}
