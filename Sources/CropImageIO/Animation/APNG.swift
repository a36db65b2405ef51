import CropBitmap

/// Animations in memory: one call for a whole list of frames (tests, the fuzzer, small
/// sequences). Long sequences stream through `APNGWriter` and `GIFWriter` instead.
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

    /// An animated PNG of the frames (see `APNGWriter`).
    package static func encode(_ inputs: [Input], fps: Int) throws -> [UInt8] {
        guard let first = inputs.first else { throw ImageError.encodeFailed("no frames") }
        let buffer = ByteBuffer()
        let writer = try APNGWriter(width: first.frame.width, height: first.frame.height, fps: fps, sink: buffer)
        for input in inputs { try writer.append([input.frame], ticks: input.ticks) }
        try writer.finish()
        return buffer.bytes
    }
}

/// GIFs in memory (see `GIFWriter`).
package enum GIF {
    package static func encode(_ inputs: [APNG.Input], fps: Int, dither: Bool = false) throws -> [UInt8] {
        guard let first = inputs.first else { throw ImageError.encodeFailed("no frames") }
        let histogram = try GIFPalette.Histogram()
        for input in inputs { histogram.add(input.frame) }
        guard let palette = histogram.palette() else { throw ImageError.encodeFailed("no colours") }
        let buffer = ByteBuffer()
        let writer = try GIFWriter(
            width: first.frame.width, height: first.frame.height, fps: fps, sink: buffer, palette: palette,
            dither: dither)
        for input in inputs { try writer.append([input.frame], ticks: input.ticks) }
        try writer.finish()
        return buffer.bytes
    }
}
