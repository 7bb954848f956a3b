import XCTest
@testable import Mustache

/// Engine behaviour beyond the spec: errors with file, line and column; bounded depth; partials
/// from files; values.
final class TemplateEngineTests: XCTestCase {
    func parseError(_ source: String, file: String = "Templates/x.mustache") -> TemplateError? {
        do { _ = try Template(source: source, name: file); return nil } catch { return error as? TemplateError }
    }

    func testUnclosedSectionNamesFileLineAndColumn() {
        let e = parseError("line one\n  {{#themes}}\n{{name}}\n")
        XCTAssertEqual(e?.description, "Templates/x.mustache:2:3: unclosed section 'themes': no '{{/themes}}' before the end of the template")
    }

    func testMismatchedCloseNamesBothPlaces() {
        let e = parseError("{{#a}}\n{{#b}}\n  x {{/a}}\n")
        XCTAssertEqual(e?.description, "Templates/x.mustache:3:5: closing tag 'a' does not match open section 'b' (opened at 2:1)")
    }

    func testCloseWithoutOpen() {
        XCTAssertEqual(parseError("ab{{/a}}")?.description, "Templates/x.mustache:1:3: closing tag 'a' has no open section")
    }

    func testUnclosedTag() {
        XCTAssertEqual(parseError("ok\néé {{name")?.description, "Templates/x.mustache:2:4: unclosed tag: no '}}' after this '{{'")
    }

    func testBadTags() {
        XCTAssertEqual(parseError("{{}}")?.message, "empty tag: a name is missing")
        XCTAssertEqual(parseError("{{# a b }}")?.message, "bad tag 'a b': a name cannot contain spaces")
        XCTAssertEqual(parseError("{{a..b}}")?.message, "bad tag 'a..b': empty part in a dotted name")
    }

    func testBadDelimiter() {
        let e = parseError("x\n{{=<% =}}")
        XCTAssertEqual(e?.line, 2)
        XCTAssertEqual(e?.column, 1)
        XCTAssertEqual(e?.message, "bad delimiter tag '<%': expected two delimiters without '=' or spaces, e.g. {{=<% %>=}}")
        XCTAssertNotNil(parseError("{{=a= b=}}"))
    }

    func testNestingDepthIsBounded() {
        let deep = String(repeating: "{{#a}}", count: 150) + String(repeating: "{{/a}}", count: 150)
        XCTAssertEqual(parseError(deep)?.message, "sections nested deeper than 100 levels")
        let ok = String(repeating: "{{#a}}", count: 50) + "x" + String(repeating: "{{/a}}", count: 50)
        XCTAssertEqual(try Template(source: ok, name: "t").render(["a": true]), "x")
    }

    func testSelfIncludingPartialStopsWithAnError() throws {
        let t = try Template(source: "{{>me}}", name: "Templates/me.mustache")
        XCTAssertThrowsError(try t.render([:], partials: DictionaryPartials(["me": "x{{>me}}"]))) { error in
            let e = error as? TemplateError
            XCTAssertEqual(e?.template, "me")
            XCTAssertEqual(e?.message, "sections and partials nested deeper than 100 levels (a partial that includes itself?)")
        }
    }

    func testSelfContainingBlockOverrideStopsWithAnError() throws {
        let t = try Template(source: "{{<p}}{{$a}}x{{$a}}y{{/a}}{{/a}}{{/p}}", name: "child")
        XCTAssertThrowsError(try t.render([:], partials: DictionaryPartials(["p": "{{$a}}d{{/a}}"]))) { error in
            XCTAssertEqual((error as? TemplateError)?.message, "sections and partials nested deeper than 100 levels (a partial that includes itself?)")
        }
    }

    func testStandalonePartialIndentsItsLines() throws {
        let t = try Template(source: "enum A {\n    {{> body}}\n}\n", name: "t")
        XCTAssertEqual(try t.render(["x": "1"], partials: DictionaryPartials(["body": "case a\ncase b // {{x}}\n"])),
                       "enum A {\n    case a\n    case b // 1\n}\n")
    }

    func testValues() throws {
        let t = try Template(source: "{{a}}|{{b}}|{{c}}|{{#d}}yes{{/d}}{{^d}}no{{/d}}|{{#e}}E{{/e}}|{{#z}}Z{{/z}}", name: "t")
        XCTAssertEqual(try t.render(["a": .number(85), "b": .number(1.21), "c": .null, "d": "", "e": .number(0), "z": .list([])]),
                       "85|1.21||no|E|")
        XCTAssertEqual(try Template(source: "{{x}}{{{x}}}", name: "t").render(["x": "<a href=\"'&'\">"]),
                       "&lt;a href=&quot;&#39;&amp;&#39;&quot;&gt;<a href=\"'&'\">")
    }

    func testJSONReader() throws {
        let v = try JSONReader.parse(#"{"a": [1, 2.5, true, false, null], "s": "\u00e9\ud83c\udf0a\n\"", "o": {}}"#, file: "c.json")
        XCTAssertEqual(v, ["a": [.number(1), .number(2.5), true, false, .null], "s": "é🌊\n\"", "o": .object([:])])
        XCTAssertThrowsError(try JSONReader.parse("{\n  \"a\": tru\n}", file: "ctx.json")) { error in
            XCTAssertEqual("\(error)", "ctx.json:2:8: invalid JSON: expected 'true'")
        }
        XCTAssertThrowsError(try JSONReader.parse("[1,]", file: "c.json"))
        XCTAssertThrowsError(try JSONReader.parse("[1] x", file: "c.json"))
        XCTAssertThrowsError(try JSONReader.parse(String(repeating: "[", count: 1000), file: "c.json"))
    }
}
