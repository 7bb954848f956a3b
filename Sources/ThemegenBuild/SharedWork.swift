import ThemegenCore

/// One file's work in a run (an artboard to fit, an asset to slice). The run gathers the work
/// of every job it runs into one queue on all cores before any job folds its results, so a
/// small job never waits behind a big one of another kind and no core idles between jobs.
package struct WorkItem: Sendable {
    /// The file, for the progress line.
    package var name: String
    /// "fitting", "slicing".
    package var verb: String
    /// Does the work and keeps its result where the job will look for it.
    package var run: @Sendable () -> Void

    package init(name: String, verb: String, run: @escaping @Sendable () -> Void) {
        self.name = name; self.verb = verb; self.run = run
    }
}

enum SharedWork {
    /// Runs `items` on all cores, biggest first so the last core to finish is not left with a
    /// large file; `[37/220] fitting Dusk@3x.png` on a terminal.
    static func run(_ items: [WorkItem], console: any Diagnostics) {
        guard !items.isEmpty else { return }
        let line = ProgressLine(console: console, total: items.count, verb: "")
        let order = biggestFirst(items.map(\.name))
        _ = concurrentMap(order.count) { i in
            let item = items[order[i]]
            line.advance(item.name, verb: item.verb)
            item.run()
        }
        console.endProgress()
    }

    /// Indices of `names` by file size, largest first; ties and unreadable sizes keep their
    /// order. Only the schedule depends on it, never a result.
    static func biggestFirst(_ names: [String]) -> [Int] {
        let sizes = names.map { FileStat.of($0)?.size ?? 0 }
        return names.indices.sorted { sizes[$0] != sizes[$1] ? sizes[$0] > sizes[$1] : $0 < $1 }
    }
}

/// Result slots for one job's work items, filled concurrently, each by one item.
final class WorkSlots<T: Sendable>: @unchecked Sendable {
    // Guarded by `lock`.
    private var values: [T?]
    private let lock = Lock()

    init(count: Int) { values = Array(repeating: nil, count: count) }

    func set(_ i: Int, _ value: T) { lock.withLock { values[i] = value } }

    /// Every slot's value, or nil while any is still empty.
    var all: [T]? {
        lock.withLock {
            var out: [T] = []
            out.reserveCapacity(values.count)
            for v in values { guard let v else { return nil }; out.append(v) }
            return out
        }
    }
}
