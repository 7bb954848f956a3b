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

/// A fresh folder under the system temp folder, removed when the test ends.
func makeTemporaryFolder(_ test: XCTestCase, file: StaticString = #filePath, line: UInt = #line) -> String {
    let path = NSTemporaryDirectory() + "themegen-test-" + UUID().uuidString
    try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    test.addTeardownBlock { try? FileManager.default.removeItem(atPath: path) }
    return path
}

func writeFile(_ path: String, _ text: String) {
    try! FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent,
                                             withIntermediateDirectories: true)
    try! Data(text.utf8).write(to: URL(fileURLWithPath: path))
}

func readText(_ path: String) -> String? {
    guard let d = FileManager.default.contents(atPath: path) else { return nil }
    return String(decoding: d, as: UTF8.self)
}

/// Sets a file's mtime to a fixed moment in the past, so a rewrite would show.
func ageFile(_ path: String) {
    var times = [timespec(tv_sec: 1_000_000_000, tv_nsec: 0), timespec(tv_sec: 1_000_000_000, tv_nsec: 0)]
    XCTAssertEqual(utimensat(AT_FDCWD, path, &times, 0), 0)
}

func mtime(_ path: String) -> Int64? { FileStat.of(path)?.mtimeNanoseconds }

/// Relative paths of every file under `root`, sorted.
func allFiles(_ root: String) -> [String] {
    guard let e = FileManager.default.enumerator(atPath: root) else { return [] }
    var out: [String] = []
    while let p = e.nextObject() as? String {
        var isDir: ObjCBool = false
        if FileManager.default.fileExists(atPath: root + "/" + p, isDirectory: &isDir), !isDir.boolValue { out.append(p) }
    }
    return out.sorted()
}

/// A console whose output the test can read.
final class CapturedConsole: @unchecked Sendable {
    private final class Box: @unchecked Sendable {
        let lock = NSLock()
        var out = ""
        var err = ""
    }
    private let box = Box()
    let console: Console

    init() {
        let box = self.box
        console = Console(out: { s in box.lock.lock(); box.out += s; box.lock.unlock() },
                          err: { s in box.lock.lock(); box.err += s; box.lock.unlock() })
    }

    var out: String { box.lock.lock(); defer { box.lock.unlock() }; return box.out }
    var err: String { box.lock.lock(); defer { box.lock.unlock() }; return box.err }
}
