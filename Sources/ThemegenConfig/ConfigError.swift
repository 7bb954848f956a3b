import ThemegenCore

/// A problem with one key of the config, named by file, line and key path
/// (`themegen.json:7: themes[0].outputs[1].template: expected a string, found a number`).
package struct ConfigError: ThemegenError, Equatable {
    package let file: String
    /// 1-based; 0 when there is no line (conventions, a missing key's object).
    package let line: Int
    package let keyPath: String
    package let message: String
    package var kind: ErrorKind { .input }

    package init(file: String, line: Int, keyPath: String, message: String) {
        self.file = file; self.line = line; self.keyPath = keyPath; self.message = message
    }

    package var description: String {
        let place = line > 0 ? "\(file):\(line)" : file
        return keyPath.isEmpty ? "\(place): \(message)" : "\(place): \(keyPath): \(message)"
    }
}

/// Key paths as users read them: `themes[0].outputs[1].template`, `assets[0].assets["Big Button"]`.
package enum KeyPath {
    package static func member(_ path: String, _ key: String) -> String {
        let plain = !key.isEmpty && key.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "_" || $0 == "$" || $0 == "-"
        }
        if plain { return path.isEmpty ? key : path + "." + key }
        return path + "[" + JSONString.quoted(key) + "]"
    }

    package static func index(_ path: String, _ i: Int) -> String { path + "[\(i)]" }
}
