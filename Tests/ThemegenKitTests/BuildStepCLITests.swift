import Foundation
import XCTest
@testable import ThemegenCore
@testable import ThemegenImage
@testable import Mustache
@testable import ThemegenGradients
@testable import ThemegenSlicing
@testable import ThemegenGenerate
@testable import ThemegenConfig
@testable import ThemegenBuild
@testable import ThemegenCLI
@testable import ThemegenTestSupport

/// The build step's commands through `ThemegenCLI.run`, and one through the real binary.
final class BuildStepCLITests: XCTestCase {
    func cli(_ args: [String]) -> (ExitCode, String, String) {
        let c = CapturedConsole()
        let code = ThemegenCLI.run(args, console: c.console)
        return (code, c.out, c.err)
    }

    func testOverviewListsTheBuildStepCommandsAndRunIsTheDefault() {
        let (code, out, _) = cli(["--help"])
        XCTAssertEqual(code, .ok)
        for name in ["run", "check", "clean", "config"] { XCTAssertTrue(out.contains("\n  \(name) "), name) }
        XCTAssertEqual(ThemegenCLI.defaultCommand, "run")
        let (helpCode, help, _) = cli(["run", "--help"])
        XCTAssertEqual(helpCode, .ok)
        for flag in ["--config FILE", "--check", "--dry-run", "--force", "--no-cache", "--verbose", "--quiet", "--strict"] {
            XCTAssertTrue(help.contains(flag), flag)
        }
        XCTAssertEqual(cli(["--no-such-flag"]).0, .input)
    }

    func testConfigInitWritesTheStarterAndNeverOverwrites() throws {
        let dir = makeTemporaryFolder(self)
        let path = dir + "/themegen.json"
        XCTAssertEqual(cli(["config", "init", "--config", path]).0, .ok)
        XCTAssertEqual(readText(path), StarterConfig.text)
        XCTAssertEqual(cli(["config", "lint", "--config", path]).0, .input, "no export folders yet")
        // With only Exports/Assets, the starter has only that section and lints clean.
        try FileManager.default.removeItem(atPath: path)
        try FileManager.default.createDirectory(atPath: dir + "/Exports/Assets", withIntermediateDirectories: true)
        XCTAssertEqual(cli(["config", "init", "--config", path]).0, .ok)
        XCTAssertFalse(readText(path)!.contains("\"themes\""))
        XCTAssertTrue(readText(path)!.contains("\"assets\""))
        XCTAssertEqual(cli(["config", "lint", "--config", path]).0, .ok)
        writeFile(path, "{}\n")
        let (code, _, err) = cli(["config", "init", "--config", path])
        XCTAssertEqual(code, .io)
        XCTAssertEqual(err, "themegen: error: \(path): already exists; themegen config init does not overwrite it\n")
        XCTAssertEqual(readText(path), "{}\n")
    }

    func testConfigLintReportsEveryErrorAndWritesNothing() throws {
        let dir = makeTemporaryFolder(self)
        writeFile(dir + "/themegen.json", "{\n  \"themes\": [{\"input\": \"Nope\", \"outputs\": [{\"template\": 1, \"output\": \"a.swift\"}]}],\n  \"colour\": 1\n}\n")
        let (code, _, err) = cli(["config", "lint", "--config", dir + "/themegen.json"])
        XCTAssertEqual(code, .input)
        let name = dir + "/themegen.json"
        XCTAssertEqual(err, """
            themegen: error: \(name):2: themes[0].outputs[0].template: expected a string, found a number
            themegen: error: \(name):3: colour: unknown key (known keys here: $schema, themes, assets, preview, manifest)
            themegen: error: \(name):2: themes[0].input: input folder "Nope" does not exist

            """)
        XCTAssertEqual(allFiles(dir), ["themegen.json"])
        try FileManager.default.createDirectory(atPath: dir + "/Nope", withIntermediateDirectories: true)
        writeFile(dir + "/themegen.json", #"{"themes": [{"input": "Nope"}]}"#)
        XCTAssertEqual(cli(["config", "lint", "--config", dir + "/themegen.json"]).0, .ok)
    }

    func testConfigSchemaPrintsTheCommittedSchema() throws {
        let committed = try String(contentsOf: SharedCorpus.repoRoot.appendingPathComponent("themegen.schema.json"), encoding: .utf8)
        XCTAssertEqual(cli(["config", "schema"]).1, committed)
    }

    /// Two real processes: this test holds the lock; `themegen run` waits, says who holds it,
    /// and finishes once it is released.
    func testSecondProcessWaitsForTheLock() throws {
        // Beside the test bundle (swift test builds every product), else in .build/debug.
        let candidates = [
            URL(fileURLWithPath: ProcessInfo.processInfo.arguments[0]).deletingLastPathComponent().appendingPathComponent("themegen").path,
            Bundle(for: Self.self).bundleURL.deletingLastPathComponent().appendingPathComponent("themegen").path,
            SharedCorpus.repoRoot.appendingPathComponent(".build/debug/themegen").path,
        ]
        guard let binary = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw XCTSkip("themegen binary not built")
        }
        let dir = makeTemporaryFolder(self)
        try FileManager.default.createDirectory(atPath: dir + "/Exports/Themes", withIntermediateDirectories: true)
        writeFile(dir + "/themegen.json", #"{"themes": [{"input": "Exports/Themes"}], "preview": false}"#)
        let held = try RunLock(path: dir + "/.themegen/lock", shownAs: "lock", waiting: { _ in })
        let p = Process()
        p.executableURL = URL(fileURLWithPath: binary)
        p.arguments = ["run", "--config", dir + "/themegen.json"]
        let err = Pipe()
        p.standardError = err
        try p.run()
        var seen = ""
        let handle = err.fileHandleForReading
        let deadline = Date().addingTimeInterval(20)
        while !seen.contains("\n"), Date() < deadline {
            let chunk = handle.availableData
            if chunk.isEmpty { break }
            seen += String(decoding: chunk, as: UTF8.self)
        }
        XCTAssertEqual(seen, "waiting for lock held by pid \(getpid())\n")
        XCTAssertTrue(p.isRunning)
        held.release()
        p.waitUntilExit()
        XCTAssertEqual(p.terminationStatus, 0)
        XCTAssertEqual(readText(dir + "/.themegen/lock"), "\(p.processIdentifier)\n")
    }
}
