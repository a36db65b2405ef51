import CropRender

/// Animated PNG writer: frame data compressed by libpng, chunks (acTL, fcTL,
/// fdAT, sequence numbers, CRCs) assembled here. Identical consecutive frames
/// merge into one longer frame; a frame that changes only part of the canvas is
/// stored as the changed sub-rectangle (dispose none, blend source).
public enum APNG {
    /// One frame to write and how many frame periods (1/fps) it lasts.
    public struct Input {
        public var frame: RGBFrame
        public var ticks: Int
        public init(frame: RGBFrame, ticks: Int) { self.frame = frame; self.ticks = ticks }
    }

    public static func encode(_ inputs: [Input], fps: Int, compression: PNGCodec.Compression = .fast) throws(ImageError) -> [UInt8] {
        let (merged, w, h) = try mergeIdentical(inputs)
        // A delay numerator is 16 bits: split longer frames.
        var frames: [Input] = []
        for m in merged {
            var left = m.ticks
            while left > 0 {
                let t = min(left, 65535)
                frames.append(Input(frame: m.frame, ticks: t))
                left -= t
            }
        }
        var out = PNGChunks.signature
        var ihdr = PNGChunks.be32(UInt32(w)) + PNGChunks.be32(UInt32(h))
        ihdr += [8, 2, 0, 0, 0]
        PNGChunks.append("IHDR", ihdr, to: &out)
        PNGChunks.append("acTL", PNGChunks.be32(UInt32(frames.count)) + PNGChunks.be32(0), to: &out)
        var sequence: UInt32 = 0
        var previous: RGBFrame?
        for input in frames {
            var rect = (x: 0, y: 0, w: w, h: h)
            if let previous, let changed = changedBox(previous, input.frame) {
                rect = changed
            }
            let sub = rect.w == w && rect.h == h ? input.frame : crop(input.frame, rect)
            var fctl = PNGChunks.be32(sequence)
            fctl += PNGChunks.be32(UInt32(rect.w)) + PNGChunks.be32(UInt32(rect.h))
            fctl += PNGChunks.be32(UInt32(rect.x)) + PNGChunks.be32(UInt32(rect.y))
            fctl += PNGChunks.be16(UInt16(input.ticks)) + PNGChunks.be16(UInt16(fps))
            fctl += [0, 0]  // dispose none, blend source
            PNGChunks.append("fcTL", fctl, to: &out)
            sequence += 1
            let data = try idatPayload(PNGCodec.encode(sub, compression))
            if previous == nil {
                PNGChunks.append("IDAT", data, to: &out)
            } else {
                PNGChunks.append("fdAT", PNGChunks.be32(sequence) + data, to: &out)
                sequence += 1
            }
            previous = input.frame
        }
        PNGChunks.append("IEND", [], to: &out)
        return out
    }

    /// Identical consecutive frames merged into one longer frame; all frames must share a size.
    static func mergeIdentical(_ inputs: [Input]) throws(ImageError) -> (frames: [Input], width: Int, height: Int) {
        guard let first = inputs.first else { throw .encodeFailed("no frames") }
        let w = first.frame.width, h = first.frame.height
        var merged: [Input] = []
        for input in inputs {
            guard input.frame.width == w, input.frame.height == h else { throw .encodeFailed("frames differ in size") }
            if let last = merged.last, last.frame.pixels == input.frame.pixels {
                merged[merged.count - 1].ticks += input.ticks
            } else {
                merged.append(input)
            }
        }
        return (merged, w, h)
    }

    /// The bounding box of pixels that differ, or nil when none do (then the whole
    /// frame is stored: a frame must have at least one pixel).
    static func changedBox(_ a: RGBFrame, _ b: RGBFrame) -> (x: Int, y: Int, w: Int, h: Int)? {
        var x0 = Int.max, y0 = Int.max, x1 = -1, y1 = -1
        let w = a.width
        a.pixels.withUnsafeBufferPointer { pa in
            b.pixels.withUnsafeBufferPointer { pb in
                for y in 0..<a.height {
                    let row = y * w * 3
                    var x = 0
                    while x < w {
                        let i = row + x * 3
                        if pa[i] != pb[i] || pa[i + 1] != pb[i + 1] || pa[i + 2] != pb[i + 2] {
                            if x < x0 { x0 = x }
                            if x > x1 { x1 = x }
                            if y < y0 { y0 = y }
                            y1 = y
                        }
                        x += 1
                    }
                }
            }
        }
        guard x1 >= 0 else { return nil }
        return (x0, y0, x1 - x0 + 1, y1 - y0 + 1)
    }

    static func crop(_ f: RGBFrame, _ r: (x: Int, y: Int, w: Int, h: Int)) -> RGBFrame {
        var out = RGBFrame(width: r.w, height: r.h)
        for y in 0..<r.h {
            let src = ((r.y + y) * f.width + r.x) * 3
            out.pixels.replaceSubrange((y * r.w * 3)..<((y + 1) * r.w * 3), with: f.pixels[src..<(src + r.w * 3)])
        }
        return out
    }

    /// The concatenated IDAT data of a PNG produced by libpng.
    static func idatPayload(_ png: [UInt8]) throws(ImageError) -> [UInt8] {
        guard let chunks = PNGChunks.parse(png) else { throw .encodeFailed("libpng output did not parse") }
        return chunks.filter { $0.type == "IDAT" }.flatMap { $0.data }
    }
}

/// Reads an APNG back: its frame controls and every frame composed onto the
/// canvas (used by tests, the fuzzer and anyone checking an animation).
public enum APNGReader {
    public struct FrameControl: Sendable, Equatable {
        public var sequence: UInt32
        public var width: Int, height: Int, x: Int, y: Int
        public var delayNum: Int, delayDen: Int
        public var dispose: UInt8, blend: UInt8
    }

    public struct Animation: Sendable {
        public var width: Int, height: Int
        public var frameCount: Int
        public var controls: [FrameControl]
        /// fdAT sequence numbers, in file order.
        public var dataSequences: [UInt32]
        /// The composed canvas after each frame.
        public var frames: [RGBAImage]
    }

    public static func read(_ bytes: [UInt8]) throws(ImageError) -> Animation {
        guard let chunks = PNGChunks.parse(bytes), let ihdr = chunks.first, ihdr.type == "IHDR", ihdr.data.count == 13 else {
            throw .unreadable("not an APNG (no IHDR)")
        }
        guard chunks.allSatisfy({ $0.crcValid }) else { throw .unreadable("CRC mismatch") }
        let w = Int(PNGChunks.readBE32(ihdr.data, 0)), h = Int(PNGChunks.readBE32(ihdr.data, 4))
        guard w > 0, h > 0, w <= PNGCodec.maxSide, h <= PNGCodec.maxSide else { throw .tooLarge(width: w, height: h) }
        guard let actl = chunks.first(where: { $0.type == "acTL" }), actl.data.count == 8 else { throw .unreadable("no acTL chunk") }
        let count = Int(PNGChunks.readBE32(actl.data, 0))
        var controls: [FrameControl] = []
        var sequences: [UInt32] = []
        var pieces: [[UInt8]] = []
        for c in chunks {
            switch c.type {
            case "fcTL":
                guard c.data.count == 26 else { throw .unreadable("bad fcTL") }
                let d = c.data
                controls.append(FrameControl(sequence: PNGChunks.readBE32(d, 0), width: Int(PNGChunks.readBE32(d, 4)), height: Int(PNGChunks.readBE32(d, 8)),
                                             x: Int(PNGChunks.readBE32(d, 12)), y: Int(PNGChunks.readBE32(d, 16)),
                                             delayNum: Int(PNGChunks.readBE16(d, 20)), delayDen: Int(PNGChunks.readBE16(d, 22)), dispose: d[24], blend: d[25]))
                pieces.append([])
            case "IDAT":
                guard !pieces.isEmpty else { throw .unreadable("IDAT before fcTL") }
                pieces[pieces.count - 1] += c.data
            case "fdAT":
                guard c.data.count >= 4, !pieces.isEmpty else { throw .unreadable("bad fdAT") }
                sequences.append(PNGChunks.readBE32(c.data, 0))
                pieces[pieces.count - 1] += c.data[4...]
            default: break
            }
        }
        var canvas = RGBAImage(width: w, height: h)
        var frames: [RGBAImage] = []
        for (control, data) in zip(controls, pieces) {
            guard control.x + control.width <= w, control.y + control.height <= h, control.width > 0, control.height > 0 else {
                throw .unreadable("frame rect outside the canvas")
            }
            var png = PNGChunks.signature
            var sub = ihdr.data
            sub.replaceSubrange(0..<8, with: PNGChunks.be32(UInt32(control.width)) + PNGChunks.be32(UInt32(control.height)))
            PNGChunks.append("IHDR", sub, to: &png)
            PNGChunks.append("IDAT", data, to: &png)
            PNGChunks.append("IEND", [], to: &png)
            let image = try PNGCodec.decode(png)
            for y in 0..<control.height {
                for x in 0..<control.width {
                    let s = (y * control.width + x) * 4, d = ((control.y + y) * w + control.x + x) * 4
                    for ch in 0..<4 { canvas.pixels[d + ch] = image.pixels[s + ch] }
                }
            }
            frames.append(canvas)
        }
        return Animation(width: w, height: h, frameCount: count, controls: controls, dataSequences: sequences, frames: frames)
    }
}
