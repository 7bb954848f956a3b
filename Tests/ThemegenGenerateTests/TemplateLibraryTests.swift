import Foundation
import XCTest
@testable import Mustache
@testable import ThemegenGenerate

/// Templates read from disk: partials resolve next to the template that includes them.
final class TemplateLibraryTests: XCTestCase {
    func testPartialsResolveNextToTheIncludingTemplate() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("themegen-partials-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("sub"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try "[{{> sub/row}}]".write(to: dir.appendingPathComponent("main.mustache"), atomically: true, encoding: .utf8)
        try "{{#items}}<{{> cell}}>{{/items}}".write(to: dir.appendingPathComponent("sub/row.mustache"), atomically: true, encoding: .utf8)
        try "{{.}}".write(to: dir.appendingPathComponent("sub/cell.mustache"), atomically: true, encoding: .utf8)
        try "WRONG".write(to: dir.appendingPathComponent("cell.mustache"), atomically: true, encoding: .utf8)
        let resolved = try TemplateLibrary.resolve(dir.appendingPathComponent("main.mustache").path)
        XCTAssertEqual(resolved.origin, .path)
        XCTAssertEqual(try CodeGenerator.render(resolved, context: ["items": ["a", "b"]]), "[<a><b>]")

        try "{{> missing}}".write(to: dir.appendingPathComponent("bad.mustache"), atomically: true, encoding: .utf8)
        let bad = try TemplateLibrary.resolve(dir.appendingPathComponent("bad.mustache").path)
        XCTAssertThrowsError(try CodeGenerator.render(bad, context: [:])) { error in
            XCTAssertEqual((error as? TemplateError)?.description,
                           dir.appendingPathComponent("bad.mustache").path + ":1:1: partial 'missing' not found (looked for missing.mustache next to this template)")
        }
    }
}
