#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Counts items as they start, from any thread, and shows `[37/220] slicing Card@3x.png` as one
/// updating line on a terminal (nothing elsewhere). Sendable because `done` is guarded by
/// `lock`.
package final class ProgressLine: @unchecked Sendable {
    private let console: any Diagnostics
    private let total: Int
    private let verb: String
    private let lock = Lock()
    private var done = 0

    package init(console: any Diagnostics, total: Int, verb: String) {
        self.console = console; self.total = total; self.verb = verb
    }

    /// `verb` replaces the line's own for this item (a run's queue mixes fitting and slicing).
    package func advance(_ path: String, verb: String? = nil) {
        let n: Int = lock.withLock { done += 1; return done }
        console.progress("[\(n)/\(total)] \(verb ?? self.verb) \(FilePath.lastComponent(path))")
    }
}
