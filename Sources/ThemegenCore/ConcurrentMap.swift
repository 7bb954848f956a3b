import Dispatch

/// `transform(i)` for every i in 0..<count, run on all cores, with the results in index order.
/// Each index is computed by one worker into its own slot, so no lock is needed.
@inlinable
public func concurrentMap<T>(_ count: Int, _ transform: (Int) -> T) -> [T] {
    Array(unsafeUninitializedCapacity: count) { buffer, initialized in
        let base = buffer.baseAddress
        DispatchQueue.concurrentPerform(iterations: count) { i in (base! + i).initialize(to: transform(i)) }
        initialized = count
    }
}
