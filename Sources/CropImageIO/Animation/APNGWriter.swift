import CCropKernels
import CropBitmap

/// A streaming animated PNG writer (RGB, 8 bits). Frames arrive in order, a batch at a
/// time; identical consecutive frames merge into one longer frame; each other frame is
/// stored as the rectangle that changed since the previous one (dispose none, blend
/// source), its rows PNG-filtered by the smallest-sum heuristic and deflated by libdeflate
/// (`DeflatePNG`). A batch's frames are compressed in parallel; memory holds
/// the batch, the previous frame and one compressed frame, whatever the frame count. The
/// frame count in `acTL` is patched by `finish`.
package final class APNGWriter {
    package let width: Int
    package let height: Int
    package let fps: Int
    private let sink: ByteSink
    private let level: Int32
    private let actlOffset: Int
    private var sequence: UInt32 = 0
    private var frameCount: UInt32 = 0
    /// The latest distinct frame: compressed in `pending`, its length in `pendingTicks`.
    private var last: RGBFrame?
    private var pending: Encoded?
    private var pendingTicks = 0
    private var finished = false

    /// One compressed frame: where it goes on the canvas and its zlib stream.
    struct Encoded: Sendable {
        var region: FrameRegion
        var data: [UInt8]
        /// The frame's top-left pixel (frames longer than 65535 ticks repeat it).
        var corner: [UInt8]
    }

    /// Writes the signature, IHDR and acTL (frame count 0 until `finish`).
    package init(width: Int, height: Int, fps: Int, sink: ByteSink, level: Int32 = DeflatePNG.level) throws {
        guard width > 0, height > 0, width <= PNGCodec.maxSide, height <= PNGCodec.maxSide else {
            throw ImageError.encodeFailed(
                "APNG frames are 1 to \(PNGCodec.maxSide) pixels a side, got \(width)x\(height)")
        }
        guard fps > 0, fps <= 65535 else {
            throw ImageError.encodeFailed("APNG frame rate \(fps) is outside 1 ... 65535")
        }
        self.width = width
        self.height = height
        self.fps = fps
        self.sink = sink
        self.level = level
        var head = PNGChunks.signature
        PNGChunks.append(
            "IHDR", PNGChunks.be32(UInt32(width)) + PNGChunks.be32(UInt32(height)) + [8, 2, 0, 0, 0], to: &head)
        actlOffset = sink.count + head.count
        PNGChunks.append("acTL", PNGChunks.be32(0) + PNGChunks.be32(0), to: &head)
        try sink.write(head)
    }

    /// Adds frames (each `ticks` periods of 1/fps long), compressing them with `loop`.
    package func append(_ frames: [RGBFrame], ticks: Int, loop: EncodeLoop = serialLoop) throws {
        guard !finished else { throw ImageError.encodeFailed("the APNG is already finished") }
        guard ticks > 0 else { throw ImageError.encodeFailed("a frame lasts at least one tick") }
        // Distinct frames of the batch with their lengths; a repeat lengthens its predecessor.
        var distinct: [RGBFrame] = []
        var lengths: [Int] = []
        for f in frames {
            guard f.width == width, f.height == height else {
                throw ImageError.encodeFailed(
                    "frames differ in size: \(f.width)x\(f.height), expected \(width)x\(height)")
            }
            if let previous = distinct.last ?? last, FrameRegion.same(previous, f) {
                if distinct.isEmpty { pendingTicks += ticks } else { lengths[lengths.count - 1] += ticks }
            } else {
                distinct.append(f)
                lengths.append(ticks)
            }
        }
        let results = LoopResults<Encoded>(count: distinct.count)
        let before = last
        let level = self.level
        let batch = distinct
        loop(batch.count) { i in
            results.set(i, APNGWriter.encode(batch[i], after: i == 0 ? before : batch[i - 1], level: level))
        }
        for i in batch.indices {
            guard let encoded = results.get(i), !encoded.data.isEmpty else {
                throw ImageError.encodeFailed("deflate failed")
            }
            if let p = pending { try write(p, ticks: pendingTicks) }
            pending = encoded
            pendingTicks = lengths[i]
        }
        if let newest = batch.last { last = newest }
    }

    /// Writes the last frame and IEND, and patches the frame count.
    package func finish() throws {
        guard !finished else { return }
        guard let p = pending else { throw ImageError.encodeFailed("no frames") }
        try write(p, ticks: pendingTicks)
        finished = true
        var end: [UInt8] = []
        PNGChunks.append("IEND", [], to: &end)
        try sink.write(end)
        var actl: [UInt8] = []
        PNGChunks.append("acTL", PNGChunks.be32(frameCount) + PNGChunks.be32(0), to: &actl)
        try sink.overwrite(at: actlOffset, actl)
    }

    /// fcTL and the frame's data (IDAT for the first frame, fdAT after); a delay numerator
    /// is 16 bits, so longer frames continue as 1x1 repeats of their corner pixel.
    private func write(_ e: Encoded, ticks: Int) throws {
        var left = ticks
        var frame = e
        while left > 0 {
            let t = min(left, 65535)
            var out: [UInt8] = []
            let r = frame.region
            var fctl = PNGChunks.be32(sequence) + PNGChunks.be32(UInt32(r.width)) + PNGChunks.be32(UInt32(r.height))
            fctl += PNGChunks.be32(UInt32(r.x)) + PNGChunks.be32(UInt32(r.y))
            fctl += PNGChunks.be16(UInt16(t)) + PNGChunks.be16(UInt16(fps)) + [0, 0]
            PNGChunks.append("fcTL", fctl, to: &out)
            sequence += 1
            if frameCount == 0 {
                PNGChunks.append("IDAT", frame.data, to: &out)
            } else {
                PNGChunks.append("fdAT", PNGChunks.be32(sequence) + frame.data, to: &out)
                sequence += 1
            }
            frameCount += 1
            try sink.write(out)
            left -= t
            if left > 0 {
                let repeatRow: [UInt8] = [0] + e.corner
                frame = Encoded(
                    region: FrameRegion(x: 0, y: 0, width: 1, height: 1),
                    data: DeflatePNG.deflate(repeatRow, level: level),
                    corner: e.corner)
            }
        }
    }

    /// The changed rectangle of `frame` (the whole frame when there is no previous one),
    /// filtered and deflated. Pure: safe to call from several threads.
    static func encode(_ frame: RGBFrame, after previous: RGBFrame?, level: Int32) -> Encoded {
        let region = previous.flatMap { FrameRegion.changed(from: $0, to: frame) } ?? .whole(frame)
        let rowBytes = 1 + region.width * 3
        var filtered = [UInt8](repeating: 0, count: rowBytes * region.height)
        frame.pixels.withUnsafeBufferPointer { px in
            filtered.withUnsafeMutableBufferPointer { out in
                guard let base = px.baseAddress else { return }
                crk_png_filter(
                    base + (region.y * frame.width + region.x) * 3, frame.width * 3, region.width, region.height, 3,
                    out.baseAddress)
            }
        }
        let corner = frame.pixels.isEmpty ? [0, 0, 0] : Array(frame.pixels[0..<3])
        return Encoded(region: region, data: DeflatePNG.deflate(filtered, level: level), corner: corner)
    }
}
