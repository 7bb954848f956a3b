/// A parsed JSON value that remembers the line it started on, so config errors can name it.
package struct JSONItem: Sendable, Equatable {
    package var value: JSONValue
    /// 1-based line of the value's first character in the source (0 for built values).
    package var line: Int

    package init(_ value: JSONValue, line: Int = 0) { self.value = value; self.line = line }
}

/// One `"key": value` of an object, in source order.
package struct JSONMember: Sendable, Equatable {
    package var key: String
    package var node: JSONItem
    package init(_ key: String, _ node: JSONItem) { self.key = key; self.node = node }
}

package indirect enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONItem])
    /// Members in source order; the parser rejects duplicate keys.
    case object([JSONMember])

    /// The JSON type's name as a schema spells it, for error messages.
    package var typeName: String {
        switch self {
        case .null: return "null"
        case .bool: return "boolean"
        case .number: return "number"
        case .string: return "string"
        case .array: return "array"
        case .object: return "object"
        }
    }

    package var stringValue: String? { if case .string(let s) = self { return s }; return nil }
    package var boolValue: Bool? { if case .bool(let b) = self { return b }; return nil }
    package var numberValue: Double? { if case .number(let n) = self { return n }; return nil }
    package var arrayValue: [JSONItem]? { if case .array(let a) = self { return a }; return nil }
    package var objectValue: [JSONMember]? { if case .object(let o) = self { return o }; return nil }

    /// The member named `key` of an object.
    package subscript(key: String) -> JSONItem? {
        objectValue?.first(where: { $0.key == key })?.node
    }

    /// An object from a dictionary, keys sorted so that output never depends on hash order.
    package static func sortedObject(_ dict: [String: JSONValue]) -> JSONValue {
        .object(dict.keys.sorted().map { JSONMember($0, JSONItem(dict[$0]!)) })
    }

    /// Deterministic text: two-space indent, members in stored order, `\n` at the end.
    package func serialized() -> String { node.text(.plain) }

    /// The same value as a tree to write.
    package var node: JSONNode {
        switch self {
        case .null: return .null
        case .bool(let b): return .bool(b)
        case .number(let n): return .raw(n == n.rounded() && abs(n) < 1e15 ? String(Int64(n)) : "\(n)")
        case .string(let s): return .string(s)
        case .array(let items): return .array(items.map(\.value.node))
        case .object(let members): return .object(members.map { ($0.key, $0.node.value.node) })
        }
    }
}
