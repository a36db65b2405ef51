import CropBitmap

/// Reads an APNG back: its frame controls and every frame composed onto the
/// canvas (used by tests, the fuzzer and anyone checking an animation).
package enum APNGReader {
    package struct FrameControl: Sendable, Equatable {
        package var sequence: UInt32
        package var width: Int, height: Int, x: Int, y: Int
        package var delayNum: Int, delayDen: Int
        package var dispose: UInt8, blend: UInt8
    }

    package struct Animation: Sendable {
        package var width: Int, height: Int
        package var frameCount: Int
        package var controls: [FrameControl]
        /// fdAT sequence numbers, in file order.
        package var dataSequences: [UInt32]
        /// The composed canvas after each frame.
        package var frames: [RGBAImage]
    }

    package static func read(_ bytes: [UInt8]) throws(ImageError) -> Animation {
        guard let chunks = PNGChunks.parse(bytes), let ihdr = chunks.first, ihdr.type == "IHDR", ihdr.data.count == 13
        else {
            throw .unreadable("not an APNG (no IHDR)")
        }
        guard chunks.allSatisfy({ $0.crcValid }) else { throw .unreadable("CRC mismatch") }
        let w = Int(PNGChunks.readBE32(ihdr.data, 0))
        let h = Int(PNGChunks.readBE32(ihdr.data, 4))
        guard w > 0, h > 0, w <= PNGCodec.maxSide, h <= PNGCodec.maxSide else { throw .tooLarge(width: w, height: h) }
        guard let actl = chunks.first(where: { $0.type == "acTL" }), actl.data.count == 8 else {
            throw .unreadable("no acTL chunk")
        }
        let count = Int(PNGChunks.readBE32(actl.data, 0))
        var controls: [FrameControl] = []
        var sequences: [UInt32] = []
        var pieces: [[UInt8]] = []
        for c in chunks {
            switch c.type {
            case "fcTL":
                guard c.data.count == 26 else { throw .unreadable("bad fcTL") }
                let d = c.data
                controls.append(
                    FrameControl(
                        sequence: PNGChunks.readBE32(d, 0), width: Int(PNGChunks.readBE32(d, 4)),
                        height: Int(PNGChunks.readBE32(d, 8)),
                        x: Int(PNGChunks.readBE32(d, 12)), y: Int(PNGChunks.readBE32(d, 16)),
                        delayNum: Int(PNGChunks.readBE16(d, 20)), delayDen: Int(PNGChunks.readBE16(d, 22)),
                        dispose: d[24], blend: d[25]))
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
            guard control.x + control.width <= w, control.y + control.height <= h, control.width > 0, control.height > 0
            else {
                throw .unreadable("frame rect outside the canvas")
            }
            var png = PNGChunks.signature
            var sub = ihdr.data
            sub.replaceSubrange(
                0..<8, with: PNGChunks.be32(UInt32(control.width)) + PNGChunks.be32(UInt32(control.height)))
            PNGChunks.append("IHDR", sub, to: &png)
            PNGChunks.append("IDAT", data, to: &png)
            PNGChunks.append("IEND", [], to: &png)
            let image = try PNGCodec.decode(png)
            for y in 0..<control.height {
                for x in 0..<control.width {
                    let s = (y * control.width + x) * 4
                    let d = ((control.y + y) * w + control.x + x) * 4
                    for ch in 0..<4 { canvas.pixels[d + ch] = image.pixels[s + ch] }
                }
            }
            frames.append(canvas)
        }
        return Animation(
            width: w, height: h, frameCount: count, controls: controls, dataSequences: sequences, frames: frames)
    }
}
