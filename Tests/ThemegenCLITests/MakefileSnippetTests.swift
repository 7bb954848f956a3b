import Foundation
import XCTest
import ThemegenTestKit

/// The README's snippet for a user's own Makefile, run by `make` with the built themegen on a
/// project whose folder and export names have spaces (as Sketch exports do).
final class MakefileSnippetTests: XCTestCase {
    /// The one ```make block of README.md, without the indentation of its fence (it sits in a
    /// numbered list), as a reader copies it.
    static func snippet() throws -> String {
        let readme = try String(contentsOf: SharedCorpus.repoRoot.appendingPathComponent("README.md"), encoding: .utf8)
        var blocks: [[String]] = [], indent: Int?
        for line in readme.components(separatedBy: "\n") {
            let trimmed = line.drop { $0 == " " }
            if let n = indent {
                if trimmed.hasPrefix("```") { indent = nil; continue }
                blocks[blocks.count - 1].append(line.prefix(n).allSatisfy { $0 == " " } ? String(line.dropFirst(n)) : line)
            } else if trimmed == "```make" {
                indent = line.count - trimmed.count
                blocks.append([])
            }
        }
        XCTAssertEqual(blocks.count, 1, "README.md should have exactly one ```make block")
        return try XCTUnwrap(blocks.first).joined(separator: "\n") + "\n"
    }

    /// The themegen product `swift test` built: beside the test bundle, else in .build/debug.
    static func themegenBinary() -> String? {
        [URL(fileURLWithPath: ProcessInfo.processInfo.arguments[0]).deletingLastPathComponent().appendingPathComponent("themegen").path,
         Bundle(for: Self.self).bundleURL.deletingLastPathComponent().appendingPathComponent("themegen").path,
         SharedCorpus.repoRoot.appendingPathComponent(".build/debug/themegen").path]
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    func make(in dir: String, binary: String) throws -> (status: Int32, out: String) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["make", "--no-print-directory", "THEMEGEN=" + binary]
        p.currentDirectoryURL = URL(fileURLWithPath: dir)
        let pipe = Pipe()
        p.standardOutput = pipe
        p.standardError = pipe
        try p.run()
        let out = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        return (p.terminationStatus, out)
    }

    func copy(_ exported: String, to path: String) throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        if FileManager.default.fileExists(atPath: path) { try FileManager.default.removeItem(atPath: path) }
        try FileManager.default.copyItem(atPath: SharedCorpus.repoRoot.appendingPathComponent("Exports/" + exported).path, toPath: path)
    }

    func testReadmeSnippetRunsOnNamesWithSpaces() throws {
        guard ["/usr/bin/make", "/usr/local/bin/make", "/bin/make"].contains(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw XCTSkip("make is not installed; the README's Makefile snippet test needs GNU make (apt-get install make)")
        }
        guard let binary = Self.themegenBinary() else { throw XCTSkip("themegen binary not built") }
        let dir = makeTemporaryFolder(self) + "/My App"
        try copy("Themes/Ocean Blue@3x.png", to: dir + "/Exports/Themes/Lavender Mist@3x.png")
        try copy("Themes/Sunset@3x.png", to: dir + "/Exports/Themes/Rose Gold Dawn@3x.png")
        try copy("Assets/Icons/Close@3x.png", to: dir + "/Exports/Assets/Close Button@3x.png")
        writeFile(dir + "/Makefile", try Self.snippet())

        let first = try make(in: dir, binary: binary)
        XCTAssertEqual(first.status, 0, first.out)
        XCTAssertFalse(first.out.contains("No rule to make target"), first.out)
        let themes = try XCTUnwrap(readText(dir + "/Generated/Themes.swift"), first.out)
        XCTAssertTrue(themes.contains("lavenderMist") && themes.contains("roseGoldDawn"), themes)
        XCTAssertTrue(allFiles(dir).contains("Generated/Assets.xcassets/Close Button.imageset/Close Button@3x.png"), "\(allFiles(dir))")
        XCTAssertNotNil(readText(dir + "/Generated/Preview/index.html"))

        // Nothing changed: make runs themegen, which writes nothing and says nothing (only its
        // lock in .themegen/ is taken again).
        func outputs() -> [String] {
            allFiles(dir).filter { !$0.hasPrefix(".themegen/") }.map { "\($0) \(mtime(dir + "/" + $0) ?? -1)" }
        }
        let before = outputs()
        let second = try make(in: dir, binary: binary)
        XCTAssertEqual(second.status, 0, second.out)
        XCTAssertEqual(second.out.split(separator: "\n"), [Substring(binary)], "only make's echo of the command")
        XCTAssertEqual(outputs(), before)

        // A re-export under a name with spaces is picked up.
        try copy("Themes/Midnight@3x.png", to: dir + "/Exports/Themes/Lavender Mist@3x.png")
        let third = try make(in: dir, binary: binary)
        XCTAssertEqual(third.status, 0, third.out)
        XCTAssertNotEqual(readText(dir + "/Generated/Themes.swift"), themes)
    }
}
