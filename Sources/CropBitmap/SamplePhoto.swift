import CCropKernels

/// A photo-like picture made by the project (a landscape: sky, sun, clouds, mountains, a
/// lake, a meadow) for the demo and the README: what a crop editor shows, where the test
/// card shows geometry. Integer arithmetic (`crk_sample_photo_rows`): the same pixels on every machine.
package enum SamplePhoto {
    package static func image(width w: Int, height h: Int) -> RGBAImage {
        image(width: w, height: h) { bands, draw in (0..<bands).forEach(draw) }
    }

    /// The same picture drawn in `bands` row bands by `forEach(bands, draw)`, which may call
    /// `draw` from several threads at once (the bands do not overlap): the same pixels.
    package static func image(width w: Int, height h: Int, forEach: (Int, @escaping @Sendable (Int) -> Void) -> Void)
        -> RGBAImage
    {
        guard w > 0 && h > 0 else { return RGBAImage(width: max(0, w), height: max(0, h), pixels: []) }
        let rows = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: w * h * 4)
        defer { rows.deallocate() }
        let base = UnsafeSendablePointer(rows.baseAddress)
        let bands = min(h, 16)
        forEach(bands) { band in
            crk_sample_photo_rows(base.pointer, w, h, band * h / bands, (band + 1) * h / bands)
        }
        return RGBAImage(width: w, height: h, pixels: Array(rows))
    }
}

/// A pointer handed to threads that write disjoint parts of its memory.
private struct UnsafeSendablePointer: @unchecked Sendable {
    let pointer: UnsafeMutablePointer<UInt8>?
    init(_ pointer: UnsafeMutablePointer<UInt8>?) { self.pointer = pointer }
}
