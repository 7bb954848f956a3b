import Foundation
import XCTest
@testable import ThemegenCore
@testable import ThemegenBuild
import ThemegenTestKit

final class OutputWriterTests: XCTestCase {
    let manifest = OwnershipManifest.defaultPath

    func plan(_ files: [String: String]) -> OutputPlan {
        OutputPlan(files: files.map { PlannedFile(path: $0.key, text: $0.value) })
    }

    let v1: [String: String] = [
        "Generated/Themes.swift": "themes v1\n",
        "Generated/Assets.xcassets/Contents.json": "{catalog}\n",
        "Generated/Assets.xcassets/Icons/Contents.json": "{group}\n",
        "Generated/Assets.xcassets/Icons/Star.imageset/Contents.json": "{star}\n",
        "Generated/Assets.xcassets/Icons/Star.imageset/Star.png": "star png\n",
    ]

    func testFirstRunWritesEverythingAndAManifestOfRelativeHashes() throws {
        let root = makeTemporaryFolder(self)
        let report = try OutputWriter.apply(plan: plan(v1), root: root, options: WriteOptions())
        XCTAssertEqual(report.missing, v1.keys.sorted())
        XCTAssertEqual(report.stale, [])
        XCTAssertEqual(allFiles(root), (v1.keys.sorted() + [manifest]).sorted())
        for (p, t) in v1 { XCTAssertEqual(readText(root + "/" + p), t) }
        let expected = "{\n  \"generator\": \"themegen\",\n  \"files\": {\n"
            + v1.keys.sorted().map { "    \"\($0)\": \"\(SHA256.hex(Array(v1[$0]!.utf8)))\"" }.joined(separator: ",\n")
            + "\n  }\n}\n"
        XCTAssertEqual(readText(root + "/" + manifest), expected)
    }

    /// The preview's copies of catalog images share the images' buffers and are hashed once;
    /// every file still gets its own content's hash, and a file whose buffer is shared with
    /// none is hashed on its own.
    func testFilesSharingABufferAreRecordedWithTheirOwnContentsHash() throws {
        let root = makeTemporaryFolder(self)
        let image: [UInt8] = Array(0..<200)
        let other: [UInt8] = Array(repeating: 7, count: 200)
        let files = [PlannedFile(path: "Images/x.png", bytes: image),
                     PlannedFile(path: "Preview/x.png", bytes: image),
                     PlannedFile(path: "Preview/y.png", bytes: other),
                     PlannedFile(path: "empty.txt", bytes: []),
                     PlannedFile(path: "empty2.txt", bytes: [])]
        XCTAssertEqual(OutputWriter.contentHashes(files),
                       [SHA256.hex(image), SHA256.hex(image), SHA256.hex(other), SHA256.hex([]), SHA256.hex([])])
        let report = try OutputWriter.apply(plan: OutputPlan(files: files), root: root, options: WriteOptions())
        XCTAssertEqual(report.hashes["Preview/x.png"], SHA256.hex(image))
        XCTAssertEqual(report.hashes["Preview/y.png"], SHA256.hex(other))
        XCTAssertEqual(Array(try Data(contentsOf: URL(fileURLWithPath: root + "/Preview/y.png"))), other)
    }

    func testManifestIsTheSameInAnyFolder() throws {
        let a = makeTemporaryFolder(self), b = makeTemporaryFolder(self)
        _ = try OutputWriter.apply(plan: plan(v1), root: a, options: WriteOptions())
        _ = try OutputWriter.apply(plan: plan(v1), root: b, options: WriteOptions())
        let ma = readText(a + "/" + manifest)!, mb = readText(b + "/" + manifest)!
        XCTAssertEqual(ma, mb)
        XCTAssertFalse(ma.contains(a))
        XCTAssertFalse(ma.contains(NSTemporaryDirectory()))
    }

    func testUnchangedRerunWritesNothingAndKeepsMtimes() throws {
        let root = makeTemporaryFolder(self)
        _ = try OutputWriter.apply(plan: plan(v1), root: root, options: WriteOptions())
        let paths = v1.keys.sorted() + [manifest]
        for p in paths { ageFile(root + "/" + p) }
        let report = try OutputWriter.apply(plan: plan(v1), root: root, options: WriteOptions())
        XCTAssertEqual(report.unchanged, v1.keys.sorted())
        XCTAssertTrue(report.isUpToDate)
        for p in paths { XCTAssertEqual(mtime(root + "/" + p), 1_000_000_000 * 1_000_000_000, p) }
    }

    func testOneChangedOutputIsTheOnlyOneRewritten() throws {
        let root = makeTemporaryFolder(self)
        _ = try OutputWriter.apply(plan: plan(v1), root: root, options: WriteOptions())
        for p in v1.keys { ageFile(root + "/" + p) }
        var v2 = v1
        v2["Generated/Themes.swift"] = "themes v2\n"
        let report = try OutputWriter.apply(plan: plan(v2), root: root, options: WriteOptions())
        XCTAssertEqual(report.stale, ["Generated/Themes.swift"])
        XCTAssertEqual(report.missing, [])
        XCTAssertEqual(readText(root + "/Generated/Themes.swift"), "themes v2\n")
        for p in v1.keys where p != "Generated/Themes.swift" {
            XCTAssertEqual(mtime(root + "/" + p), 1_000_000_000 * 1_000_000_000, p)
        }
        XCTAssertTrue(readText(root + "/" + manifest)!.contains(SHA256.hex(Array("themes v2\n".utf8))))
    }

    func testUserFileAtAnOutputPathIsRefusedUntilForce() throws {
        let root = makeTemporaryFolder(self)
        writeFile(root + "/Generated/Themes.swift", "// my own code\n")
        XCTAssertThrowsError(try OutputWriter.apply(plan: plan(v1), root: root, options: WriteOptions())) { error in
            let list = error as! ErrorList
            XCTAssertEqual(list.errors.map { "\($0)" },
                           ["Generated/Themes.swift: exists and was not written by themegen; move it away or run with --force to let themegen take it"])
            XCTAssertEqual((list.errors[0] as! ThemegenError).kind, .io)
        }
        // Nothing at all was written: not even the outputs that were free.
        XCTAssertEqual(allFiles(root), ["Generated/Themes.swift"])
        // --check reports it as a difference, not as an ownership error.
        var check = WriteOptions()
        check.check = true
        let checked = try OutputWriter.apply(plan: plan(v1), root: root, options: check)
        XCTAssertEqual(checked.stale, ["Generated/Themes.swift"])
        XCTAssertEqual(checked.missing.count, v1.count - 1)
        XCTAssertEqual(readText(root + "/Generated/Themes.swift"), "// my own code\n")

        var force = WriteOptions()
        force.force = true
        let report = try OutputWriter.apply(plan: plan(v1), root: root, options: force)
        XCTAssertEqual(report.stale, ["Generated/Themes.swift"])
        XCTAssertEqual(readText(root + "/Generated/Themes.swift"), "themes v1\n")
        // Taken: the next ordinary run may rewrite it.
        var v2 = v1
        v2["Generated/Themes.swift"] = "themes v2\n"
        _ = try OutputWriter.apply(plan: plan(v2), root: root, options: WriteOptions())
        XCTAssertEqual(readText(root + "/Generated/Themes.swift"), "themes v2\n")
    }

    func testHandEditedOutputIsRefused() throws {
        let root = makeTemporaryFolder(self)
        _ = try OutputWriter.apply(plan: plan(v1), root: root, options: WriteOptions())
        writeFile(root + "/Generated/Themes.swift", "themes v1 with my fix\n")
        var v2 = v1
        v2["Generated/Themes.swift"] = "themes v2\n"
        XCTAssertThrowsError(try OutputWriter.apply(plan: plan(v2), root: root, options: WriteOptions())) { error in
            XCTAssertEqual((error as! ErrorList).errors.map { "\($0)" },
                           ["Generated/Themes.swift: was changed since themegen wrote it; move it away or run with --force to let themegen take it"])
        }
        XCTAssertEqual(readText(root + "/Generated/Themes.swift"), "themes v1 with my fix\n")
    }

    func testUnknownFileInsideAnImagesetIsRefused() throws {
        let root = makeTemporaryFolder(self)
        writeFile(root + "/Generated/Assets.xcassets/Icons/Star.imageset/Old.png", "hand-made\n")
        XCTAssertThrowsError(try OutputWriter.apply(plan: plan(v1), root: root, options: WriteOptions())) { error in
            XCTAssertEqual((error as! ErrorList).errors.map { "\($0)" },
                           ["Generated/Assets.xcassets/Icons/Star.imageset: holds 'Old.png', which themegen did not write; move it away or run with --force to let themegen take it"])
        }
        var check = WriteOptions()
        check.check = true
        XCTAssertEqual(try OutputWriter.apply(plan: plan(v1), root: root, options: check).extra,
                       ["Generated/Assets.xcassets/Icons/Star.imageset/Old.png"])
        var force = WriteOptions()
        force.force = true
        let report = try OutputWriter.apply(plan: plan(v1), root: root, options: force)
        XCTAssertEqual(report.extra, ["Generated/Assets.xcassets/Icons/Star.imageset/Old.png"])
        XCTAssertNil(readText(root + "/Generated/Assets.xcassets/Icons/Star.imageset/Old.png"))
    }

    func testDeletedInputRemovesOwnedOutputsAndEmptyFoldersButLeavesUserFiles() throws {
        let root = makeTemporaryFolder(self)
        var withHeart = v1
        withHeart["Generated/Assets.xcassets/Icons/Heart.imageset/Contents.json"] = "{heart}\n"
        withHeart["Generated/Assets.xcassets/Icons/Heart.imageset/Heart.png"] = "heart png\n"
        withHeart["Generated/Assets.xcassets/Shapes/Contents.json"] = "{group}\n"
        withHeart["Generated/Assets.xcassets/Shapes/Box.imageset/Contents.json"] = "{box}\n"
        withHeart["Generated/Assets.xcassets/Shapes/Box.imageset/Box.png"] = "box png\n"
        _ = try OutputWriter.apply(plan: plan(withHeart), root: root, options: WriteOptions())
        writeFile(root + "/Generated/Notes.txt", "mine\n")
        writeFile(root + "/Generated/Assets.xcassets/Shapes/README.md", "mine too\n")

        // Heart and Box exports deleted: the plan no longer has them.
        let report = try OutputWriter.apply(plan: plan(v1), root: root, options: WriteOptions())
        XCTAssertEqual(report.extra, [
            "Generated/Assets.xcassets/Icons/Heart.imageset/Contents.json",
            "Generated/Assets.xcassets/Icons/Heart.imageset/Heart.png",
            "Generated/Assets.xcassets/Shapes/Box.imageset/Box.png",
            "Generated/Assets.xcassets/Shapes/Box.imageset/Contents.json",
            "Generated/Assets.xcassets/Shapes/Contents.json",
        ])
        XCTAssertEqual(report.removedFolders, ["Generated/Assets.xcassets/Icons/Heart.imageset",
                                               "Generated/Assets.xcassets/Shapes/Box.imageset"])
        XCTAssertEqual(allFiles(root), (v1.keys.sorted() + [manifest, "Generated/Notes.txt",
                                                              "Generated/Assets.xcassets/Shapes/README.md"]).sorted())
        XCTAssertFalse(readText(root + "/" + manifest)!.contains("Heart"))
    }

    func testNoLongerGeneratedButEditedFileIsLeftInPlace() throws {
        let root = makeTemporaryFolder(self)
        _ = try OutputWriter.apply(plan: plan(v1), root: root, options: WriteOptions())
        writeFile(root + "/Generated/Themes.swift", "edited\n")
        var v2 = v1
        v2["Generated/Themes.swift"] = nil
        let report = try OutputWriter.apply(plan: plan(v2), root: root, options: WriteOptions())
        XCTAssertEqual(report.abandoned, ["Generated/Themes.swift"])
        XCTAssertEqual(report.extra, [])
        XCTAssertEqual(readText(root + "/Generated/Themes.swift"), "edited\n")
        XCTAssertFalse(readText(root + "/" + manifest)!.contains("Themes.swift"))
    }

    func testCheckListsMissingStaleAndExtraAndWritesNothing() throws {
        let root = makeTemporaryFolder(self)
        var old = v1
        old["Generated/Old.swift"] = "old\n"
        _ = try OutputWriter.apply(plan: plan(old), root: root, options: WriteOptions())
        try FileManager.default.removeItem(atPath: root + "/Generated/Assets.xcassets/Icons/Star.imageset/Star.png")
        var now = v1
        now["Generated/Themes.swift"] = "themes v2\n"
        let before = allFiles(root).map { ($0, readText(root + "/" + $0)!) }
        var check = WriteOptions()
        check.check = true
        let report = try OutputWriter.apply(plan: plan(now), root: root, options: check)
        XCTAssertEqual(report.missing, ["Generated/Assets.xcassets/Icons/Star.imageset/Star.png"])
        XCTAssertEqual(report.stale, ["Generated/Themes.swift"])
        XCTAssertEqual(report.extra, ["Generated/Old.swift"])
        XCTAssertFalse(report.isUpToDate)
        let after = allFiles(root).map { ($0, readText(root + "/" + $0)!) }
        XCTAssertEqual(before.map(\.0), after.map(\.0))
        XCTAssertEqual(before.map(\.1), after.map(\.1))

        _ = try OutputWriter.apply(plan: plan(now), root: root, options: WriteOptions())
        XCTAssertTrue(try OutputWriter.apply(plan: plan(now), root: root, options: check).isUpToDate)
    }

    func testDryRunReportsButWritesNothing() throws {
        let root = makeTemporaryFolder(self)
        var dry = WriteOptions()
        dry.dryRun = true
        let report = try OutputWriter.apply(plan: plan(v1), root: root, options: dry)
        XCTAssertEqual(report.missing, v1.keys.sorted())
        XCTAssertEqual(allFiles(root), [])
    }

    func testContentsJsonIsWrittenAfterTheImagesItNamesAndTheManifestFramesTheRun() throws {
        let root = makeTemporaryFolder(self)
        let order = Recorder()
        var options = WriteOptions()
        options.beforeEachChange = { order.append($0) }
        _ = try OutputWriter.apply(plan: plan(v1), root: root, options: options)
        XCTAssertEqual(order.items, [
            "Generated/Assets.xcassets/Icons/Star.imageset/Star.png",
            "Generated/Themes.swift",
            "Generated/Assets.xcassets/Icons/Star.imageset/Contents.json",
            "Generated/Assets.xcassets/Icons/Contents.json",
            "Generated/Assets.xcassets/Contents.json",
        ])
    }

    /// A crash between two writes leaves every output old or new, and the next run repairs the
    /// rest without treating its own half-finished work as someone else's.
    func testRunKilledMidPlanLeavesOldOrNewAndTheNextRunRepairs() throws {
        let root = makeTemporaryFolder(self)
        _ = try OutputWriter.apply(plan: plan(v1), root: root, options: WriteOptions())
        let v2 = v1.mapValues { $0.replacingOccurrences(of: "\n", with: " v2\n") }
        let v3 = v1.mapValues { $0.replacingOccurrences(of: "\n", with: " v3\n") }
        for crashAt in 1...v1.count {
            let counter = Recorder()
            var crashing = WriteOptions()
            crashing.beforeEachChange = { path in
                counter.append(path)
                if counter.items.count == crashAt { throw UsageError("simulated crash") }
            }
            // Start from v1 every time.
            _ = try OutputWriter.apply(plan: plan(v1), root: root, options: WriteOptions())
            XCTAssertThrowsError(try OutputWriter.apply(plan: plan(v2), root: root, options: crashing))
            for (p, old) in v1 {
                let now = readText(root + "/" + p)
                XCTAssertTrue(now == old || now == v2[p], "\(p) after crash at \(crashAt): \(now ?? "nil")")
            }
            XCTAssertEqual(v1.keys.filter { readText(root + "/" + $0) == v2[$0] }.count, crashAt - 1)
            // A leftover temp file, as a kill during a write would leave.
            writeFile(root + "/" + FileSystem.temporaryPath(for: "Generated/Themes.swift"), "half")
            // The inputs changed again before the next run: v3, not v2.
            let report = try OutputWriter.apply(plan: plan(v3), root: root, options: WriteOptions())
            XCTAssertEqual(report.stale.count, v1.count)
            for (p, t) in v3 { XCTAssertEqual(readText(root + "/" + p), t) }
            XCTAssertFalse(readText(root + "/" + manifest)!.contains("pending"))
            XCTAssertEqual(allFiles(root), (v1.keys.sorted() + [manifest]).sorted())
        }
    }

    /// Crashes between deletions too: a deleted imageset loses its Contents.json first, and the
    /// next run finishes the job.
    func testRunKilledWhileDeletingIsRepairedByTheNextRun() throws {
        let root = makeTemporaryFolder(self)
        var v2 = v1
        v2["Generated/Assets.xcassets/Icons/Star.imageset/Contents.json"] = nil
        v2["Generated/Assets.xcassets/Icons/Star.imageset/Star.png"] = nil
        v2["Generated/Themes.swift"] = "themes v2\n"
        for crashAt in 1...3 {
            _ = try OutputWriter.apply(plan: plan(v1), root: root, options: WriteOptions())
            let counter = Recorder()
            var crashing = WriteOptions()
            crashing.beforeEachChange = { path in
                counter.append(path)
                if counter.items.count == crashAt { throw UsageError("simulated crash") }
            }
            XCTAssertThrowsError(try OutputWriter.apply(plan: plan(v2), root: root, options: crashing))
            XCTAssertEqual(counter.items, ["Generated/Themes.swift",
                                           "Generated/Assets.xcassets/Icons/Star.imageset/Contents.json",
                                           "Generated/Assets.xcassets/Icons/Star.imageset/Star.png"].prefix(crashAt).map { $0 })
            if crashAt == 3 {
                // Contents.json went first: what is left is an image no Contents.json names.
                XCTAssertNil(readText(root + "/Generated/Assets.xcassets/Icons/Star.imageset/Contents.json"))
                XCTAssertEqual(readText(root + "/Generated/Assets.xcassets/Icons/Star.imageset/Star.png"), "star png\n")
            }
            let report = try OutputWriter.apply(plan: plan(v2), root: root, options: WriteOptions())
            XCTAssertTrue(report.missing.isEmpty)
            XCTAssertEqual(allFiles(root), (v2.keys.sorted() + [manifest]).sorted())
            for (p, t) in v2 { XCTAssertEqual(readText(root + "/" + p), t) }
            XCTAssertFalse(FileManager.default.fileExists(atPath: root + "/Generated/Assets.xcassets/Icons/Star.imageset"))
        }
    }

    func testPNGsWithEqualImagesAreNotRewritten() throws {
        let root = makeTemporaryFolder(self)
        let path = "Generated/A.imageset/A.png"
        _ = try OutputWriter.apply(plan: OutputPlan(files: [PlannedFile(path: path, bytes: [1, 2, 3])]),
                                   root: root, options: WriteOptions())
        ageFile(root + "/" + path)
        var options = WriteOptions()
        options.pngEquivalent = { a, b in a.count == b.count } // stands in for a pixel comparison
        let same = try OutputWriter.apply(plan: OutputPlan(files: [PlannedFile(path: path, bytes: [9, 9, 9])]),
                                          root: root, options: options)
        XCTAssertEqual(same.unchanged, [path])
        XCTAssertEqual(mtime(root + "/" + path), 1_000_000_000 * 1_000_000_000)
        let different = try OutputWriter.apply(plan: OutputPlan(files: [PlannedFile(path: path, bytes: [9, 9])]),
                                               root: root, options: options)
        XCTAssertEqual(different.stale, [path])
        // Text is always compared by bytes, even with the hook.
        XCTAssertEqual(PlannedFile(path: "a/Contents.json", bytes: []).kind, .text)
    }

    func testCleanRemovesWhatItOwnsOnly() throws {
        let root = makeTemporaryFolder(self)
        _ = try OutputWriter.apply(plan: plan(v1), root: root, options: WriteOptions())
        writeFile(root + "/Generated/Notes.txt", "mine\n")
        let report = try OutputWriter.clean(root: root, options: WriteOptions())
        XCTAssertEqual(report.extra, v1.keys.sorted())
        XCTAssertEqual(allFiles(root), ["Generated/Notes.txt"])
        XCTAssertFalse(FileManager.default.fileExists(atPath: root + "/Generated/Assets.xcassets"))
    }

    func testBadOutputPathsAreRejected() {
        let root = makeTemporaryFolder(self)
        let bad = OutputPlan(files: [PlannedFile(path: "/etc/passwd", text: ""), PlannedFile(path: "../x", text: ""),
                                     PlannedFile(path: "a//b", text: ""), PlannedFile(path: "A.swift", text: ""),
                                     PlannedFile(path: "A.swift", text: ""), PlannedFile(path: manifest, text: ""),
                                     PlannedFile(path: "G/.A.swift.themegen-tmp-12", text: ""), PlannedFile(path: "a\0b", text: "")])
        XCTAssertThrowsError(try OutputWriter.apply(plan: bad, root: root, options: WriteOptions())) { error in
            XCTAssertEqual((error as! ErrorList).errors.map { "\($0)" }, [
                "/etc/passwd: output path must be relative, inside the config's folder, without '.' or '..'",
                "../x: output path must be relative, inside the config's folder, without '.' or '..'",
                "a//b: output path must be relative, inside the config's folder, without '.' or '..'",
                "A.swift: two outputs of this run have the same path",
                "Generated/.themegen-manifest.json: output path collides with themegen's own bookkeeping files (.themegen/, the manifest, names containing '.themegen-tmp')",
                "G/.A.swift.themegen-tmp-12: output path collides with themegen's own bookkeeping files (.themegen/, the manifest, names containing '.themegen-tmp')",
                "a\0b: output path must be relative, inside the config's folder, without '.' or '..'",
            ])
        }
        XCTAssertEqual(allFiles(root), [])
    }
}
