import CCropKernels

/// The built-in test card of docs/scenarios.md, defined with integer arithmetic so
/// every implementation reproduces it exactly (the kernel is `crk_testcard`).
package enum Testcard {
    package static func image(width w: Int, height h: Int) -> RGBAImage {
        var p = [UInt8](repeating: 255, count: max(0, w) * max(0, h) * 4)
        if w > 0 && h > 0 { p.withUnsafeMutableBufferPointer { crk_testcard($0.baseAddress, w, h) } }
        return RGBAImage(width: w, height: h, pixels: p)
    }
}
