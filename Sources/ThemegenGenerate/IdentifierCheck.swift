import ThemegenCore
import ThemegenGradients
import ThemegenSlicing

/// Two inputs whose names give one identifier, found in the model itself, so every output
/// (the JSON model included, not only the Swift and CSS templates) refuses them alike. The
/// identifier is the one the templates use (the model's, else one made from the name).
package enum IdentifierCheck {
    package static func themes(_ themes: [Theme]) throws {
        try check(themes.map { t in
            let id = ContextHelpers.identifier(model: t.identifier, name: t.name, fallback: "theme",
                                               reserved: ThemeContext.reservedMembers)
            return (scope: "", id: id, file: t.file)
        })
    }

    /// Assets clash within one group folder (each group is its own namespace in code).
    package static func assets(_ assets: [Asset]) throws {
        try check(assets.map { a in
            let id = ContextHelpers.identifier(model: a.identifier, name: a.name, fallback: "asset", reserved: [])
            return (scope: a.groups.joined(separator: "\u{0}"), id: id, file: a.file)
        })
    }

    static func check(_ items: [(scope: String, id: String, file: String)]) throws {
        var owners: [String: String] = [:]
        var errors: [Error] = []
        for item in items {
            let key = item.scope + "\u{1}" + item.id
            if let first = owners[key] {
                errors.append(IdentifierCollisionError(identifier: item.id, firstFile: first, secondFile: item.file))
            } else {
                owners[key] = item.file
            }
        }
        if errors.count == 1 { throw errors[0] }
        if !errors.isEmpty { throw ErrorList(errors) }
    }
}
