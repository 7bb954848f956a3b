import Foundation
import XCTest
import ThemegenCore

/// A fresh folder under the system temp folder, removed when the test ends.
package func makeTemporaryFolder(_ test: XCTestCase, file: StaticString = #filePath, line: UInt = #line) -> String {
    let path = NSTemporaryDirectory() + "themegen-test-" + UUID().uuidString
    try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    test.addTeardownBlock { try? FileManager.default.removeItem(atPath: path) }
    return path
}

package func writeFile(_ path: String, _ text: String) {
    try! FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent,
                                             withIntermediateDirectories: true)
    try! Data(text.utf8).write(to: URL(fileURLWithPath: path))
}

package func readText(_ path: String) -> String? {
    guard let d = FileManager.default.contents(atPath: path) else { return nil }
    return String(decoding: d, as: UTF8.self)
}

/// Sets a file's mtime to a fixed moment in the past, so a rewrite would show.
package func ageFile(_ path: String) {
    var times = [timespec(tv_sec: 1_000_000_000, tv_nsec: 0), timespec(tv_sec: 1_000_000_000, tv_nsec: 0)]
    XCTAssertEqual(utimensat(AT_FDCWD, path, &times, 0), 0)
}

package func mtime(_ path: String) -> Int64? { FileStat.of(path)?.mtimeNanoseconds }

/// Relative paths of every file under `root`, sorted.
package func allFiles(_ root: String) -> [String] {
    guard let e = FileManager.default.enumerator(atPath: root) else { return [] }
    var out: [String] = []
    while let p = e.nextObject() as? String {
        var isDir: ObjCBool = false
        if FileManager.default.fileExists(atPath: root + "/" + p, isDirectory: &isDir), !isDir.boolValue { out.append(p) }
    }
    return out.sorted()
}

/// The built `themegen` binary: beside the test bundle (swift test builds every product), else
/// in .build/debug. Tests that run it as a real process skip when it is not there.
package func themegenBinary() throws -> String {
    let candidates = [
        URL(fileURLWithPath: ProcessInfo.processInfo.arguments[0]).deletingLastPathComponent().appendingPathComponent("themegen").path,
        Bundle.allBundles.first { $0.bundlePath.hasSuffix(".xctest") }.map {
            $0.bundleURL.deletingLastPathComponent().appendingPathComponent("themegen").path
        } ?? "",
        SharedCorpus.repoRoot.appendingPathComponent(".build/debug/themegen").path,
    ]
    guard let binary = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
        throw XCTSkip("themegen binary not built")
    }
    return binary
}

/// A `Diagnostics` that keeps what the library reports, for tests below the CLI (the CLI's
/// `Console` words the same reports for a terminal): one line per report, `error: MESSAGE`,
/// `warning: MESSAGE`, `note: MESSAGE`, or the line itself for status and output.
package final class CapturedDiagnostics: Diagnostics, @unchecked Sendable {
    // @unchecked: every field is read and written under `lock`.
    private let lock = NSLock()
    private var lines: [String] = []
    private var errors = 0
    private var warningLog: [String] = []
    private var worst: ErrorKind?

    package init() {}

    /// Every report so far, one per line, each ending in a newline.
    package var text: String { lock.lock(); defer { lock.unlock() }; return lines.map { $0 + "\n" }.joined() }

    private func add(_ line: String) { lock.lock(); lines.append(line); lock.unlock() }

    package func error(_ error: Error) {
        if let list = error as? ErrorList { return list.errors.forEach { self.error($0) } }
        let kind = (error as? ThemegenError)?.kind ?? .io
        lock.lock(); errors += 1
        let rank: [ErrorKind] = [.usage, .input, .io]
        if worst.map({ rank.firstIndex(of: $0)! < rank.firstIndex(of: kind)! }) ?? true { worst = kind }
        lock.unlock()
        report("error", "\(error)")
    }
    package func warning(_ message: String) {
        lock.lock(); warningLog.append(message); lock.unlock()
        report("warning", message)
    }
    /// A hint on an indented line of its own, as the console prints it.
    private func report(_ severity: String, _ text: String) {
        let (message, hint) = Remedy.split(text)
        add("\(severity): \(message)" + (hint.map { "\n    hint: " + $0 } ?? ""))
    }
    package func note(_ message: String) { add("note: " + message) }
    package func info(_ line: String) { add(line) }
    package func verbose(_ line: String) { add(line) }
    package func output(_ line: String) { add(line) }
    package func progress(_ line: String) {}
    package func endProgress() {}
    package var errorCount: Int { lock.lock(); defer { lock.unlock() }; return errors }
    package var warnings: [String] { lock.lock(); defer { lock.unlock() }; return warningLog }
    package var worstErrorKind: ErrorKind? { lock.lock(); defer { lock.unlock() }; return worst }
}

/// Strings appended from any thread, in order (@unchecked: `lock` guards `list`).
package final class Recorder: @unchecked Sendable {
    package init() {}
    private let lock = NSLock()
    private var list: [String] = []
    package func append(_ s: String) { lock.lock(); list.append(s); lock.unlock() }
    package var items: [String] { lock.lock(); defer { lock.unlock() }; return list }
}
