import Foundation
@testable import ThemegenCLI

/// A console whose output the test can read: what a user of the command sees. @unchecked:
/// `Box` guards its two strings with its lock.
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

