import Foundation
import XCTest
@testable import ThemegenImage
@testable import ThemegenCLI
import ThemegenTestKit

/// Issue #18, item 7: the Mustache spec's required tests pass through the CLI
/// (`themegen template render`, partials as files beside the template), including "Failed
/// Lookup": a missing partial renders as empty with a warning naming the template, its line and
/// the partial; `--strict` makes that an error and prints nothing.
final class MustacheSpecCLITests: XCTestCase {
    func cli(_ args: [String], in folder: String) -> (ExitCode, String, String) {
        let c = CapturedConsole()
        c.console.currentDirectory = folder
        let code = ThemegenCLI.run(args, console: c.console)
        return (code, c.out, c.err)
    }

    /// Writes the template, its partials and its data as files; returns the case's folder.
    func write(source: String, partials: [String: String], data: String, in root: String, index: Int) throws -> String {
        let folder = root + "/case\(index)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Data(source.utf8).write(to: URL(fileURLWithPath: folder + "/main-template.mustache"))
        for (name, text) in partials { try Data(text.utf8).write(to: URL(fileURLWithPath: folder + "/\(name).mustache")) }
        try Data(data.utf8).write(to: URL(fileURLWithPath: folder + "/context.json"))
        return folder
    }

    func testEveryRequiredSpecTestPassesThroughTheCLI() throws {
        let root = makeTemporaryFolder(self)
        var passed = 0, total = 0, index = 0
        for spec in MustacheSpecFiles.required {
            let url = MustacheSpecFiles.folder.appendingPathComponent(spec + ".json")
            let json = try JSONSerialization.jsonObject(with: Data(contentsOf: url), options: [.fragmentsAllowed]) as! [String: Any]
            for test in json["tests"] as! [[String: Any]] {
                total += 1
                index += 1
                let title = test["name"] as! String
                let data = try JSONSerialization.data(withJSONObject: test["data"] ?? NSNull(), options: [.fragmentsAllowed])
                let folder = try write(source: test["template"] as! String, partials: test["partials"] as? [String: String] ?? [:],
                                       data: String(decoding: data, as: UTF8.self), in: root, index: index)
                let (code, out, err) = cli(["template", "render", folder + "/main-template.mustache",
                                            "--context", folder + "/context.json"], in: folder)
                if code == .ok && out == test["expected"] as! String { passed += 1 } else {
                    XCTFail("\(spec) › \(title): exit \(code), got \(out.debugDescription), stderr \(err)")
                }
                if title == "Failed Lookup" {
                    XCTAssertEqual(err, "themegen: warning: main-template.mustache:1:2: partial 'text' not found (looked for text.mustache next to this template); it renders as empty\n")
                } else {
                    XCTAssertEqual(err, "", "\(spec) › \(title)")
                }
            }
        }
        XCTAssertEqual(total, 136, "the six required spec files hold 136 tests")
        XCTAssertEqual(passed, 136)
    }

    /// In a template file of a run the warning names the template, line and partial; `--strict`
    /// makes it an error and nothing is written.
    func testAMissingPartialWarnsAndStrictMakesItAnError() throws {
        let dir = makeTemporaryFolder(self)
        try FileManager.default.createDirectory(atPath: dir + "/Art", withIntermediateDirectories: true)
        try Data(try PNGEncoder.encode(Image(width: 6, height: 6, fill: (1, 2, 3, 255))))
            .write(to: URL(fileURLWithPath: dir + "/Art/Dot@3x.png"))
        writeFile(dir + "/T/names.mustache", "{{! kind: assets }}\n{{#assets}}{{name}}\n{{> row}}{{/assets}}")
        writeFile(dir + "/themegen.json", #"{"assets": [{"input": "Art", "outputs": [{"template": "T/names.mustache", "output": "names.txt"}]}], "preview": false}"#)
        let warning = "themegen: warning: T/names.mustache:3:1: partial 'row' not found (looked for row.mustache next to this template); it renders as empty\n"

        let (strict, _, strictErr) = cli(["run", "--strict", "--config", dir + "/themegen.json"], in: dir)
        XCTAssertEqual(strict, .input)
        XCTAssertEqual(strictErr, warning.replacingOccurrences(of: "warning: ", with: "error: ")
            .replacingOccurrences(of: "empty\n", with: "empty (warning treated as error by --strict)\n"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/names.txt"))

        let (code, _, err) = cli(["run", "--config", dir + "/themegen.json"], in: dir)
        XCTAssertEqual(code, .ok)
        XCTAssertEqual(err, warning + "wrote 6 file(s), deleted 0, unchanged 0\n")
        XCTAssertEqual(readText(dir + "/names.txt"), "Dot\n")

        // `template render` says the same and prints the rest; under --strict it prints nothing.
        writeFile(dir + "/ctx.json", #"{"assets": [{"name": "Dot"}]}"#)
        let render = ["template", "render", dir + "/T/names.mustache", "--context", dir + "/ctx.json"]
        XCTAssertEqual(cli(render, in: dir).1, "Dot\n")
        let (strictRender, strictOut, _) = cli(["--strict"] + render, in: dir)
        XCTAssertEqual(strictRender, .input)
        XCTAssertEqual(strictOut, "")
    }
}
