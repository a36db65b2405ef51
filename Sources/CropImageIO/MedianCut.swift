import CropBitmap

/// Median-cut palettes and palette mapping.
package enum MedianCut {
    /// Up to `colors` colours that split the frame's (sampled) pixels into boxes of
    /// similar population along their longest channel.
    package static func palette(_ frame: RGBFrame, colors: Int) -> [(UInt8, UInt8, UInt8)] {
        let n = frame.width * frame.height
        let stride = max(1, n / 65536)
        var samples: [UInt32] = []
        samples.reserveCapacity(n / stride + 1)
        var i = 0
        while i < n {
            let p = i * 3
            samples.append(UInt32(frame.pixels[p]) << 16 | UInt32(frame.pixels[p + 1]) << 8 | UInt32(frame.pixels[p + 2]))
            i += stride
        }
        // Each box keeps its widest channel and that channel's range, computed once.
        func widest(_ box: ArraySlice<UInt32>) -> (range: Int, channel: Int) {
            var lo: (UInt32, UInt32, UInt32) = (255, 255, 255)
            var hi: (UInt32, UInt32, UInt32) = (0, 0, 0)
            for v in box {
                let r = v >> 16
                let g = (v >> 8) & 255
                let b = v & 255
                lo = (min(lo.0, r), min(lo.1, g), min(lo.2, b))
                hi = (max(hi.0, r), max(hi.1, g), max(hi.2, b))
            }
            let ranges = [Int(hi.0) - Int(lo.0), Int(hi.1) - Int(lo.1), Int(hi.2) - Int(lo.2)]
            var channel = 0
            for c in 1..<3 where ranges[c] > ranges[channel] { channel = c }
            return (box.count > 1 ? ranges[channel] : 0, channel)
        }
        var boxes: [ArraySlice<UInt32>] = [samples[...]]
        var stats = [widest(samples[...])]
        while boxes.count < colors {
            var best = -1
            for i in stats.indices where stats[i].range > 0 && (best < 0 || stats[i].range > stats[best].range) { best = i }
            if best < 0 { break }
            let shift = UInt32(16 - stats[best].channel * 8)
            let sorted = boxes[best].sorted { (($0 >> shift) & 255, $0) < (($1 >> shift) & 255, $1) }
            let mid = sorted.count / 2
            boxes[best] = sorted[..<mid]
            boxes.append(sorted[mid...])
            stats[best] = widest(boxes[best])
            stats.append(widest(boxes[boxes.count - 1]))
        }
        return boxes.map { box in
            var r = 0
            var g = 0
            var b = 0
            for v in box {
                r += Int(v >> 16)
                g += Int((v >> 8) & 255)
                b += Int(v & 255)
            }
            let c = max(1, box.count)
            return (UInt8((r + c / 2) / c), UInt8((g + c / 2) / c), UInt8((b + c / 2) / c))
        }
    }

    static let bayer: [Int] = [0, 8, 2, 10, 12, 4, 14, 6, 3, 11, 1, 9, 15, 7, 13, 5]

    /// Nearest palette index per pixel (cached per 15-bit colour); with `dither`, a
    /// Bayer 4x4 offset of up to +-8 per channel is added first.
    package static func map(_ frame: RGBFrame, palette: [(UInt8, UInt8, UInt8)], dither: Bool) -> [UInt8] {
        var cache = [Int16](repeating: -1, count: 32768)
        var out = [UInt8](repeating: 0, count: frame.width * frame.height)
        for y in 0..<frame.height {
            for x in 0..<frame.width {
                let p = (y * frame.width + x) * 3
                var r = Int(frame.pixels[p])
                var g = Int(frame.pixels[p + 1])
                var b = Int(frame.pixels[p + 2])
                if dither {
                    let d = bayer[(y & 3) * 4 + (x & 3)] - 8
                    r = min(255, max(0, r + d))
                    g = min(255, max(0, g + d))
                    b = min(255, max(0, b + d))
                }
                let key = (r >> 3) << 10 | (g >> 3) << 5 | (b >> 3)
                var index = Int(cache[key])
                if index < 0 {
                    var best = 0
                    var bestD = Int.max
                    let cr = (r & ~7) + 4
                    let cg = (g & ~7) + 4
                    let cb = (b & ~7) + 4
                    for (i, c) in palette.enumerated() {
                        let dr = cr - Int(c.0)
                        let dg = cg - Int(c.1)
                        let db = cb - Int(c.2)
                        let dist = dr * dr + dg * dg + db * db
                        if dist < bestD {
                            bestD = dist
                            best = i
                        }
                    }
                    index = best
                    cache[key] = Int16(best)
                }
                out[y * frame.width + x] = UInt8(index)
            }
        }
        return out
    }
}
