import CCropKernels
import CropBitmap

/// Area-averaging downscale: each output pixel is the mean of the source area it
/// covers (box filter with fractional edge weights), separable, in integers (weights in
/// 1/4096: within one level of the real-valued mean, and exact on flat areas).
package enum Downscale {
    package static func resize(_ f: RGBFrame, width w: Int, height h: Int) -> RGBFrame {
        if w == f.width && h == f.height { return f }
        // Halving or quartering: the same result in integers (see crk_box_shrink).
        for k in [2, 4] where w * k == f.width && h * k == f.height {
            var out = RGBFrame(width: w, height: h)
            f.pixels.withUnsafeBufferPointer { src in
                out.pixels.withUnsafeMutableBufferPointer { crk_box_shrink(src.baseAddress, f.width, f.height, k, $0.baseAddress) }
            }
            return out
        }
        let xs = Taps(weights(from: f.width, to: w))
        let ys = Taps(weights(from: f.height, to: h))
        // Horizontal pass, then vertical, in integers (the kernel is `crk_downscale`).
        // Scratch: the horizontal sums (four uint32 per pixel), one output row's sums and one
        // widened source row. (Written before it is read: no need to zero it.)
        let scratch = (w * f.height + w + f.width) * 4
        var tmp = [UInt32](unsafeUninitializedCapacity: scratch) { _, count in count = scratch }
        var out = RGBFrame(width: w, height: h)
        f.pixels.withUnsafeBufferPointer { src in
            out.pixels.withUnsafeMutableBufferPointer { dst in
                crk_downscale(
                    src.baseAddress, f.width, f.height, dst.baseAddress, w, h, xs.start, xs.count, xs.index, xs.weight, ys.start,
                    ys.count, ys.index, ys.weight, &tmp)
            }
        }
        return out
    }

    /// Taps flattened for the kernel: output o averages index[start[o] ..< start[o] + count[o]],
    /// with weights in 1/4096 that sum to exactly 4096 (each rounded; the largest takes the
    /// remainder), so a flat area keeps its colour exactly.
    struct Taps {
        var start: [Int] = []
        var count: [Int] = []
        var index: [Int] = []
        var weight: [UInt32] = []
        init(_ taps: [[(Int, Double)]]) {
            for t in taps {
                start.append(index.count)
                count.append(t.count)
                var fixed = t.map { max(0, Int(($0.1 * 4096).rounded())) }
                if let largest = fixed.indices.max(by: { fixed[$0] < fixed[$1] }) {
                    fixed[largest] += 4096 - fixed.reduce(0, +)
                }
                for ((i, _), w) in zip(t, fixed) {
                    index.append(i)
                    weight.append(UInt32(w))
                }
            }
        }
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
