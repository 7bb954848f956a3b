import ThemegenCore
import ThemegenGradients
import ThemegenSlicing

/// Two inputs whose names give one identifier, found in the model itself, so every output
/// (the JSON model included, not only the Swift and CSS templates) refuses them alike.
public enum IdentifierCheck {
    public static func themes(_ themes: [Theme]) throws {
        try check(themes.map { ($0.identifier, $0.file) })
    }

    /// Assets clash within one group folder (each group is its own namespace in code).
    public static func assets(_ assets: [Asset]) throws {
        try check(assets.map { ($0.groups.joined(separator: "/") + "/" + $0.identifier, $0.file) },
                  shown: { String($0.split(separator: "/").last ?? "") })
    }

    static func check(_ items: [(key: String, file: String)], shown: (String) -> String = { $0 }) throws {
        var owners: [String: String] = [:]
        var errors: [Error] = []
        for item in items {
            if let first = owners[item.key] {
                errors.append(IdentifierCollisionError(identifier: shown(item.key), firstFile: first, secondFile: item.file))
            } else {
                owners[item.key] = item.file
            }
        }
        if errors.count == 1 { throw errors[0] }
        if !errors.isEmpty { throw ErrorList(errors) }
    }
}
