import CCropKernels

/// A photo-like picture made by the project (a landscape: sky, sun, clouds, mountains, a
/// lake, a meadow) for the demo and the README: what a crop editor shows, where the test
/// card shows geometry. Integer arithmetic (`crk_sample_photo`): the same pixels on every machine.
package enum SamplePhoto {
    package static func image(width w: Int, height h: Int) -> RGBAImage {
        var p = [UInt8](repeating: 255, count: max(0, w) * max(0, h) * 4)
        if w > 0 && h > 0 { p.withUnsafeMutableBufferPointer { crk_sample_photo($0.baseAddress, w, h) } }
        return RGBAImage(width: w, height: h, pixels: p)
    }
}
