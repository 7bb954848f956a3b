import ThemegenCore

/// Records which PNGs are opened for decoding, while a caller asks for it. It is the seam the
/// test "no input is decoded twice in one run" watches; otherwise it costs one lock per file.
package enum PNGReadLog {
    private static let lock = Lock()
    // Guarded by `lock`.
    nonisolated(unsafe) private static var names: [String]?

    /// Runs `body` and returns the names of the PNGs opened meanwhile (paths, or the names given
    /// for in-memory PNGs), in the order they were opened. Not reentrant.
    package static func recording<T>(_ body: () throws -> T) rethrows -> (result: T, opened: [String]) {
        lock.withLock { names = [] }
        defer { lock.withLock { names = nil } }
        let result = try body()
        return (result, lock.withLock { names ?? [] })
    }

    static func opened(_ name: String) {
        lock.withLock { names?.append(name) }
    }
}
