import CropBitmap
import CropEngine
import CropImageIO
import CropRender
import Foundation

/// Renders the frames of one replay: keeps the images (the scenario's and every
/// crop loaded by `thenLoad`) and the layer maps per frame geometry, and renders
/// frames in parallel with results independent of the thread count.
package final class RenderSession: @unchecked Sendable {
    package let loaded: LoadedScenario
    package let trace: Trace
    package let compositor: Compositor
    /// Straight RGBA images by image index.
    package private(set) var images: [RGBAImage]
    private var premultiplied: [PremultipliedImage]
    private let settingsKey: String

    package init(loaded: LoadedScenario, trace: Trace) {
        self.loaded = loaded
        self.trace = trace
        compositor = Compositor(editor: loaded.scenario.editor, scale: loaded.scenario.editor.viewport.scale)
        let e = loaded.scenario.editor
        settingsKey =
            "\(e.viewport.scale)|\(e.frame)|\(e.mask.region)|\(String(describing: e.border))|\(String(describing: e.grid))"
        images = [loaded.image]
        premultiplied = [PremultipliedImage(loaded.image)]
        // Crops that become images, in order.
        for crop in trace.crops {
            if let index = crop.loadsAsImageIndex {
                let cut = CropPixels.cut(images[crop.sourceImageIndex], crop: crop)
                if images.count == index {
                    images.append(cut)
                    premultiplied.append(PremultipliedImage(cut))
                }
            }
        }
    }

    /// The pixels of a crop record.
    package func cropImage(_ crop: CropRecord) -> RGBAImage {
        CropPixels.cut(images[crop.sourceImageIndex], crop: crop)
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
    package func render(frame n: Int) -> RGBFrame {
        let record = trace.frames[n]
        return compositor.render(record, image: premultiplied[record.imageIndex], layers: layers(for: record))
    }

    /// Renders the given frames over `jobs` threads, calling `body` with each frame
    /// (from any thread; the order of calls is not defined, the frames are).
    package func renderAll(_ frames: [Int], jobs: Int, body: @escaping @Sendable (Int, RGBFrame) throws -> Void) throws
    {
        prepareLayers(frames)
        try Parallel.forEach(count: frames.count, jobs: jobs) { i in
            let n = frames[i]
            try body(n, self.render(frame: n))
        }
    }

    /// The given frames rendered over `jobs` threads (each distinct frame once), by frame number.
    package func render(frames: [Int], jobs: Int) -> [Int: RGBFrame] {
        let unique = Array(Set(frames)).sorted()
        let rendered = LockedDictionary<Int, RGBFrame>()
        // The body cannot throw, so neither can the loop.
        try? renderAll(unique, jobs: jobs) { n, f in rendered.set(n, f) }
        return rendered.all
    }

    /// Builds the layer maps of `frames` now, so threads rendering them only read the cache.
    package func prepareLayers(_ frames: [Int]) {
        for n in frames { _ = layers(for: trace.frames[n]) }
    }

    /// The pixel size of frame `n`.
    package func size(of n: Int) -> (width: Int, height: Int) {
        let l = layers(for: trace.frames[n])
        return (l.width, l.height)
    }

    /// Frame `n` as a throwaway PNG, rendered a band of rows at a time straight into the
    /// encoder, so the frame is never held whole and each band is encoded while it is in
    /// the cache; the same bytes as `PNGCodec.encode(render(frame: n), .fast)`.
    package func renderPNG(frame n: Int) -> [UInt8] {
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
