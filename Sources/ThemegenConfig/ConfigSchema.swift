import ThemegenCore

/// The JSON Schema (draft 2020-12) of `themegen.json`, generated from `ConfigShape.config`.
/// `themegen config schema` prints it; `themegen.schema.json` at the repository top is a copy
/// that a test keeps in step.
package enum ConfigSchema {
    package static func document() -> JSONValue {
        var top = schema(ConfigShape.config)
        guard case .object(var members) = top else { return top }
        members.insert(contentsOf: [
            JSONMember("$schema", JSONItem(.string("https://json-schema.org/draft/2020-12/schema"))),
            JSONMember("title", JSONItem(.string("themegen.json"))),
            JSONMember("description", JSONItem(.string("Configuration of themegen. Paths are relative to this file."))),
        ], at: 0)
        top = .object(members)
        return top
    }

    static func schema(_ shape: ConfigShape, help: String? = nil) -> JSONValue {
        var m: [JSONMember] = []
        func add(_ k: String, _ v: JSONValue) { m.append(JSONMember(k, JSONItem(v))) }
        switch shape {
        case .string: add("type", .string("string"))
        case .color:
            add("type", .string("string"))
            add("pattern", .string("^#([0-9A-Fa-f]{6}|[0-9A-Fa-f]{8})$"))
        case .boolean: add("type", .string("boolean"))
        case .nonNegativeNumber:
            add("type", .string("number"))
            add("minimum", .number(0))
            add("maximum", .number(ConfigShape.maxPoints))
        case .oneOf(let names):
            add("type", .string("string"))
            add("enum", .array(names.map { JSONItem(.string($0)) }))
        case .object(let keys):
            add("type", .string("object"))
            add("properties", .object(keys.map { JSONMember($0.name, JSONItem(schema($0.shape, help: $0.help))) }))
            let required = keys.filter(\.required).map { JSONItem(.string($0.name)) }
            if !required.isEmpty { add("required", .array(required)) }
            add("additionalProperties", .bool(false))
        case .map(let value):
            add("type", .string("object"))
            add("additionalProperties", schema(value))
        case .array(let item):
            add("type", .string("array"))
            add("items", schema(item))
        case .scalar:
            add("type", .array(["string", "number", "boolean"].map { JSONItem(.string($0)) }))
        case .booleanOr(let inner):
            add("anyOf", .array([JSONItem(.object([JSONMember("type", JSONItem(.string("boolean")))])),
                                 JSONItem(schema(inner))]))
        }
        if let help { m.insert(JSONMember("description", JSONItem(.string(help))), at: 0) }
        return .object(m)
    }
}
