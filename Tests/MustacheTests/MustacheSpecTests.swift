import XCTest
@testable import Mustache
import ThemegenTestKit

/// Runs every test of the Mustache spec files vendored in `Tests/Corpus/mustache-spec/`.
final class MustacheSpecTests: XCTestCase {
    static let specFolder = MustacheSpecFiles.folder

    static let required = MustacheSpecFiles.required

    struct Outcome { var passed = 0; var failures: [String] = [] }

    func run(spec name: String) throws -> Outcome {
        let url = Self.specFolder.appendingPathComponent(name + ".json")
        let text = try String(contentsOf: url, encoding: .utf8)
        let root = try JSONReader.parse(text, file: url.path)
        guard case .list(let tests)? = root["tests"] else { XCTFail("\(name): no tests"); return Outcome() }
        var outcome = Outcome()
        for test in tests {
            guard case .string(let title)? = test["name"], case .string(let source)? = test["template"],
                  case .string(let expected)? = test["expected"] else { XCTFail("\(name): malformed test"); continue }
            var partials: [String: String] = [:]
            if case .object(let p)? = test["partials"] {
                for (k, v) in p { if case .string(let s) = v { partials[k] = s } }
            }
            do {
                let template = try Template(source: source, name: "\(name)/\(title)")
                let result = try template.render(test["data"] ?? .null, partials: DictionaryPartials(partials))
                if result == expected { outcome.passed += 1 }
                else { outcome.failures.append("\(name) › \(title): expected \(expected.debugDescription), got \(result.debugDescription)") }
            } catch {
                outcome.failures.append("\(name) › \(title): threw \(error)")
            }
        }
        return outcome
    }

    func testEveryRequiredSpecTestPasses() throws {
        var total = 0
        for spec in Self.required {
            let outcome = try run(spec: spec)
            total += outcome.passed + outcome.failures.count
            for f in outcome.failures { XCTFail(f) }
        }
        XCTAssertEqual(total, 136, "the six required spec files hold 136 tests")
    }

    /// Dynamic names and inheritance are optional modules; themegen passes both.
    func testOptionalModules() throws {
        for (spec, count) in [("~dynamic-names", 21), ("~inheritance", 27)] {
            let outcome = try run(spec: spec)
            for f in outcome.failures { XCTFail(f) }
            XCTAssertEqual(outcome.passed, count, spec)
        }
        // Lambdas need code in the data; JSON contexts have none, so ~lambdas is skipped.
    }
}
