import Dispatch

/// `transform(i)` for every i in 0..<count, run on all cores, with the results in index order.
/// Each index is computed by one worker into its own slot, so no lock is needed.
@inlinable
package func concurrentMap<T>(_ count: Int, _ transform: (Int) -> T) -> [T] {
    withoutActuallyEscaping(transform) { transform in
        Array(unsafeUninitializedCapacity: count) { buffer, initialized in
            // Safe: concurrentPerform returns only when every worker is done, each worker
            // writes only its own slot, and `transform` is only read. Callers' closures are
            // called concurrently by design; those that share state lock it themselves.
            let work = UncheckedSendable((base: buffer.baseAddress, transform: transform))
            DispatchQueue.concurrentPerform(iterations: count) { i in
                (work.value.base! + i).initialize(to: work.value.transform(i))
            }
            initialized = count
        }
    }
}

/// Carries a value into concurrent work that the compiler cannot prove safe; each use says why
/// it is.
@usableFromInline
struct UncheckedSendable<Value>: @unchecked Sendable {
    @usableFromInline let value: Value
    @usableFromInline init(_ value: Value) { self.value = value }
}
