/// Runs `body` for every index in 0..<count, on as many threads as the caller allows; the
/// encoders compress a batch of frames this way (the pipeline passes its thread pool).
package typealias EncodeLoop = @Sendable (_ count: Int, _ body: @escaping @Sendable (Int) -> Void) -> Void

/// One index after the other, on the calling thread.
package let serialLoop: EncodeLoop = { count, body in
    for i in 0..<count { body(i) }
}

/// Results of a loop: each index is set by exactly one body, and read after the loop ends.
final class LoopResults<T>: @unchecked Sendable {
    private let storage: UnsafeMutablePointer<T?>
    let count: Int

    init(count: Int) {
        self.count = count
        storage = .allocate(capacity: max(1, count))
        storage.initialize(repeating: nil, count: max(1, count))
    }

    deinit {
        storage.deinitialize(count: max(1, count))
        storage.deallocate()
    }

    func set(_ i: Int, _ value: T) { storage[i] = value }
    func get(_ i: Int) -> T? { storage[i] }
}
