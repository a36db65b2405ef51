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
                out.pixels.withUnsafeMutableBufferPointer {
                    crk_box_shrink(src.baseAddress, f.width, f.height, k, $0.baseAddress)
                }
            }
            return out
        }
        // Horizontal pass, then vertical, in integers; the kernel computes its taps too (in
        // C, so a debug build does not spend longer on them than on the pixels).
        let scratch = crk_downscale_scratch(f.width, f.height, w, h)
        var tmp = [UInt32](unsafeUninitializedCapacity: scratch) { _, count in count = scratch }
        var out = RGBFrame(width: w, height: h)
        f.pixels.withUnsafeBufferPointer { src in
            out.pixels.withUnsafeMutableBufferPointer { dst in
                crk_downscale(src.baseAddress, f.width, f.height, dst.baseAddress, w, h, &tmp)
            }
        }
        return out
    }
}
