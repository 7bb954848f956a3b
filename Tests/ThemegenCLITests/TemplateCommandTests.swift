import XCTest
@testable import Mustache
@testable import ThemegenGradients
@testable import ThemegenGenerate
@testable import ThemegenCLI
import ThemegenFixtures

final class TemplateCommandTests: XCTestCase {
    final class Captured: @unchecked Sendable {
        var out = "", err = ""
        let lock = NSLock()
    }

    func run(_ args: [String]) -> (ExitCode, String, String) {
        let c = Captured()
        let console = Console(out: { s in c.lock.lock(); c.out += s; c.lock.unlock() },
                              err: { s in c.lock.lock(); c.err += s; c.lock.unlock() })
        let code = ThemegenCLI.run(args, console: console)
        return (code, c.out, c.err)
    }

    func temp() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("themegen-cmd-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
        return dir
    }

    func testRenderWritesExactlyTheRenderedBytes() throws {
        let dir = try temp()
        let ctx = dir.appendingPathComponent("ctx.json").path
        let tpl = dir.appendingPathComponent("t.mustache").path
        try #"{"themes": [{"name": "A & B"}, {"name": "C"}], "n": 3}"#.write(toFile: ctx, atomically: true, encoding: .utf8)
        try "{{#themes}}{{{name}}};{{/themes}} {{n}}".write(toFile: tpl, atomically: true, encoding: .utf8)
        let (code, out, err) = run(["template", "render", tpl, "--context", ctx])
        XCTAssertEqual(code, .ok, err)
        XCTAssertEqual(out, "A & B;C; 3")
        XCTAssertEqual(err, "")

        let (code2, out2, _) = run(["template", "render", tpl, "--context", ctx, "--param", "enumName=X"])
        XCTAssertEqual(code2, .ok)
        XCTAssertEqual(out2, "A & B;C; 3")
    }

    func testRenderErrorsNameTheFile() throws {
        let dir = try temp()
        let ctx = dir.appendingPathComponent("ctx.json").path
        let tpl = dir.appendingPathComponent("bad.mustache").path
        try "{}".write(toFile: ctx, atomically: true, encoding: .utf8)
        try "ok\n{{#a}}".write(toFile: tpl, atomically: true, encoding: .utf8)
        let (code, out, err) = run(["template", "render", tpl, "--context", ctx])
        XCTAssertEqual(code, .input)
        XCTAssertEqual(out, "")
        XCTAssertEqual(err, "themegen: error: \(tpl):2:1: unclosed section 'a': no '{{/a}}' before the end of the template\n")

        try "{\"a\": }".write(toFile: ctx, atomically: true, encoding: .utf8)
        try "x".write(toFile: tpl, atomically: true, encoding: .utf8)
        let (code2, _, err2) = run(["template", "render", tpl, "--context", ctx])
        XCTAssertEqual(code2, .input)
        XCTAssertEqual(err2, "themegen: error: \(ctx):1:7: invalid JSON: unexpected character\n")

        let (code3, _, err3) = run(["template", "render", tpl])
        XCTAssertEqual(code3, .input)
        XCTAssertEqual(err3, "themegen: error: template render: --context FILE.json is required\n")
    }

    func testListAndCat() throws {
        let dir = try temp()
        try "custom".write(to: dir.appendingPathComponent("swift.mustache"), atomically: true, encoding: .utf8)
        let (code, out, _) = run(["template", "list", "--templates", dir.path])
        XCTAssertEqual(code, .ok)
        let pad = { (s: String) in s.padding(toLength: 16, withPad: " ", startingAt: 0) }
        XCTAssertEqual(out, [
            pad("json") + "built-in serializer", pad("css") + "built-in", pad("objc-h") + "built-in",
            pad("objc-m") + "built-in", pad("preview-html") + "built-in", pad("swift") + dir.path + "/swift.mustache", pad("swift-assets") + "built-in",
        ].joined(separator: "\n") + "\n")

        let (c2, css, _) = run(["template", "cat", "css", "--templates", dir.path])
        XCTAssertEqual(c2, .ok)
        XCTAssertEqual(css, BuiltinTemplates.source(named: "css"))
        let (_, swift, _) = run(["template", "cat", "swift", "--templates", dir.path])
        XCTAssertEqual(swift, "custom")
        let (c3, _, err) = run(["template", "cat", "nope", "--templates", dir.path])
        XCTAssertEqual(c3, .input)
        XCTAssertTrue(err.contains("no template named 'nope'"), err)
    }

    /// `template render` of a built-in on the JSON a context builder would give equals the
    /// generator's own output: the JSON path and the model path agree.
    func testBuiltinRendersFromAJSONContext() throws {
        let dir = try temp()
        let ctx = dir.appendingPathComponent("ctx.json").path
        try #"{"count": "0", "themes": [], "textColorNames": [], "param": {"enumName": "Theme", "accessModifier": "", "themeManager": true, "typePrefix": "", "enumNameLowerCamel": "theme"}}"#
            .write(toFile: ctx, atomically: true, encoding: .utf8)
        let (code, out, err) = run(["template", "render", "swift", "--context", ctx, "--templates", dir.path])
        XCTAssertEqual(code, .ok, err)
        XCTAssertEqual(out, try CodeGenerator.render(themes: [], template: "swift", templateSearchFolder: dir))
    }
}

extension TemplateCommandTests {
    /// A context saved as JSON renders to the same bytes as the context itself.
    func testSavedContextRendersTheSame() throws {
        let dir = try temp()
        let context = try ThemeContext.build(TemplateFixtures.themes, params: ["publicAccess": "true"])
        let ctx = dir.appendingPathComponent("ctx.json").path
        try context.jsonText.write(toFile: ctx, atomically: true, encoding: .utf8)
        XCTAssertEqual(try JSONReader.parse(context.jsonText, file: ctx), context)
        let (code, out, err) = run(["template", "render", "swift", "--context", ctx, "--templates", dir.path])
        XCTAssertEqual(code, .ok, err)
        XCTAssertEqual(out, try CodeGenerator.render(themes: TemplateFixtures.themes, template: "swift",
                                                     params: ["publicAccess": "true"], templateSearchFolder: dir))
    }

    /// 30 nested sections over a 10-item list would run for ever; a big text in a loop would
    /// fill the disk. Both stop with an error naming the template and the line.
    func testRenderLimitsOnStepsAndOutputSize() throws {
        let dir = try temp()
        let ctx = dir.appendingPathComponent("ctx.json").path
        try #"{"l": [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]}"#.write(toFile: ctx, atomically: true, encoding: .utf8)
        let nested = dir.appendingPathComponent("nested.mustache").path
        try ("x\n" + String(repeating: "{{#l}}", count: 30) + "." + String(repeating: "{{/l}}", count: 30))
            .write(toFile: nested, atomically: true, encoding: .utf8)
        let (code, out, err) = run(["template", "render", nested, "--context", ctx])
        XCTAssertEqual(code, .input)
        XCTAssertEqual(out, "")
        XCTAssertEqual(err, "themegen: error: \(nested):2:175: rendering stopped after 4000000 steps (sections nested over long lists, or partials fanning out?)\n")

        let big = dir.appendingPathComponent("big.mustache").path
        try ("{{#l}}\n{{#l}}" + String(repeating: "y", count: 1 << 20) + "{{/l}}{{/l}}")
            .write(toFile: big, atomically: true, encoding: .utf8)
        let (code2, out2, err2) = run(["template", "render", big, "--context", ctx])
        XCTAssertEqual(code2, .input)
        XCTAssertEqual(out2, "")
        XCTAssertEqual(err2, "themegen: error: \(big):2:1: rendering stopped: the output passed 64 MB (sections nested over long lists?)\n")
    }

    func testPartialsResolveOnlyFromTheTemplatesFolder() throws {
        let dir = try temp()
        let ctx = dir.appendingPathComponent("ctx.json").path
        try "{}".write(toFile: ctx, atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("T"), withIntermediateDirectories: true)
        try "secret".write(to: dir.appendingPathComponent("outside.mustache"), atomically: true, encoding: .utf8)
        let tpl = dir.appendingPathComponent("T/t.mustache").path
        for name in ["../outside", dir.path + "/outside"] {
            try "a{{> \(name)}}b".write(toFile: tpl, atomically: true, encoding: .utf8)
            let (code, out, err) = run(["template", "render", tpl, "--context", ctx])
            XCTAssertEqual(code, .input, name)
            XCTAssertEqual(out, "")
            let problem = name.hasPrefix("/") ? "is absolute" : "has an empty, '.' or '..' component"
            XCTAssertEqual(err, "themegen: error: \(tpl): partial '\(name)': the name \(problem); partials are files in this template's folder or below it\n")
        }
        // A link inside the folder that leads out of it.
        XCTAssertEqual(symlink(dir.path + "/outside.mustache", dir.path + "/T/link.mustache"), 0)
        try "a{{> link}}b".write(toFile: tpl, atomically: true, encoding: .utf8)
        let (code, out, err) = run(["template", "render", tpl, "--context", ctx])
        XCTAssertEqual(code, .input)
        XCTAssertEqual(out, "")
        XCTAssertTrue(err.hasPrefix("themegen: error: \(tpl): partial 'link': \(dir.path)/T/link.mustache is a symbolic link leading outside the template's folder"), err)
        // One in the folder works.
        try "in".write(to: dir.appendingPathComponent("T/row.mustache"), atomically: true, encoding: .utf8)
        try "a{{> row}}b".write(toFile: tpl, atomically: true, encoding: .utf8)
        XCTAssertEqual(run(["template", "render", tpl, "--context", ctx]).1, "ainb")
    }
}
