import Foundation
import XCTest
@testable import ThemegenCore
@testable import ThemegenBuild
import ThemegenTestKit

final class RunLockTests: XCTestCase {
    /// flock locks belong to open file descriptions, so two opens in one process contend
    /// exactly as two processes would.
    func testSecondHolderWaitsNamesThePidAndTimesOut() throws {
        let dir = makeTemporaryFolder(self)
        let path = dir + "/.themegen/lock"
        let first = try RunLock(path: path, shownAs: ".themegen/lock", waiting: { _ in XCTFail("no wait expected") })
        XCTAssertEqual(readText(path), "\(getpid())\n")
        var heard: [Int?] = []
        let start = Date()
        XCTAssertThrowsError(try RunLock(path: path, shownAs: ".themegen/lock", timeout: 0.3,
                                         waiting: { heard.append($0) })) { error in
            XCTAssertEqual("\(error)", ".themegen/lock: still locked by pid \(getpid()) after 0.3 s; try again when it has finished")
            XCTAssertEqual((error as! ThemegenError).kind, .io)
        }
        XCTAssertGreaterThanOrEqual(Date().timeIntervalSince(start), 0.3)
        XCTAssertEqual(heard, [Int(getpid())])
        first.release()
        let second = try RunLock(path: path, shownAs: ".themegen/lock", timeout: 0.3, waiting: { _ in XCTFail("free now") })
        second.release()
    }

    func testWaiterGetsTheLockWhenTheHolderReleasesIt() throws {
        let dir = makeTemporaryFolder(self)
        let path = dir + "/.themegen/lock"
        nonisolated(unsafe) let first = try RunLock(path: path, shownAs: "lock", waiting: { _ in })
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.2) { first.release() }
        var waited = false
        let second = try RunLock(path: path, shownAs: "lock", timeout: 5, waiting: { _ in waited = true })
        XCTAssertTrue(waited)
        second.release()
    }

    /// A real second process (flock(1)) holding the lock.
    func testLockHeldByAnotherProcess() throws {
        let tool = "/usr/bin/flock"
        guard FileManager.default.isExecutableFile(atPath: tool) else { throw XCTSkip("no flock(1)") }
        let dir = makeTemporaryFolder(self)
        let path = dir + "/.themegen/lock"
        try FileManager.default.createDirectory(atPath: dir + "/.themegen", withIntermediateDirectories: true)
        let p = Process()
        p.executableURL = URL(fileURLWithPath: tool)
        p.arguments = [path, "-c", "echo $$ > \(path); sleep 0.6"]
        try p.run()
        // Wait until the child has the lock (its pid is in the file).
        for _ in 0..<100 where (readText(path) ?? "").isEmpty { usleep(10_000) }
        var heard: [Int?] = []
        XCTAssertThrowsError(try RunLock(path: path, shownAs: "lock", timeout: 0.2, waiting: { heard.append($0) }))
        XCTAssertEqual(heard.count, 1)
        XCTAssertNotNil(heard[0])
        let lock = try RunLock(path: path, shownAs: "lock", timeout: 10, waiting: { _ in })
        p.waitUntilExit()
        lock.release()
    }
}
