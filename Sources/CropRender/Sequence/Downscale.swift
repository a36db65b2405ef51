import CropBitmap

/// Area-averaging downscale: each output pixel is the mean of the source area it
/// covers (box filter with fractional edge weights), separable.
package enum Downscale {
    package static func resize(_ f: RGBFrame, width w: Int, height h: Int) -> RGBFrame {
        if w == f.width && h == f.height { return f }
        let xs = weights(from: f.width, to: w)
        let ys = weights(from: f.height, to: h)
        // Horizontal pass into doubles, then vertical.
        var tmp = [Double](repeating: 0, count: w * f.height * 3)
        for y in 0..<f.height {
            for (ox, taps) in xs.enumerated() {
                var r = 0.0
                var g = 0.0
                var b = 0.0
                for (sx, wt) in taps {
                    let i = (y * f.width + sx) * 3
                    r += Double(f.pixels[i]) * wt
                    g += Double(f.pixels[i + 1]) * wt
                    b += Double(f.pixels[i + 2]) * wt
                }
                let o = (y * w + ox) * 3
                tmp[o] = r
                tmp[o + 1] = g
                tmp[o + 2] = b
            }
        }
        var out = RGBFrame(width: w, height: h)
        for (oy, taps) in ys.enumerated() {
            for x in 0..<w {
                var r = 0.0
                var g = 0.0
                var b = 0.0
                for (sy, wt) in taps {
                    let i = (sy * w + x) * 3
                    r += tmp[i] * wt
                    g += tmp[i + 1] * wt
                    b += tmp[i + 2] * wt
                }
                let o = (oy * w + x) * 3
                out.pixels[o] = UInt8(min(255, r + 0.5))
                out.pixels[o + 1] = UInt8(min(255, g + 0.5))
                out.pixels[o + 2] = UInt8(min(255, b + 0.5))
            }
        }
        return out
    }

    /// For each output index, the source indices and normalised weights it averages.
    static func weights(from n: Int, to m: Int) -> [[(Int, Double)]] {
        let scale = Double(n) / Double(m)
        return (0..<m).map { o in
            let a = Double(o) * scale
            let b = Double(o + 1) * scale
            var taps: [(Int, Double)] = []
            var s = Int(a.rounded(.down))
            while Double(s) < b && s < n {
                let lo = max(a, Double(s))
                let hi = min(b, Double(s + 1))
                if hi > lo { taps.append((s, (hi - lo) / scale)) }
                s += 1
            }
            return taps
        }
    }
}
