import Foundation
import XCTest
@testable import ThemegenImage
@testable import ThemegenConfig
@testable import ThemegenBuild
@testable import ThemegenCLI
import ThemegenTestSupport
import ThemegenTestKit

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
        XCTAssertEqual(readText(path), """
            {
              "$schema": "themegen.schema.json",
              "themes": [{ "input": "Exports/Themes" }],
              "assets": [{ "input": "Exports/Assets" }]
            }

            """)
        XCTAssertEqual(readText(dir + "/themegen.schema.json"), ConfigSchema.document().serialized())
        XCTAssertEqual(cli(["config", "lint", "--config", path]).0, .input, "no export folders yet")
        // With only Exports/Assets, the starter has only that section and lints clean.
        try FileManager.default.removeItem(atPath: path)
        try FileManager.default.createDirectory(atPath: dir + "/Exports/Assets", withIntermediateDirectories: true)
        XCTAssertEqual(cli(["config", "init", "--config", path]).0, .ok)
        XCTAssertEqual(readText(path), "{\n  \"$schema\": \"themegen.schema.json\",\n  \"assets\": [{ \"input\": \"Exports/Assets\" }]\n}\n")
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
        let binary = try themegenBinary()
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

extension BuildStepCLITests {
    /// `assets[i].namespaces` decides provides-namespace per group folder, over `providesNamespace`.
    func testNamespacesKeyMarksOnlyTheGroupsItNames() throws {
        let dir = makeTemporaryFolder(self)
        let icon = SharedCorpus.repoRoot.appendingPathComponent("Exports/Assets/Icons").path
        let first = try XCTUnwrap(FileManager.default.contentsOfDirectory(atPath: icon).sorted().first { $0.hasSuffix("@3x.png") })
        for group in ["Icons", "Icons/Small", "Other"] {
            try FileManager.default.createDirectory(atPath: dir + "/Art/" + group, withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: icon + "/" + first, toPath: dir + "/Art/" + group + "/" + first)
        }
        writeFile(dir + "/themegen.json", """
            {"assets": [{"input": "Art", "catalog": "Out/A.xcassets", "providesNamespace": true,
                         "namespaces": {"Icons/Small": false, "Other": false}}]}
            """)
        XCTAssertEqual(cli(["run", "--config", dir + "/themegen.json", "-q"]).0, .ok)
        func namespaced(_ group: String) -> Bool {
            readText(dir + "/Out/A.xcassets/" + group + "/Contents.json")!.contains("provides-namespace")
        }
        XCTAssertTrue(namespaced("Icons"))
        XCTAssertFalse(namespaced("Icons/Small"))
        XCTAssertFalse(namespaced("Other"))
    }
}

extension BuildStepCLITests {
    /// A slicing warning names the remedy where the user is: the flag for `slice`, the config
    /// key in a `run`; and that remedy makes the warning go away.
    func testSlicingHintNamesTheFlagOrTheConfigKeyAndTheRemedyWorks() throws {
        let dir = makeTemporaryFolder(self)
        try FileManager.default.createDirectory(atPath: dir + "/Art", withIntermediateDirectories: true)
        let odd = SlicingFixtures.image(10, 6) { _, _ in (200, 10, 10, 255) }
        try Data(try PNGEncoder.encode(odd)).write(to: URL(fileURLWithPath: dir + "/Art/Odd@3x.png"))
        let png = dir + "/Art/Odd@3x.png"
        let offGrid = "Odd is 10×6 px at @3x, not a multiple of 3; the 1x would be blurry or off by a pixel"

        let (code, _, err) = cli(["slice", png, "--catalog", dir + "/S.xcassets"])
        XCTAssertEqual(code, .ok)
        XCTAssertTrue(err.hasPrefix("themegen: warning: \(png): \(offGrid)\n    hint: pass --pad to pad it transparently\n"), err)
        let (padded, _, padErr) = cli(["slice", png, "--catalog", dir + "/S.xcassets", "--pad"])
        XCTAssertEqual(padded, .ok)
        XCTAssertFalse(padErr.contains("warning"), padErr)

        writeFile(dir + "/themegen.json", #"{"assets": [{"input": "Art", "catalog": "R.xcassets"}]}"#)
        let (runCode, _, runErr) = cli(["run", "--config", dir + "/themegen.json"])
        XCTAssertEqual(runCode, .ok)
        XCTAssertTrue(runErr.contains("\(offGrid)\n    hint: set \"assets[0].pad\": true in \(dir)/themegen.json to pad it transparently\n"), runErr)
        XCTAssertFalse(runErr.contains("--pad"), runErr)
        writeFile(dir + "/themegen.json", #"{"assets": [{"input": "Art", "catalog": "R.xcassets", "pad": true}]}"#)
        let (fixed, _, fixedErr) = cli(["run", "--config", dir + "/themegen.json"])
        XCTAssertEqual(fixed, .ok)
        XCTAssertFalse(fixedErr.contains("warning"), fixedErr)
    }
}
