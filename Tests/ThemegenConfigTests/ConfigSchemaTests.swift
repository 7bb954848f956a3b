import Foundation
import XCTest
@testable import ThemegenCore
@testable import ThemegenSlicing
@testable import ThemegenConfig
import ThemegenTestKit

/// Keeps `themegen.schema.json` and docs/configuration.md in step with what the parser accepts.
final class ConfigSchemaTests: XCTestCase {
    var repoRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    /// "key path: type" for every key the parser accepts.
    func signatures(of shape: ConfigShape, at path: String, into out: inout [String]) {
        switch shape {
        case .string: out.append("\(path): string")
        case .color: out.append("\(path): colour")
        case .boolean: out.append("\(path): boolean")
        case .nonNegativeNumber: out.append("\(path): number>=0")
        case .oneOf(let names): out.append("\(path): enum \(names)")
        case .scalar: out.append("\(path): scalar")
        case .array(let item):
            out.append("\(path): array")
            signatures(of: item, at: path + "[]", into: &out)
        case .map(let value):
            out.append("\(path): map")
            signatures(of: value, at: path + ".*", into: &out)
        case .object(let keys):
            out.append("\(path): object required \(keys.filter(\.required).map(\.name))")
            for k in keys { signatures(of: k.shape, at: path + "." + k.name, into: &out) }
        case .booleanOr(let inner):
            out.append("\(path): boolean or")
            signatures(of: inner, at: path, into: &out)
        }
    }

    /// The same, read from a JSON Schema document by independent rules.
    func signatures(ofSchema s: JSONValue, at path: String, into out: inout [String]) {
        if let types = s["type"]?.value.arrayValue {
            XCTAssertEqual(types.compactMap(\.value.stringValue), ["string", "number", "boolean"], path)
            out.append("\(path): scalar")
            return
        }
        if let any = s["anyOf"]?.value.arrayValue {
            XCTAssertEqual(any.count, 2, path)
            XCTAssertEqual(any[0].value["type"]?.value.stringValue, "boolean", path)
            out.append("\(path): boolean or")
            signatures(ofSchema: any[1].value, at: path, into: &out)
            return
        }
        switch s["type"]?.value.stringValue {
        case "string"?:
            if let e = s["enum"]?.value.arrayValue {
                out.append("\(path): enum \(e.compactMap(\.value.stringValue))")
            } else if let p = s["pattern"]?.value.stringValue {
                XCTAssertEqual(p, "^#([0-9A-Fa-f]{6}|[0-9A-Fa-f]{8})$", path)
                out.append("\(path): colour")
            } else {
                out.append("\(path): string")
            }
        case "boolean"?: out.append("\(path): boolean")
        case "number"?:
            XCTAssertEqual(s["minimum"]?.value.numberValue, 0, path)
            out.append("\(path): number>=0")
        case "array"?:
            out.append("\(path): array")
            signatures(ofSchema: s["items"]!.value, at: path + "[]", into: &out)
        case "object"?:
            if let props = s["properties"]?.value.objectValue {
                XCTAssertEqual(s["additionalProperties"]?.value, .bool(false), "\(path) must reject unknown keys")
                let required = s["required"]?.value.arrayValue?.compactMap(\.value.stringValue) ?? []
                out.append("\(path): object required \(required)")
                for p in props {
                    XCTAssertFalse((p.node.value["description"]?.value.stringValue ?? "").isEmpty, "\(path).\(p.key) needs a description")
                    signatures(ofSchema: p.node.value, at: path + "." + p.key, into: &out)
                }
            } else {
                out.append("\(path): map")
                signatures(ofSchema: s["additionalProperties"]!.value, at: path + ".*", into: &out)
            }
        default:
            XCTFail("\(path): unexpected schema \(s)")
        }
    }

    func testCommittedSchemaAcceptsExactlyWhatTheParserAccepts() throws {
        let bytes = [UInt8](try Data(contentsOf: repoRoot.appendingPathComponent("themegen.schema.json")))
        let schema = try JSONParser.parse(bytes, file: "themegen.schema.json").value
        var fromParser: [String] = [], fromSchema: [String] = []
        signatures(of: ConfigShape.config, at: "$", into: &fromParser)
        signatures(ofSchema: schema, at: "$", into: &fromSchema)
        XCTAssertGreaterThan(fromParser.count, 40)
        XCTAssertEqual(fromSchema, fromParser)
        // And it is exactly what `themegen config schema` prints.
        XCTAssertEqual(String(decoding: bytes, as: UTF8.self), ConfigSchema.document().serialized())
    }

    /// The example in docs/configuration.md is a valid config.
    func testDocumentedExampleIsValid() throws {
        let doc = try String(contentsOf: repoRoot.appendingPathComponent("docs/configuration.md"), encoding: .utf8)
        let start = try XCTUnwrap(doc.range(of: "## Example\n\n```json\n"))
        let end = try XCTUnwrap(doc.range(of: "\n```", range: start.upperBound..<doc.endIndex))
        let example = String(doc[start.upperBound..<end.lowerBound])
        let root = makeTemporaryFolder(self)
        for d in ["Exports/Themes", "Exports/Assets"] {
            try FileManager.default.createDirectory(atPath: root + "/" + d, withIntermediateDirectories: true)
        }
        writeFile(root + "/Templates/web.css.mustache", "{{#themes}}{{/themes}}")
        let config = try ConfigLoader.decode(Array(example.utf8), file: "CONFIG.md example", root: root)
        XCTAssertEqual(config.themes[0].themes["Sunset"]?.textColors.map(\.name), ["title", "body"])
        XCTAssertEqual(config.assets[0].assets["Button"]?.caps, CapInsets(top: 12, left: 16, bottom: 12, right: 16))
    }

    func testEveryKeyIsDocumented() throws {
        let doc = try String(contentsOf: repoRoot.appendingPathComponent("docs/configuration.md"), encoding: .utf8)
        var names = Set<String>()
        func walk(_ s: ConfigShape) {
            switch s {
            case .object(let keys): for k in keys { names.insert(k.name); walk(k.shape) }
            case .array(let i), .map(let i), .booleanOr(let i): walk(i)
            default: break
            }
        }
        walk(ConfigShape.config)
        for n in names.sorted() { XCTAssertTrue(doc.contains("`\(n)`"), "docs/configuration.md does not document `\(n)`") }
    }
}

final class JSONParserTests: XCTestCase {
    /// Our parser reads every JSON file of the vendored Mustache spec (`Tests/Corpus/mustache-spec`) exactly as
    /// Foundation's does.
    func testAgreesWithJSONSerializationOnSharedCorpus() throws {
        let dir = SharedCorpus.url("mustache-spec")
        let names = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".json") }.sorted()
        XCTAssertGreaterThanOrEqual(names.count, 8)
        for name in names {
            let data = try Data(contentsOf: dir.appendingPathComponent(name))
            let ours = try JSONParser.parse([UInt8](data), file: name)
            let theirs = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
            XCTAssertTrue(same(ours.value, theirs), name)
        }
    }

    func same(_ a: JSONValue, _ b: Any) -> Bool {
        switch a {
        case .null: return b is NSNull
        case .bool(let v): return (b as? Bool) == v
        case .number(let v): return (b as? NSNumber)?.doubleValue == v
        case .string(let v): return (b as? String) == v
        case .array(let items):
            guard let arr = b as? [Any], arr.count == items.count else { return false }
            return zip(items, arr).allSatisfy { same($0.value, $1) }
        case .object(let members):
            guard let dict = b as? [String: Any], dict.count == members.count else { return false }
            return members.allSatisfy { m in dict[m.key].map { same(m.node.value, $0) } ?? false }
        }
    }

    func testStringsEscapesAndNumbers() throws {
        let text = #"[ "a\"b\\c\/\n\t\u00e9\ud83d\ude00", -0.5e2, 0, 12, true, false, null, {} ]"#
        let v = try JSONParser.parse(Array(text.utf8), file: "t.json").value
        XCTAssertEqual(v, .array([JSONItem(.string("a\"b\\c/\n\té😀"), line: 1), JSONItem(.number(-50), line: 1),
                                  JSONItem(.number(0), line: 1), JSONItem(.number(12), line: 1),
                                  JSONItem(.bool(true), line: 1), JSONItem(.bool(false), line: 1),
                                  JSONItem(.null, line: 1), JSONItem(.object([]), line: 1)]))
        for bad in ["[01]", "[1.]", "[\"\\ud800\"]", "{\"a\" 1}", "[1,]", "\"a", "[] []", "tru", "[-]"] {
            XCTAssertThrowsError(try JSONParser.parse(Array(bad.utf8), file: "t.json"), bad)
        }
    }

    func testSerializationIsDeterministicAndRoundTrips() throws {
        let v = JSONValue.sortedObject(["b": .string("x\u{1}\"y"), "a": .array([JSONItem(.number(1.5)), JSONItem(.number(3))]), "c": .object([])])
        let text = v.serialized()
        XCTAssertEqual(text, "{\n  \"a\": [\n    1.5,\n    3\n  ],\n  \"b\": \"x\\u0001\\\"y\",\n  \"c\": {}\n}\n")
        let back = try JSONParser.parse(Array(text.utf8), file: "t.json")
        XCTAssertEqual(back.value.serialized(), text)
    }
}
