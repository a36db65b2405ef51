import Foundation
import CropGeometry
import CropScenario
import CropEngine
import CropRender
import CropImageIO

/// Renders the frames of one replay: keeps the images (the scenario's and every
/// crop loaded by `thenLoad`) and the layer maps per frame geometry, and renders
/// frames in parallel with results independent of the thread count.
public final class RenderSession: @unchecked Sendable {
    public let loaded: LoadedScenario
    public let trace: Trace
    public let compositor: Compositor
    /// Straight RGBA images by image index.
    public private(set) var images: [RGBAImage]
    private var premultiplied: [PremultipliedImage]
    private let settingsKey: String

    public init(loaded: LoadedScenario, trace: Trace) {
        self.loaded = loaded
        self.trace = trace
        compositor = Compositor(editor: loaded.scenario.editor, scale: loaded.scenario.editor.viewport.scale)
        let e = loaded.scenario.editor
        settingsKey = "\(e.viewport.scale)|\(e.frame)|\(e.mask.region)|\(String(describing: e.border))|\(String(describing: e.grid))"
        images = [loaded.image]
        premultiplied = [PremultipliedImage(loaded.image)]
        // Crops that become images, in order.
        for crop in trace.crops {
            if let index = crop.loadsAsImageIndex {
                let source = images[crop.sourceImageIndex]
                let cut = CropPixels.cut(source, x: crop.x, y: crop.y, width: crop.width, height: crop.height, circleAlpha: crop.circleAlpha)
                if images.count == index {
                    images.append(cut)
                    premultiplied.append(PremultipliedImage(cut))
                }
            }
        }
    }

    /// The pixels of a crop record.
    public func cropImage(_ crop: CropRecord) -> RGBAImage {
        CropPixels.cut(images[crop.sourceImageIndex], x: crop.x, y: crop.y, width: crop.width, height: crop.height, circleAlpha: crop.circleAlpha)
    }

    /// What the layer maps depend on: the geometry and the mask, border and grid settings
    /// (`settingsKey`, the same for every frame, built once).

    private func key(_ r: FrameRecord) -> String {
        let f = r.frameRect
        return "\(r.viewportWidth)x\(r.viewportHeight)|\(f.x),\(f.y),\(f.width),\(f.height)|" + settingsKey
    }

    func layers(for record: FrameRecord) -> FrameLayers {
        LayerCache.shared.layers(key: key(record)) { compositor.layers(for: record) }
    }

    /// Renders one frame.
    public func render(frame n: Int) -> RGBFrame {
        let record = trace.frames[n]
        return compositor.render(record, image: premultiplied[record.imageIndex], layers: layers(for: record))
    }

    /// Renders the given frames over `jobs` threads, calling `body` with each frame
    /// (from any thread; the order of calls is not defined, the frames are).
    public func renderAll(_ frames: [Int], jobs: Int, body: @escaping @Sendable (Int, RGBFrame) throws -> Void) throws {
        prepareLayers(frames)
        try Parallel.forEach(count: frames.count, jobs: jobs) { i in
            let n = frames[i]
            try body(n, self.render(frame: n))
        }
    }

    /// Builds the layer maps of `frames` now, so threads rendering them only read the cache.
    public func prepareLayers(_ frames: [Int]) {
        for n in frames { _ = layers(for: trace.frames[n]) }
    }

    /// The pixel size of frame `n`.
    public func size(of n: Int) -> (width: Int, height: Int) {
        let l = layers(for: trace.frames[n])
        return (l.width, l.height)
    }

    /// Frame `n` as a throwaway PNG, rendered a band of rows at a time straight into the
    /// encoder, so the frame is never held whole and each band is encoded while it is in
    /// the cache; the same bytes as `PNGCodec.encode(render(frame: n), .fast)`.
    public func renderPNG(frame n: Int) -> [UInt8] {
        let record = trace.frames[n]
        let renderer = compositor.renderer(record, image: premultiplied[record.imageIndex], layers: layers(for: record))
        let encoder = FastPNGEncoder(width: renderer.width, height: renderer.height, channels: 3)
        let bandRows = 16
        let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: max(1, bandRows * renderer.width * 3))
        defer { buffer.deallocate() }
        var y = 0
        while y < renderer.height {
            let rows = min(bandRows, renderer.height - y)
            renderer.render(rows: y..<(y + rows), into: buffer)
            encoder.append(rows: buffer, count: rows)
            y += rows
        }
        return encoder.finish()
    }
}

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

/// A bounded parallel loop whose first error wins.
public enum Parallel {
    public static var defaultJobs: Int { max(1, ProcessInfo.processInfo.activeProcessorCount) }

    public static func forEach(count: Int, jobs: Int, _ body: @escaping @Sendable (Int) throws -> Void) throws {
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
