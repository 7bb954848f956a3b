import Foundation
import XCTest
@testable import ThemegenCore
@testable import ThemegenConfig
@testable import ThemegenBuild
@testable import ThemegenCLI
import ThemegenTestKit

/// The run orchestration with fake producers: the themes job writes one Swift file listing
/// its exports; the assets job writes an imageset per export plus a catalog and Swift file.
final class BuildRunTests: XCTestCase {
    let calls = Recorder()

    func fakeProducers() -> Producers {
        let calls = self.calls
        return Producers(
            themes: { section, ctx in
                calls.append("themes")
                let files = try InputFiles.relativePNGs(in: section.input, root: ctx.root)
                var text = "// \(section.outputs.map(\.template))\n"
                for f in files {
                    let bytes = try FileSystem.readFile(ctx.path(f), shownAs: f)!
                    text += "\(f) \(SHA256.hex(bytes).prefix(8))\n"
                }
                if let tf = section.outputs.compactMap(\.templateFile).first {
                    text += String(decoding: try FileSystem.readFile(ctx.path(tf), shownAs: tf)!, as: UTF8.self)
                }
                return section.outputs.map { PlannedFile(path: $0.output, text: text) }
            },
            assets: { section, ctx in
                calls.append("assets")
                var out: [PlannedFile] = [PlannedFile(path: section.catalog + "/Contents.json", text: "{catalog}\n")]
                let files = try InputFiles.relativePNGs(in: section.input, root: ctx.root)
                for (i, f) in files.enumerated() {
                    ctx.progress(i + 1, of: files.count, "slicing \(f)")
                    let name = ((f as NSString).lastPathComponent as NSString).deletingPathExtension
                    let bytes = try FileSystem.readFile(ctx.path(f), shownAs: f)!
                    out.append(PlannedFile(path: "\(section.catalog)/\(name).imageset/\(name).png", bytes: bytes))
                    out.append(PlannedFile(path: "\(section.catalog)/\(name).imageset/Contents.json", text: "{\(name)}\n"))
                }
                out += section.outputs.map { PlannedFile(path: $0.output, text: files.joined(separator: "\n")) }
                return out
            })
    }

    func project() -> String {
        let root = makeTemporaryFolder(self)
        writeFile(root + "/Exports/Themes/Sunset.png", "sunset pixels")
        writeFile(root + "/Exports/Themes/Ocean.png", "ocean pixels")
        writeFile(root + "/Exports/Assets/Star@3x.png", "star pixels")
        writeFile(root + "/Exports/Assets/Heart@3x.png", "heart pixels")
        writeFile(root + "/Exports/Assets/notes.txt", "not an export")
        return root
    }

    @discardableResult
    func run(_ root: String, configure: (inout BuildOptions) -> Void = { _ in }, console: Console? = nil) throws -> BuildOutcome {
        let loaded = try ConfigLoader.load(explicitPath: nil, in: root)
        var options = BuildOptions(toolVersion: "test")
        configure(&options)
        let c = console ?? CapturedConsole().console
        return try BuildRun.run(config: loaded, jobs: fakeProducers().jobs(for: loaded), options: options, console: c)
    }

    let outputs = [
        "Generated/.themegen-manifest.json",
        "Generated/Assets.swift",
        "Generated/Assets.xcassets/Contents.json",
        "Generated/Assets.xcassets/Heart@3x.imageset/Contents.json",
        "Generated/Assets.xcassets/Heart@3x.imageset/Heart@3x.png",
        "Generated/Assets.xcassets/Star@3x.imageset/Contents.json",
        "Generated/Assets.xcassets/Star@3x.imageset/Star@3x.png",
        "Generated/Themes.swift",
    ]

    func generated(_ root: String) -> [String] { allFiles(root).filter { $0.hasPrefix("Generated/") } }

    func testConventionsRunWritesEverythingAndASelfIgnoringCacheFolder() throws {
        let root = project()
        let outcome = try run(root)
        XCTAssertEqual(outcome.status, .ok)
        XCTAssertEqual(outcome.cachedJobs, [])
        XCTAssertEqual(calls.items, ["themes", "assets"])
        XCTAssertEqual(generated(root), outputs)
        XCTAssertEqual(readText(root + "/Generated/Themes.swift"),
                       "// [\"swift\"]\nExports/Themes/Ocean.png \(SHA256.hex(Array("ocean pixels".utf8)).prefix(8))\n"
                       + "Exports/Themes/Sunset.png \(SHA256.hex(Array("sunset pixels".utf8)).prefix(8))\n")
        XCTAssertEqual(readText(root + "/.themegen/.gitignore"), "# Written by themegen: its cache and lock, never committed.\n*\n")
        XCTAssertTrue(FileManager.default.fileExists(atPath: root + "/.themegen/cache.json"))
    }

    func testNoChangeRerunIsACacheHitThatTouchesNothingAndSaysNothing() throws {
        let root = project()
        try run(root)
        // Aged outputs no longer match the cache: a full run, which must write nothing.
        for p in outputs { ageFile(root + "/" + p) }
        let full = try run(root)
        XCTAssertEqual(full.cachedJobs, [])
        XCTAssertEqual(full.report?.unchanged.count, outputs.count - 1)
        XCTAssertEqual(full.report?.isUpToDate, true)
        for p in outputs { XCTAssertEqual(mtime(root + "/" + p), 1_000_000_000 * 1_000_000_000, p) }

        let cacheBefore = readText(root + "/.themegen/cache.json")
        let captured = CapturedConsole()
        captured.console.isTerminal = true
        let outcome = try run(root, console: captured.console)
        XCTAssertEqual(outcome.cachedJobs, ["themes[0]", "assets[0]"])
        XCTAssertNil(outcome.report)
        XCTAssertEqual(calls.items, ["themes", "assets", "themes", "assets"], "no producer ran the third time")
        for p in outputs { XCTAssertEqual(mtime(root + "/" + p), 1_000_000_000 * 1_000_000_000, p) }
        XCTAssertEqual(captured.out, "")
        XCTAssertEqual(captured.err, "")
        XCTAssertEqual(readText(root + "/.themegen/cache.json"), cacheBefore)

        let verbose = CapturedConsole()
        verbose.console.verbosity = .verbose
        try run(root, console: verbose.console)
        XCTAssertEqual(verbose.err, "themes[0]: unchanged (cache)\nassets[0]: unchanged (cache)\nup to date\n")
    }

    func testTouchedInputIsRehashedAndStillAHit() throws {
        let root = project()
        try run(root)
        ageFile(root + "/Exports/Themes/Sunset.png")
        let outcome = try run(root)
        XCTAssertEqual(outcome.cachedJobs, ["themes[0]", "assets[0]"])
        XCTAssertEqual(calls.items, ["themes", "assets"])
        // The new stat was remembered, so the next run is a pure stat hit.
        let cache = BuildCache.load(path: root + "/.themegen/cache.json")!
        XCTAssertEqual(cache.jobs["themes[0]"]!.inputs["Exports/Themes/Sunset.png"]!.stat,
                       FileStat.of(root + "/Exports/Themes/Sunset.png"))
    }

    func testChangedExportRerunsOnlyItsJobAndRewritesOnlyWhatDependsOnIt() throws {
        let root = project()
        try run(root)
        for p in outputs { ageFile(root + "/" + p) }
        try run(root)
        writeFile(root + "/Exports/Assets/Star@3x.png", "new star pixels")
        let outcome = try run(root)
        XCTAssertEqual(outcome.cachedJobs, ["themes[0]"])
        XCTAssertEqual(calls.items, ["themes", "assets", "themes", "assets", "assets"])
        XCTAssertEqual(outcome.report?.stale, ["Generated/Assets.xcassets/Star@3x.imageset/Star@3x.png"])
        for p in outputs where p != "Generated/Assets.xcassets/Star@3x.imageset/Star@3x.png" && !p.hasSuffix("manifest.json") {
            XCTAssertEqual(mtime(root + "/" + p), 1_000_000_000 * 1_000_000_000, p)
        }
        XCTAssertEqual(readText(root + "/Generated/Assets.xcassets/Star@3x.imageset/Star@3x.png"), "new star pixels")
        // And the run after that is a hit again.
        XCTAssertEqual(try run(root).cachedJobs, ["themes[0]", "assets[0]"])
    }

    func testAddedAndRemovedExportsAreNoticed() throws {
        let root = project()
        try run(root)
        writeFile(root + "/Exports/Assets/Moon@3x.png", "moon")
        XCTAssertEqual(try run(root).report?.missing, ["Generated/Assets.xcassets/Moon@3x.imageset/Contents.json",
                                                      "Generated/Assets.xcassets/Moon@3x.imageset/Moon@3x.png"])
        try FileManager.default.removeItem(atPath: root + "/Exports/Assets/Heart@3x.png")
        let outcome = try run(root)
        XCTAssertEqual(outcome.cachedJobs, ["themes[0]"])
        XCTAssertEqual(outcome.report?.extra, ["Generated/Assets.xcassets/Heart@3x.imageset/Contents.json",
                                               "Generated/Assets.xcassets/Heart@3x.imageset/Heart@3x.png"])
        XCTAssertFalse(FileManager.default.fileExists(atPath: root + "/Generated/Assets.xcassets/Heart@3x.imageset"))
    }

    func testTemplateChangeMisses() throws {
        let root = project()
        writeFile(root + "/Templates/Themes.mustache", "template v1\n")
        writeFile(root + "/themegen.json", #"{"themes": [{"input": "Exports/Themes", "outputs": [{"template": "Templates/Themes.mustache", "output": "Generated/Themes.swift"}]}], "preview": false}"#)
        try run(root)
        XCTAssertEqual(try run(root).cachedJobs, ["themes[0]"])
        writeFile(root + "/Templates/Themes.mustache", "template v2\n")
        let outcome = try run(root)
        XCTAssertEqual(outcome.cachedJobs, [])
        XCTAssertEqual(outcome.report?.stale, ["Generated/Themes.swift"])
        XCTAssertTrue(readText(root + "/Generated/Themes.swift")!.hasSuffix("template v2\n"))
    }

    /// A template added to Templates/ shadows the built-in of that name; a partial beside a
    /// template file is read with it. Both are inputs.
    func testShadowingTemplateAndPartialsAreInputs() throws {
        let root = project()
        writeFile(root + "/Design/Web/css.mustache", "{{> header}}\n")
        writeFile(root + "/Design/Web/header.mustache", "v1\n")
        writeFile(root + "/themegen.json", #"{"themes": [{"input": "Exports/Themes", "outputs": [{"template": "swift", "output": "Generated/Themes.swift"}, {"template": "Design/Web/css.mustache", "output": "Generated/themes.css"}]}], "preview": false}"#)
        let loaded = try ConfigLoader.load(explicitPath: nil, in: root)
        XCTAssertEqual(try fakeProducers().jobs(for: loaded)[0].inputs(RunMemo()), [
            "Exports/Themes/Ocean.png", "Exports/Themes/Sunset.png",
            "Design/Web/css.mustache", "Design/Web/header.mustache",
        ])
        try run(root)
        XCTAssertEqual(try run(root).cachedJobs, ["themes[0]"])
        writeFile(root + "/Design/Web/header.mustache", "v2\n")
        XCTAssertEqual(try run(root).cachedJobs, [])
        XCTAssertEqual(try run(root).cachedJobs, ["themes[0]"])
        writeFile(root + "/Templates/swift.mustache", "my swift\n")
        XCTAssertEqual(try run(root).cachedJobs, [])
        XCTAssertEqual(try fakeProducers().jobs(for: loaded)[0].inputs(RunMemo()).last, "Templates/swift.mustache")
    }

    func testConfigChangeMissesEveryJob() throws {
        let root = project()
        writeFile(root + "/themegen.json", #"{"themes": [{"input": "Exports/Themes"}], "assets": [{"input": "Exports/Assets"}]}"#)
        try run(root)
        XCTAssertEqual(try run(root).cachedJobs, ["themes[0]", "assets[0]"])
        writeFile(root + "/themegen.json", #"{"themes": [{"input": "Exports/Themes"}], "assets": [{"input": "Exports/Assets", "pad": true}]}"#)
        XCTAssertEqual(try run(root).cachedJobs, [])
        XCTAssertEqual(calls.items, ["themes", "assets", "themes", "assets"])
    }

    func testToolVersionChangeMisses() throws {
        let root = project()
        try run(root)
        XCTAssertEqual(try run(root, configure: { $0.toolVersion = "test2" }).cachedJobs, [])
    }

    func testOutputsChangedBehindItsBackFallThroughToAFullRun() throws {
        let root = project()
        try run(root)
        // Deleted: the full run restores it.
        try FileManager.default.removeItem(atPath: root + "/Generated/Themes.swift")
        let outcome = try run(root)
        XCTAssertEqual(outcome.cachedJobs, ["assets[0]"])
        XCTAssertEqual(outcome.report?.missing, ["Generated/Themes.swift"])
        // Edited: the full run refuses, as it would without a cache.
        writeFile(root + "/Generated/Themes.swift", "my edit\n")
        XCTAssertThrowsError(try run(root)) { e in
            XCTAssertEqual("\(e)", "Generated/Themes.swift: was changed since themegen wrote it; move it away or run with --force to let themegen take it")
        }
        // A file dropped into an imageset.
        try run(root, configure: { $0.force = true })
        writeFile(root + "/Generated/Assets.xcassets/Star@3x.imageset/Extra.png", "x")
        XCTAssertThrowsError(try run(root))
        // The manifest deleted: the writer runs and rewrites it; jobs stay cached.
        try FileManager.default.removeItem(atPath: root + "/Generated/Assets.xcassets/Star@3x.imageset/Extra.png")
        try run(root)
        try FileManager.default.removeItem(atPath: root + "/Generated/.themegen-manifest.json")
        let again = try run(root)
        XCTAssertEqual(again.cachedJobs, ["themes[0]", "assets[0]"])
        XCTAssertNotNil(again.report)
        XCTAssertTrue(FileManager.default.fileExists(atPath: root + "/Generated/.themegen-manifest.json"))
    }

    /// A skipped job repeats its warnings, and `--strict` still fails on them.
    func testCachedJobsRepeatTheirWarnings() throws {
        let root = project()
        let loaded = try ConfigLoader.load(explicitPath: nil, in: root)
        let produced = Recorder()
        let jobs = Producers(themes: { _, ctx in
            produced.append("themes")
            ctx.console.warning("Exports/Themes/Ocean.png: 1125 px is not a multiple of 3")
            return [PlannedFile(path: "Generated/Themes.swift", text: "ok\n")]
        }).jobs(for: loaded)
        let first = CapturedConsole()
        _ = try BuildRun.run(config: loaded, jobs: jobs, options: BuildOptions(toolVersion: "t"), console: first.console)
        XCTAssertEqual(first.err, "themegen: warning: Exports/Themes/Ocean.png: 1125 px is not a multiple of 3\nwrote 1 file(s), deleted 0, unchanged 0\n")
        let cached = CapturedConsole()
        let outcome = try BuildRun.run(config: loaded, jobs: jobs, options: BuildOptions(toolVersion: "t"), console: cached.console)
        XCTAssertEqual(outcome.cachedJobs, ["themes[0]"])
        XCTAssertEqual(produced.items, ["themes"])
        XCTAssertEqual(cached.err, "themegen: warning: Exports/Themes/Ocean.png: 1125 px is not a multiple of 3\n")
        let strict = CapturedConsole()
        strict.console.strict = true
        XCTAssertEqual(try BuildRun.run(config: loaded, jobs: jobs, options: BuildOptions(toolVersion: "t"), console: strict.console).status, .failed(.input))
        XCTAssertEqual(produced.items, ["themes"])
    }

    /// An export re-saved while its job runs is not recorded as what the outputs came from.
    func testExportChangedDuringTheRunIsSeenNextTime() throws {
        let root = project()
        let loaded = try ConfigLoader.load(explicitPath: nil, in: root)
        let jobs = Producers(themes: { _, ctx in
            let text = readText(ctx.path("Exports/Themes/Ocean.png"))!
            writeFile(ctx.path("Exports/Themes/Ocean.png"), "ocean v2")  // the designer saves again
            return [PlannedFile(path: "Generated/Themes.swift", text: text)]
        }).jobs(for: loaded)
        _ = try BuildRun.run(config: loaded, jobs: jobs, options: BuildOptions(toolVersion: "t"), console: CapturedConsole().console)
        XCTAssertEqual(readText(root + "/Generated/Themes.swift"), "ocean pixels")
        let next = try BuildRun.run(config: loaded, jobs: jobs, options: BuildOptions(toolVersion: "t"), console: CapturedConsole().console)
        XCTAssertEqual(next.cachedJobs, [])
        XCTAssertEqual(readText(root + "/Generated/Themes.swift"), "ocean v2")
    }

    func testNoCacheAlwaysRunsTheProducers() throws {
        let root = project()
        try run(root)
        let outcome = try run(root, configure: { $0.noCache = true })
        XCTAssertEqual(outcome.cachedJobs, [])
        XCTAssertEqual(outcome.report?.unchanged.count, outputs.count - 1)
        XCTAssertEqual(calls.items, ["themes", "assets", "themes", "assets"])
    }

    /// A cache hit leaves exactly what a full run in a fresh folder leaves.
    func testCachedRunEqualsAFullRunElsewhere() throws {
        let a = project(), b = project()
        try run(a)
        writeFile(a + "/Exports/Assets/Star@3x.png", "star v2")
        try run(a)
        writeFile(a + "/Exports/Assets/Star@3x.png", "star v3")
        try run(a)
        XCTAssertEqual(try run(a).cachedJobs.count, 2)
        writeFile(b + "/Exports/Assets/Star@3x.png", "star v3")
        try run(b, configure: { $0.noCache = true })
        XCTAssertEqual(generated(a), generated(b))
        for p in generated(a) { XCTAssertEqual(readText(a + "/" + p), readText(b + "/" + p), p) }
        XCTAssertFalse(readText(a + "/Generated/.themegen-manifest.json")!.contains(a))
    }

    func testCheckExitCodesAndListingAndWritesNothing() throws {
        let root = project()
        let fresh = CapturedConsole()
        XCTAssertEqual(try run(root, configure: { $0.check = true }, console: fresh.console).status, .differences)
        XCTAssertEqual(fresh.out, outputs.filter { !$0.hasSuffix("manifest.json") }.map { "missing: \($0)\n" }.joined())
        XCTAssertEqual(allFiles(root).filter { !$0.hasPrefix("Exports/") }, [], "check wrote something")

        try run(root)
        let clean = CapturedConsole()
        XCTAssertEqual(try run(root, configure: { $0.check = true }, console: clean.console).status, .ok)
        XCTAssertEqual(clean.out, "")

        writeFile(root + "/Exports/Themes/Sunset.png", "sunset v2")
        try FileManager.default.removeItem(atPath: root + "/Exports/Assets/Heart@3x.png")
        try FileManager.default.removeItem(atPath: root + "/Generated/Assets.swift")
        let stale = CapturedConsole()
        XCTAssertEqual(try run(root, configure: { $0.check = true }, console: stale.console).status, .differences)
        XCTAssertEqual(stale.out, """
            missing: Generated/Assets.swift
            stale: Generated/Themes.swift
            extra: Generated/Assets.xcassets/Heart@3x.imageset/Contents.json
            extra: Generated/Assets.xcassets/Heart@3x.imageset/Heart@3x.png

            """)
        XCTAssertEqual(stale.err, "4 output(s) out of date; run themegen to update them\n")
    }

    func testDryRunListsWithoutWriting() throws {
        let root = project()
        try run(root)
        writeFile(root + "/Exports/Themes/Sunset.png", "sunset v2")
        try FileManager.default.removeItem(atPath: root + "/Exports/Assets/Heart@3x.png")
        let before = allFiles(root).map { readText(root + "/" + $0) }
        let c = CapturedConsole()
        try run(root, configure: { $0.dryRun = true }, console: c.console)
        XCTAssertEqual(c.out, """
            would write Generated/Assets.swift
            would write Generated/Themes.swift
            would delete Generated/Assets.xcassets/Heart@3x.imageset/Contents.json
            would delete Generated/Assets.xcassets/Heart@3x.imageset/Heart@3x.png

            """)
        XCTAssertEqual(allFiles(root).map { readText(root + "/" + $0) }, before)
    }

    /// Every job's errors are reported, in config order; a job with errors writes nothing.
    func testProducerErrorsAreAllReportedAndFailedJobsWriteNothing() throws {
        let root = project()
        let loaded = try ConfigLoader.load(explicitPath: nil, in: root)
        let jobs = Producers(
            themes: { _, ctx in
                ctx.console.error(FileError("Exports/Themes/Sunset.png", "not a PNG file"))
                ctx.console.error(FileError("Exports/Themes/Ocean.png", "not a PNG file"))
                return [PlannedFile(path: "Generated/Themes.swift", text: "partial")]
            },
            assets: { _, _ in throw FileError("Exports/Assets/Star@3x.png", "truncated") }
        ).jobs(for: loaded)
        let c = CapturedConsole()
        let before = allFiles(root)
        XCTAssertEqual(try BuildRun.run(config: loaded, jobs: jobs, options: BuildOptions(toolVersion: "t"), console: c.console).status,
                       .failed(.input))
        XCTAssertEqual(c.err, """
            themegen: error: Exports/Themes/Sunset.png: not a PNG file
            themegen: error: Exports/Themes/Ocean.png: not a PNG file
            themegen: error: Exports/Assets/Star@3x.png: truncated

            """)
        XCTAssertEqual(c.console.exitCode, .input)
        XCTAssertEqual(allFiles(root).filter { !$0.hasPrefix(".themegen/") }, before)
        XCTAssertEqual(generated(root), [])
    }

    func testSecondRunWaitsForTheLockAndGivesUp() throws {
        let root = project()
        let held = try RunLock(path: root + "/.themegen/lock", shownAs: "lock", waiting: { _ in })
        let c = CapturedConsole()
        XCTAssertThrowsError(try run(root, configure: { $0.lockTimeout = 0.2 }, console: c.console)) { e in
            XCTAssertEqual((e as! ThemegenError).kind.exitCode, .io)
        }
        XCTAssertEqual(c.err, "waiting for lock held by pid \(getpid())\n")
        XCTAssertEqual(generated(root), [])
        held.release()
        XCTAssertEqual(try run(root).status, .ok)
    }

    func testProgressLineOnlyOnATerminal() throws {
        let root = project()
        let tty = CapturedConsole()
        tty.console.isTerminal = true
        try run(root, console: tty.console)
        XCTAssertTrue(tty.err.contains("\r\u{1B}[K[1/2] slicing Exports/Assets/Heart@3x.png"))
        XCTAssertTrue(tty.err.contains("[2/2] slicing Exports/Assets/Star@3x.png"))
        let pipe = CapturedConsole()
        try run(project(), console: pipe.console)
        XCTAssertEqual(pipe.err, "wrote 7 file(s), deleted 0, unchanged 0\n")
    }

    func testCleanRemovesOwnedOutputsAndTheCache() throws {
        let root = project()
        try run(root)
        writeFile(root + "/Generated/README.md", "mine\n")
        let loaded = try ConfigLoader.load(explicitPath: nil, in: root)
        let report = try BuildRun.clean(config: loaded, options: BuildOptions(toolVersion: "t"), console: CapturedConsole().console)
        XCTAssertEqual(report.extra.count, outputs.count - 1)
        XCTAssertEqual(generated(root), ["Generated/README.md"])
        XCTAssertFalse(FileManager.default.fileExists(atPath: root + "/.themegen/cache.json"))
    }

    /// clean needs only the manifest's place: it works with the exports gone.
    func testCleanWorksWhenTheExportsAreGone() throws {
        let root = project()
        writeFile(root + "/themegen.json", #"{"themes": [{"input": "Exports/Themes"}], "manifest": "Generated/owned.json", "preview": false}"#)
        try run(root)
        XCTAssertTrue(FileManager.default.fileExists(atPath: root + "/Generated/owned.json"))
        try FileManager.default.removeItem(atPath: root + "/Exports")
        XCTAssertThrowsError(try ConfigLoader.load(explicitPath: root + "/themegen.json"))
        let loaded = try ConfigLoader.loadForClean(explicitPath: root + "/themegen.json")
        XCTAssertEqual(loaded.config.manifest, "Generated/owned.json")
        _ = try BuildRun.clean(config: loaded, options: BuildOptions(toolVersion: "t"), console: CapturedConsole().console)
        XCTAssertEqual(allFiles(root), ["themegen.json"], "nothing themegen made remains, not even its lock")
    }
}
