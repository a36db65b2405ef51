import CWebPShim
import CropBitmap

/// An animated WebP writer: libwebp's animation encoder (`WebPAnimEncoder`), which stores
/// each frame as the rectangle that changed since the previous one (or a key frame), lossy
/// (VP8) by default or lossless (VP8L).
///
/// Timing: WebP delays are whole milliseconds. Frame i is added at its start time rounded
/// to the millisecond (`start ticks * 1000 / fps`, halves up) and the animation ends at the
/// replay's end rounded the same way, so each delay is the difference of two rounded
/// times: delays vary by a millisecond (17, 16, 17 ms at 60 frames per second) and every
/// cumulative time is exact to the millisecond. Identical frames merge into one longer
/// frame (the encoder does this).
///
/// Memory: the encoder keeps every encoded frame until `finish` assembles the file, so the
/// whole animation is held in memory once (plus a few canvases); the pipeline bounds it
/// (`WebPWriter.memoryLimit`). Single-threaded with fixed options: the same frames give
/// the same bytes.
package final class WebPWriter {
    /// Lossy quality (0 ... 100), method (0 fast ... 6 small) and key-frame interval by
    /// default. A lossy sub-frame is drawn over the previous decoded canvas, so its error
    /// adds up until the next key frame: without key frames the sample-photo clip of
    /// docs/outputs.md falls to 28 dB; with one at least every 4 frames every frame stays
    /// above 38 dB at quality 80 (the floor is 35 dB).
    package static let defaultQuality: Float = 80
    package static let defaultMethod: Int32 = 2
    package static let defaultKeyFrames: Int32 = 4
    /// WebP's largest side.
    package static let maxSide = 16383
    /// The most uncompressed frame bytes (frames x width x height x 3) one animation may
    /// have: the encoded frames are held in memory until the file is assembled.
    package static let memoryLimit = 4 << 30

    package let width: Int
    package let height: Int
    package let fps: Int
    package let lossless: Bool
    private let encoder: OpaquePointer
    private let sink: ByteSink
    private var ticks = 0
    private var lastMs = -1
    private var finished = false

    package init(
        width: Int, height: Int, fps: Int, sink: ByteSink, lossless: Bool = false,
        quality: Float = WebPWriter.defaultQuality,
        method: Int32 = WebPWriter.defaultMethod, keyFrames: Int32? = nil
    ) throws {
        guard width > 0, height > 0, width <= Self.maxSide, height <= Self.maxSide else {
            throw ImageError.encodeFailed("WebP frames are 1 to \(Self.maxSide) pixels a side, got \(width)x\(height)")
        }
        guard fps > 0, fps <= 1000 else {
            throw ImageError.encodeFailed("WebP frame rate \(fps) is outside 1 ... 1000")
        }
        var message = [CChar](repeating: 0, count: Int(CWEBP_MESSAGE_SIZE))
        guard
            let e = cwebp_encoder_new(
                Int32(width), Int32(height), lossless ? 1 : 0, quality, method,
                keyFrames ?? (lossless ? 0 : Self.defaultKeyFrames),
                &message)
        else { throw ImageError.encodeFailed("WebP: " + PNGCodec.string(message)) }
        self.encoder = e
        self.width = width
        self.height = height
        self.fps = fps
        self.lossless = lossless
        self.sink = sink
    }

    deinit { cwebp_encoder_delete(encoder) }

    /// Milliseconds at `ticks` periods of 1/fps, rounded half up.
    package static func milliseconds(ticks: Int, fps: Int) -> Int { (ticks * 2000 + fps) / (2 * fps) }

    /// Adds frames, each `ticks` periods of 1/fps long, in order.
    package func append(_ frames: [RGBFrame], ticks length: Int) throws {
        guard !finished else { throw ImageError.encodeFailed("the WebP is already finished") }
        guard length > 0 else { throw ImageError.encodeFailed("a frame lasts at least one tick") }
        var message = [CChar](repeating: 0, count: Int(CWEBP_MESSAGE_SIZE))
        for f in frames {
            guard f.width == width, f.height == height else {
                throw ImageError.encodeFailed(
                    "frames differ in size: \(f.width)x\(f.height), expected \(width)x\(height)")
            }
            let start = Self.milliseconds(ticks: ticks, fps: fps)
            ticks += length
            // A frame starting in the same millisecond as the previous one is never shown.
            guard start > lastMs else { continue }
            lastMs = start
            let rc = f.pixels.withUnsafeBufferPointer { p in
                cwebp_encoder_add(encoder, p.baseAddress, Int32(width * 3), Int32(start), &message)
            }
            if rc != 0 { throw ImageError.encodeFailed("WebP: " + PNGCodec.string(message)) }
        }
    }

    /// Ends the animation at the replay's end, assembles it and writes it to the sink.
    package func finish() throws {
        guard !finished else { return }
        finished = true
        guard lastMs >= 0 else { throw ImageError.encodeFailed("no frames") }
        var message = [CChar](repeating: 0, count: Int(CWEBP_MESSAGE_SIZE))
        var out: UnsafeMutablePointer<UInt8>?
        var size = 0
        let end = max(lastMs + 1, Self.milliseconds(ticks: ticks, fps: fps))
        guard cwebp_encoder_finish(encoder, Int32(end), &out, &size, &message) == 0, let out else {
            throw ImageError.encodeFailed("WebP: " + PNGCodec.string(message))
        }
        defer { cwebp_free(out) }
        try sink.write(Array(UnsafeBufferPointer(start: out, count: size)))
    }
}

/// Animated WebP files read back: every frame's whole canvas (RGB, alpha dropped) and the
/// time it ends, by libwebp's animation decoder (`WebPAnimDecoder`). For tests and benchmarks.
package enum WebPAnimation {
    package struct Frame: Sendable {
        package var frame: RGBFrame
        /// When the frame ends, in ms from the start.
        package var endMs: Int
    }

    /// The frames of `data`, or why it cannot be read.
    package static func decode(_ data: [UInt8]) throws(ImageError) -> [Frame] {
        var message = [CChar](repeating: 0, count: Int(CWEBP_MESSAGE_SIZE))
        var w: UInt32 = 0
        var h: UInt32 = 0
        var count: UInt32 = 0
        let result: Result<[Frame], ImageError> = data.withUnsafeBufferPointer { buffer in
            guard let decoder = cwebp_decoder_new(buffer.baseAddress, buffer.count, &w, &h, &count, &message) else {
                return .failure(.unreadable("WebP: " + PNGCodec.string(message)))
            }
            defer { cwebp_decoder_delete(decoder) }
            let pixels = Int(w) * Int(h)
            var frames: [Frame] = []
            while true {
                var rgba: UnsafePointer<UInt8>?
                var end: Int32 = 0
                let rc = cwebp_decoder_next(decoder, &rgba, &end)
                if rc == 0 { break }
                guard rc == 1, let rgba else { return .failure(.unreadable("WebP: damaged frame \(frames.count)")) }
                var rgb = [UInt8](repeating: 0, count: pixels * 3)
                for i in 0..<pixels {
                    rgb[3 * i] = rgba[4 * i]
                    rgb[3 * i + 1] = rgba[4 * i + 1]
                    rgb[3 * i + 2] = rgba[4 * i + 2]
                }
                frames.append(Frame(frame: RGBFrame(width: Int(w), height: Int(h), pixels: rgb), endMs: Int(end)))
            }
            return .success(frames)
        }
        return try result.get()
    }
}
