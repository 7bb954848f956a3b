import Foundation
import XCTest
@testable import ThemegenImage
@testable import ThemegenCLI
import ThemegenTestSupport
import ThemegenTestKit

/// `themegen themes`: what it prints for good, bad and shaped artboards.
final class ThemesCommandTests: XCTestCase {
    typealias S = GradientTestSupport

    var dir: String = ""

    override func setUp() { dir = makeTemporaryFolder(self) }

    @discardableResult
    func write(_ name: String, _ image: Image) throws -> String {
        let path = dir + "/" + name
        try Data(PNGEncoder.encode(image)).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// `themes DIR` with one bad artboard prints every good theme, reports the bad one on
    /// stderr naming the file and why, and exits 2.
    func testThemesCommandPrintsGoodThemesWhenOneFails() throws {
        try write("Good.png", GradientRenderer(width: 100, height: 200, gradient: S.gradient(180, [("#000000", 0), ("#FFFFFF", 1)])).render())
        try write("Clear.png", Image(width: 64, height: 64, pixels: .rgba8([UInt8](repeating: 0, count: 64 * 64 * 4))))
        try write("Tiny.png", Image(width: 1, height: 1, pixels: .rgba8([10, 20, 30, 255])))
        let c = CapturedConsole()
        let code = ThemegenCLI.run(["themes", dir, "--template", "json"], console: c.console)
        XCTAssertEqual(code, .input)
        XCTAssertTrue(c.out.contains("\"name\": \"Good\""), c.out)
        XCTAssertFalse(c.out.contains("Clear"), c.out)
        XCTAssertTrue(c.err.contains("Clear.png: the artboard is fully transparent (alpha 0 everywhere)"), c.err)
        XCTAssertTrue(c.err.contains("Tiny.png: the artboard is 1×1 px; a gradient needs at least 8×8 px"), c.err)
    }
}

/// `themegen themes --template json` on radial and angular exports prints each type's keys.
final class ShapeThemesCLITests: XCTestCase {
    typealias S = GradientTestSupport

    func testThemesJSONPrintsTypeAndGeometry() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("themegen-shapes-cli-\(ProcessInfo.processInfo.processIdentifier)")
        try? FileManager.default.removeItem(at: dir)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let radial = S.radial(375, 812, center: (0.5, 0.4), radius: (0.8, 0.45), [("#12C2E9", 0), ("#F64F59", 1)])
        let angular = S.angular(375, 812, center: (0.5, 0.5), start: 90, [("#FF0000", 0), ("#0000FF", 1)])
        try Data(try PNGEncoder.encode(radial.render(), name: "Glow.png")).write(to: dir.appendingPathComponent("Glow.png"))
        try Data(try PNGEncoder.encode(angular.render(), name: "Ring.png")).write(to: dir.appendingPathComponent("Ring.png"))
        let c = CapturedConsole()
        XCTAssertEqual(ThemegenCLI.run(["themes", dir.path, "--template", "json"], console: c.console), .ok, c.err)
        let root = try JSONSerialization.jsonObject(with: Data(c.out.utf8)) as? [String: Any]
        guard let themes = root?["themes"] as? [[String: Any]], themes.count == 2 else { return XCTFail(c.out) }
        let glow = themes[0], ring = themes[1]
        XCTAssertEqual(glow["type"] as? String, "radial")
        XCTAssertNil(glow["angle"])
        XCTAssertNotNil(glow["center"]); XCTAssertNotNil(glow["radius"])
        XCTAssertEqual(ring["type"] as? String, "angular")
        // Within the issue's 0.5°: the seam is found at 89.71° here, and snaps to a whole
        // degree only when that moves it at most a pixel anywhere in the box.
        XCTAssertEqual(ring["startAngle"] as? Double ?? 0, 90, accuracy: 0.5)
        XCTAssertNil(ring["radius"])
        // 6 decimals for the geometry and the positions of radial and angular themes.
        XCTAssertNotNil(c.out.range(of: #""center": \{\s*"x": -?[0-9]+\.[0-9]{6},\s*"y": -?[0-9]+\.[0-9]{6}\s*\}"#, options: .regularExpression), c.out)
        XCTAssertTrue(c.out.contains("\"position\": 1.000000"), c.out)
    }
}

/// The README's theme model documents every key `themes --template json` prints, for every type.
final class ThemeModelDocsTests: XCTestCase {
    typealias S = GradientTestSupport

    func testEveryPrintedKeyIsInTheReadmesThemeModel() throws {
        let dir = makeTemporaryFolder(self)
        let artboards = [("Line.png", GradientRenderer(width: 375, height: 812, gradient: S.gradient(135, [("#F7971E", 0), ("#FFD200", 1)]))),
                         ("Glow.png", S.radial(375, 812, center: (0.5, 0.4), radius: (0.8, 0.45), [("#12C2E9", 0), ("#F64F59", 1)])),
                         ("Ring.png", S.angular(375, 812, center: (0.5, 0.5), start: 90, [("#FF0000", 0), ("#0000FF", 1)]))]
        for (name, renderer) in artboards {
            try Data(try PNGEncoder.encode(renderer.render(), name: name)).write(to: URL(fileURLWithPath: dir + "/" + name))
        }
        let c = CapturedConsole()
        XCTAssertEqual(ThemegenCLI.run(["themes", dir, "--template", "json"], console: c.console), .ok, c.err)
        let root = try JSONSerialization.jsonObject(with: Data(c.out.utf8)) as? [String: Any]
        let themes = root?["themes"] as? [[String: Any]] ?? []
        XCTAssertEqual(themes.compactMap { $0["type"] as? String }.sorted(), ["angular", "linear", "radial"], c.out)

        let readme = try String(contentsOf: SharedCorpus.repoRoot.appendingPathComponent("README.md"), encoding: .utf8)
        guard let start = readme.range(of: "## The theme model"), let end = readme.range(of: "### How each API draws it") else {
            return XCTFail("README.md has no '## The theme model' section followed by '### How each API draws it'")
        }
        // Each table row: its first column's keys, and the whole row's text for the nested keys.
        var rows: [(keys: [String], text: String)] = []
        for line in readme[start.upperBound..<end.lowerBound].split(separator: "\n") where line.hasPrefix("| `") {
            let first = line.split(separator: "|")[0]
            rows.append((first.split(separator: "`").enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }, String(line)))
        }
        for theme in themes {
            for (key, value) in theme {
                guard let row = rows.first(where: { $0.keys.contains(key) }) else {
                    XCTFail("README's theme model has no row for `\(key)`"); continue
                }
                let nested = (value as? [String: Any]).map { Array($0.keys) }
                    ?? (value as? [[String: Any]])?.flatMap { Array($0.keys) } ?? []
                for inner in Set(nested) where !Self.namesWord(row.text, inner) {
                    XCTFail("README's row for `\(key)` does not name its key `\(inner)`")
                }
            }
        }
    }

    /// Whether `word` stands in `text` as a whole word (`position`, not `positions`).
    static func namesWord(_ text: String, _ word: String) -> Bool {
        let chars = Array(text), w = Array(word)
        guard w.count <= chars.count else { return false }
        for i in 0...(chars.count - w.count) where Array(chars[i..<(i + w.count)]) == w {
            let before = i == 0 ? " " : chars[i - 1], after = i + w.count == chars.count ? " " : chars[i + w.count]
            if !before.isLetter && !after.isLetter { return true }
        }
        return false
    }
}
