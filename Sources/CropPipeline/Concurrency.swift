import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A bounded parallel loop whose first error wins.
package enum Parallel {
    package static var defaultJobs: Int { max(1, ProcessInfo.processInfo.activeProcessorCount) }

    package static func forEach(count: Int, jobs: Int, _ body: @escaping @Sendable (Int) throws -> Void) throws {
        guard count > 0 else { return }
        let state = LoopState()
        let workers = max(1, min(jobs, count))
        if workers == 1 {
            for i in 0..<count { try body(i) }
            return
        }
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while let i = state.next(limit: count) {
                do { try body(i) } catch { state.fail(error) }
            }
        }
        if let error = state.error { throw error }
    }

    /// Makes every thread allocate from one malloc arena and keeps frame-sized blocks for
    /// reuse (glibc: `M_ARENA_MAX` 1, `M_MMAP_THRESHOLD` 32 MB, `M_TRIM_THRESHOLD` 64 MB); call
    /// it once, before the first parallel loop (the command line does). Frames are allocated
    /// on the rendering threads and freed on the thread that encodes them: with an arena per
    /// thread (glibc's default), each arena kept its own free frame-sized blocks, about 40 MB
    /// more at the peak of `run --apng --gif` of 780x1688 frames (141 MB against 104 MB for
    /// 600 frames). One arena alone gave memory back to the system so eagerly that frames
    /// were faulted in again (600,000 page faults for those 600 frames; 21,000 with the
    /// thresholds). A no-op where glibc's `mallopt` is absent.
    package static func shareOneHeap() {
        #if canImport(Glibc)
            // mallopt and its parameters are in <malloc.h>, which the Glibc module does not import.
            typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
            guard let symbol = dlsym(nil, "mallopt") else { return }  // nil: RTLD_DEFAULT
            let mallopt = unsafeBitCast(symbol, to: Mallopt.self)
            let (trimThreshold, mmapThreshold, arenaMax): (Int32, Int32, Int32) = (-1, -3, -8)
            _ = mallopt(arenaMax, 1)
            _ = mallopt(mmapThreshold, 32 << 20)
            _ = mallopt(trimThreshold, 64 << 20)
        #endif
    }

    final class LoopState: @unchecked Sendable {
        private let lock = NSLock()
        private var index = 0
        private(set) var error: Error?
        func next(limit: Int) -> Int? {
            lock.lock()
            defer { lock.unlock() }
            if error != nil || index >= limit { return nil }
            index += 1
            return index - 1
        }
        func fail(_ e: Error) {
            lock.lock()
            if error == nil { error = e }
            lock.unlock()
        }
    }
}

/// A dictionary behind a lock, for results gathered from worker threads.
package final class LockedDictionary<K: Hashable, V>: @unchecked Sendable {
    private var storage: [K: V] = [:]
    private let lock = NSLock()
    package init() {}
    package func set(_ key: K, _ value: V) {
        lock.lock()
        storage[key] = value
        lock.unlock()
    }
    package func get(_ key: K) -> V? {
        lock.lock()
        defer { lock.unlock() }
        return storage[key]
    }
    package var all: [K: V] {
        lock.lock()
        defer { lock.unlock() }
        return storage
    }
}

/// A thread-safe counter (progress).
package final class Counter: @unchecked Sendable {
    private var value = 0
    private let lock = NSLock()
    package init() {}
    package func increment() -> Int {
        lock.lock()
        defer { lock.unlock() }
        value += 1
        return value
    }
}
