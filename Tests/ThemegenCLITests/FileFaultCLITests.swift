import Foundation
import XCTest
@testable import ThemegenCore
@testable import ThemegenImage
@testable import ThemegenCLI
import ThemegenTestKit

/// I/O faults injected through the file-system seam (tests run as root, where permissions
/// cannot make a write fail): every one gives an error naming the path and exit 3, and leaves
/// the previous outputs byte-identical.
final class FileFaultCLITests: XCTestCase {
    func cli(_ args: [String]) -> (ExitCode, String, String) {
        let c = CapturedConsole()
        let code = ThemegenCLI.run(args, console: c.console)
        return (code, c.out, c.err)
    }

    /// Every file under `root` with its bytes.
    func snapshot(_ root: String) -> [String: Data] {
        var out: [String: Data] = [:]
        for f in allFiles(root) where !f.hasPrefix(".themegen/") { out[f] = FileManager.default.contents(atPath: root + "/" + f) }
        return out
    }

    func project() throws -> String {
        let root = makeTemporaryFolder(self)
        let png = try PNGEncoder.encode(Image(width: 6, height: 6, fill: (200, 40, 40, 255)))
        try FileManager.default.createDirectory(atPath: root + "/Art", withIntermediateDirectories: true)
        XCTAssertTrue(FileManager.default.createFile(atPath: root + "/Art/Dot@3x.png", contents: Data(png)))
        writeFile(root + "/themegen.json", #"{"assets": [{"input": "Art"}], "preview": false}"# + "\n")
        XCTAssertEqual(cli(["--config", root + "/themegen.json"]).0, .ok)
        // The next run has work to do: a second export.
        XCTAssertTrue(FileManager.default.createFile(atPath: root + "/Art/Ring@3x.png", contents: Data(png)))
        return root
    }

    let errnos: [(Int32, String)] = [(EACCES, "Permission denied"), (EROFS, "Read-only file system"),
                                     (ENOSPC, "No space left on device"), (EIO, "Input/output error")]

    func testFaultsOnReadWriteAndRenameOfARunLeaveThePreviousOutputs() throws {
        for operation in [FileFaults.Operation.read, .write, .rename] {
            for (code, text) in errnos {
                let root = try project()
                let before = snapshot(root)
                let (exit, _, err) = FileFaults.with({ op, path in
                    op == operation && path.hasPrefix(root + "/Generated/") ? code : nil
                }) { cli(["--config", root + "/themegen.json"]) }
                XCTAssertEqual(exit, .io, "\(operation) \(text)")
                let verb = ["read": "cannot open", "write": "cannot write", "rename": "cannot replace"]["\(operation)"]!
                XCTAssertTrue(err.hasPrefix("themegen: error: Generated/"), "\(operation): \(err)")
                XCTAssertTrue(err.contains(": \(verb): \(text)\n"), "\(operation): \(err)")
                XCTAssertEqual(err.split(separator: "\n").count, 1, err)
                XCTAssertEqual(snapshot(root), before, "\(operation) \(text)")
                XCTAssertFalse(allFiles(root).contains { $0.contains(".themegen-tmp") }, "\(operation): a temp was left")
                // Without the fault, the same run succeeds.
                XCTAssertEqual(cli(["--config", root + "/themegen.json"]).0, .ok)
            }
        }
    }

    func testFaultsOnDeleteInCleanLeaveEveryOutput() throws {
        for (code, text) in errnos {
            let root = try project()
            let before = snapshot(root)
            let (exit, _, err) = FileFaults.with({ op, path in
                op == .delete && path.hasPrefix(root + "/Generated/") ? code : nil
            }) { cli(["clean", "--config", root + "/themegen.json"]) }
            XCTAssertEqual(exit, .io)
            XCTAssertTrue(err.hasPrefix("themegen: error: Generated/Assets.xcassets/"), err)
            XCTAssertTrue(err.hasSuffix(": cannot delete: \(text)\n"), err)
            XCTAssertEqual(snapshot(root), before, text)
        }
    }
}
