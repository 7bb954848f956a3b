import Foundation
import XCTest
@testable import ThemegenCore
@testable import ThemegenImage
@testable import Mustache
@testable import ThemegenConfig
@testable import ThemegenBuild
@testable import ThemegenCLI
import ThemegenTestKit

/// Every input that once crashed, hung or blew up memory (Fixtures/Fuzz/TARGET/, from `make
/// fuzz` or the hostile pass) and every fuzz seed, replayed through the fuzz targets' entries.
final class FuzzReplayTests: XCTestCase {
    let fixtures = SharedCorpus.fixtures

    func inputs(_ folder: String) throws -> [(String, [UInt8])] {
        let dir = fixtures.appendingPathComponent(folder)
        let names = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
        return try names.map { ($0, Array(try Data(contentsOf: dir.appendingPathComponent($0)))) }
    }

    func testPNGInputs() throws {
        let found = try inputs("Fuzz/FuzzPNG")
        XCTAssertGreaterThanOrEqual(found.count, 2)
        for (name, bytes) in found {
            FuzzEntries.png(bytes)
            // Each is refused without decoding (and without allocating what it claims).
            XCTAssertThrowsError(try PNGDecoder.decode(data: bytes, name: name, maxPixels: Int.max / 8), name)
        }
    }

    func testMustacheInputs() throws {
        let found = try inputs("Fuzz/FuzzMustache")
        XCTAssertGreaterThanOrEqual(found.count, 2)
        for (name, bytes) in found {
            FuzzEntries.mustache(bytes)
            // Each once ran for ever; now it stops at a limit, with an error naming the line.
            let template = try Template(source: String(decoding: bytes, as: UTF8.self), name: name)
            let list: TemplateValue = .list([.number(1), .number(2), .number(3)])
            XCTAssertThrowsError(try template.render(.object(["list": list]), partials: DictionaryPartials(["self": String(decoding: bytes, as: UTF8.self)]),
                                                     maxSteps: 100_000)) { error in
                XCTAssertTrue("\(error)".hasPrefix(name + ":1:") || "\(error)".hasPrefix("self:1:"), "\(error)")
                XCTAssertTrue("\(error)".contains("rendering stopped after 100000 steps") || "\(error)".contains("nested deeper than 100"), "\(error)")
            }
        }
    }

    func testConfigInputsAndSeeds() throws {
        let found = try inputs("Fuzz/FuzzConfig") + inputs("FuzzSeeds/FuzzConfig")
        for (_, bytes) in found { FuzzEntries.config(bytes) }
        let (_, hostile) = try inputs("Fuzz/FuzzConfig").first { $0.0 == "huge-caps.json" }!
        XCTAssertThrowsError(try ConfigLoader.decode(hostile, file: "c.json", root: "/nonexistent")) { error in
            let messages = (error as? ErrorList)?.errors.map { "\($0)" } ?? ["\(error)"]
            XCTAssertTrue(messages.contains("c.json:1: assets[0].assets.X.caps.top: expected a number from 0 to 100000 (points), found 1e+19"), "\(messages)")
            XCTAssertTrue(messages.contains { $0.contains("themes[0].outputs[0].output") && $0.contains("NUL") }, "\(messages)")
        }
    }

    func testManifestInputsAndSeeds() throws {
        for (_, bytes) in try inputs("Fuzz/FuzzManifest") + inputs("FuzzSeeds/FuzzManifest") { FuzzEntries.manifest(bytes) }
        let (_, hostile) = try inputs("Fuzz/FuzzManifest").first!
        let m = try OwnershipManifest.parse(hostile, shownAs: "m.json")
        XCTAssertEqual(m.allPaths.map { PathGuard.formProblem($0) != nil }, [true, true, true, true])
    }
}
