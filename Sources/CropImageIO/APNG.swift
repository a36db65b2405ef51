import CropBitmap

/// Animated PNG writer: frame data compressed by libpng, chunks (acTL, fcTL,
/// fdAT, sequence numbers, CRCs) assembled here. Identical consecutive frames
/// merge into one longer frame; a frame that changes only part of the canvas is
/// stored as the changed sub-rectangle (dispose none, blend source).
package enum APNG {
    /// One frame to write and how many frame periods (1/fps) it lasts.
    package struct Input {
        package var frame: RGBFrame
        package var ticks: Int
        package init(frame: RGBFrame, ticks: Int) {
            self.frame = frame
            self.ticks = ticks
        }
    }

    package static func encode(_ inputs: [Input], fps: Int, compression: PNGCodec.Compression = .fast) throws(ImageError) -> [UInt8] {
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
        let w = first.frame.width
        let h = first.frame.height
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
        var x0 = Int.max
        var y0 = Int.max
        var x1 = -1
        var y1 = -1
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
