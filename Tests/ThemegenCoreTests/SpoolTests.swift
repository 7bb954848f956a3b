import Foundation
import XCTest
@testable import ThemegenCore
import ThemegenTestKit

/// The spool keeps a run's late-written files (the preview's thumbnails) on disk, not in
/// memory: what it stores reads back exactly, compares with a file on disk by hash, and is
/// gone once the spool is removed.
final class SpoolTests: XCTestCase {
    /// Points `TMPDIR` at a fresh folder for the test, so the spool's folder can be seen.
    func withTemporaryFolder(_ body: (String) throws -> Void) rethrows {
        let tmp = makeTemporaryFolder(self)
        let old = getenv("TMPDIR").map { String(cString: $0) }
        setenv("TMPDIR", tmp, 1)
        defer { if let old { setenv("TMPDIR", old, 1) } else { unsetenv("TMPDIR") } }
        try body(tmp)
    }

    func testStoredBytesReadBackAndCompareByHash() throws {
        try withTemporaryFolder { tmp in
            let spool = Spool()
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: tmp), [], "made before the first store")
            let bytes: [UInt8] = Array("a thumbnail".utf8)
            let file = try spool.store(bytes, shownAs: "Exports/Themes/Dusk@3x.png")
            XCTAssertEqual(file.size, 11)
            XCTAssertEqual(file.sha256, SHA256.hex(bytes))
            let content = FileContent.spooled(file)
            XCTAssertEqual(try content.read(shownAs: "out.png"), bytes)
            XCTAssertTrue(content.isIdentical(to: bytes))
            XCTAssertFalse(content.isIdentical(to: Array("a thumbnaiL".utf8)))
            XCTAssertFalse(content.isIdentical(to: bytes + [0]))
            XCTAssertEqual(content.sha256, FileContent.bytes(bytes).sha256)

            let folders = try FileManager.default.contentsOfDirectory(atPath: tmp)
            XCTAssertEqual(folders.count, 1)
            XCTAssertTrue(folders[0].hasPrefix("themegen-spool-\(getpid())-"), folders[0])
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: tmp + "/" + folders[0]), ["content"])

            spool.remove()
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: tmp), [])
            XCTAssertThrowsError(try content.read(shownAs: "Generated/Preview/images/themes/dusk.png")) { error in
                XCTAssertEqual("\(error)", "Generated/Preview/images/themes/dusk.png: its content kept in \(file.path) is gone (was the temporary folder cleaned during the run?); run themegen again")
            }
        }
    }

    /// Stores go one after another into one file, from both cores at once; each reads back
    /// its own bytes.
    func testConcurrentStoresShareOneFileAndReadBackTheirOwnBytes() throws {
        try withTemporaryFolder { tmp in
            let spool = Spool()
            let contents = (0..<64).map { i in [UInt8]((0..<(i * 37 + 1)).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ i) }) }
            let lock = NSLock()
            nonisolated(unsafe) var files = [SpooledFile?](repeating: nil, count: contents.count)
            nonisolated(unsafe) var failures: [String] = []
            DispatchQueue.concurrentPerform(iterations: contents.count) { i in
                do {
                    let file = try spool.store(contents[i], shownAs: "thumb\(i).png")
                    lock.lock(); files[i] = file; lock.unlock()
                } catch {
                    lock.lock(); failures.append("\(error)"); lock.unlock()
                }
            }
            XCTAssertEqual(failures, [])
            let folders = try FileManager.default.contentsOfDirectory(atPath: tmp)
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: tmp + "/" + folders[0]), ["content"])
            let size = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: tmp + "/" + folders[0] + "/content")[.size] as? Int)
            XCTAssertEqual(size, contents.reduce(0) { $0 + $1.count })
            for (i, file) in files.enumerated() {
                XCTAssertEqual(try XCTUnwrap(file).read(shownAs: "out\(i).png"), contents[i], "store \(i)")
            }
            XCTAssertEqual(Set(files.map { $0!.offset }).count, contents.count)
            spool.remove()
        }
    }

    /// A killed run leaves its spool; the next run that spools removes it, and only it.
    func testAKilledRunsSpoolIsRemovedByTheNext() throws {
        try withTemporaryFolder { tmp in
            // A process that has exited: its pid is free (until reused, which leaves the folder).
            let gone = Process()
            gone.executableURL = URL(fileURLWithPath: "/bin/true")
            try gone.run()
            gone.waitUntilExit()
            let dead = "themegen-spool-\(gone.processIdentifier)-abc123"
            let live = "themegen-spool-\(getppid())-def456"
            for (folder, file) in [(dead, "1"), (live, "1"), ("themegen-spool-notes", "keep")] {
                try FileManager.default.createDirectory(atPath: tmp + "/" + folder, withIntermediateDirectories: false)
                writeFile(tmp + "/" + folder + "/" + file, "x")
            }
            let spool = Spool()
            _ = try spool.store([1, 2, 3], shownAs: "a.png")
            let left = try FileManager.default.contentsOfDirectory(atPath: tmp).sorted()
            XCTAssertEqual(left.filter { !$0.hasPrefix("themegen-spool-\(getpid())-") }, [live, "themegen-spool-notes"].sorted())
            XCTAssertEqual(left.count, 3)
            spool.remove()
        }
    }

    /// A full disk while spooling: the error names the input and the remedy, as a write of the
    /// project's own files does.
    func testAFailedWriteNamesTheFileAndTheRemedy() throws {
        try withTemporaryFolder { _ in
            let spool = Spool()
            defer { spool.remove() }
            XCTAssertThrowsError(try FileFaults.with({ op, path in op == .write && path.hasSuffix("/content") ? ENOSPC : nil }) {
                try spool.store([1, 2, 3], shownAs: "Exports/Themes/Dusk@3x.png")
            }) { error in
                XCTAssertEqual("\(error)", "Exports/Themes/Dusk@3x.png: cannot keep its preview image in the temporary folder (cannot write: No space left on device); free space there or set TMPDIR")
                XCTAssertEqual((error as? ThemegenError)?.kind, .io)
            }
        }
    }

    func testAnUnwritableTemporaryFolderNamesTheFileAndTheRemedy() throws {
        try withTemporaryFolder { tmp in
            setenv("TMPDIR", tmp + "/missing", 1)
            XCTAssertThrowsError(try Spool().store([1], shownAs: "Exports/Themes/Dusk@3x.png")) { error in
                XCTAssertEqual("\(error)", "Exports/Themes/Dusk@3x.png: cannot make a temporary folder in \(tmp)/missing for the preview images: No such file or directory; set TMPDIR to a writable folder")
                XCTAssertEqual((error as? ThemegenError)?.kind, .io)
            }
        }
    }
}
