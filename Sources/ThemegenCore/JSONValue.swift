/// A parsed JSON value that remembers the line it started on, so config errors can name it.
public struct JSONItem: Sendable, Equatable {
    public var value: JSONValue
    /// 1-based line of the value's first character in the source (0 for built values).
    public var line: Int

    public init(_ value: JSONValue, line: Int = 0) { self.value = value; self.line = line }
}

/// One `"key": value` of an object, in source order.
public struct JSONMember: Sendable, Equatable {
    public var key: String
    public var node: JSONItem
    public init(_ key: String, _ node: JSONItem) { self.key = key; self.node = node }
}

public indirect enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONItem])
    /// Members in source order; the parser rejects duplicate keys.
    case object([JSONMember])

    /// The JSON type's name as a schema spells it, for error messages.
    public var typeName: String {
        switch self {
        case .null: return "null"
        case .bool: return "boolean"
        case .number: return "number"
        case .string: return "string"
        case .array: return "array"
        case .object: return "object"
        }
    }

    public var stringValue: String? { if case .string(let s) = self { return s }; return nil }
    public var boolValue: Bool? { if case .bool(let b) = self { return b }; return nil }
    public var numberValue: Double? { if case .number(let n) = self { return n }; return nil }
    public var arrayValue: [JSONItem]? { if case .array(let a) = self { return a }; return nil }
    public var objectValue: [JSONMember]? { if case .object(let o) = self { return o }; return nil }

    /// The member named `key` of an object.
    public subscript(key: String) -> JSONItem? {
        objectValue?.first(where: { $0.key == key })?.node
    }

    /// An object from a dictionary, keys sorted so that output never depends on hash order.
    public static func sortedObject(_ dict: [String: JSONValue]) -> JSONValue {
        .object(dict.keys.sorted().map { JSONMember($0, JSONItem(dict[$0]!)) })
    }

    /// Deterministic text: two-space indent, members in stored order, `\n` at the end.
    public func serialized() -> String {
        var out = ""
        write(to: &out, indent: "")
        return out + "\n"
    }

    private func write(to out: inout String, indent: String) {
        switch self {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .number(let n):
            if n == n.rounded(), abs(n) < 1e15 { out += String(Int64(n)) } else { out += "\(n)" }
        case .string(let s): JSONString.append(s, to: &out)
        case .array(let items):
            JSONLayout.array(items, indent: indent, to: &out) { item, inner, out in item.value.write(to: &out, indent: inner) }
        case .object(let members):
            JSONLayout.object(members.map { ($0.key, $0.node) }, indent: indent, to: &out) { node, inner, out in
                node.value.write(to: &out, indent: inner)
            }
        }
    }
}
