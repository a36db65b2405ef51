import CropRender
import Foundation

/// Layer maps shared by every replay in the process: scenarios of one preset share their
/// frame geometry, so `check` over many scenarios builds each map once. Bounded: the
/// least recently built entries go first.
final class LayerCache: @unchecked Sendable {
    static let shared = LayerCache()
    private var entries: [String: FrameLayers] = [:]
    private var order: [String] = []
    private let lock = NSLock()
    private let capacity = 16

    func layers(key: String, build: () -> FrameLayers) -> FrameLayers {
        lock.lock()
        if let cached = entries[key] {
            lock.unlock()
            return cached
        }
        lock.unlock()
        let built = build()
        lock.lock()
        defer { lock.unlock() }
        if entries[key] == nil {
            entries[key] = built
            order.append(key)
            if order.count > capacity { entries[order.removeFirst()] = nil }
        }
        return entries[key] ?? built
    }
}
