import CCropKernels
import CropBitmap

/// A rectangle of a frame, in pixels.
struct FrameRegion: Sendable, Equatable {
    var x: Int
    var y: Int
    var width: Int
    var height: Int

    static func whole(_ f: RGBFrame) -> FrameRegion { FrameRegion(x: 0, y: 0, width: f.width, height: f.height) }

    /// The bounding box of the pixels that differ between two frames of one size, or nil
    /// when they are identical.
    static func changed(from a: RGBFrame, to b: RGBFrame) -> FrameRegion? {
        var x0 = 0
        var y0 = 0
        var x1 = 0
        var y1 = 0
        let found = a.pixels.withUnsafeBufferPointer { pa in
            b.pixels.withUnsafeBufferPointer { pb in
                crk_changed_box(pa.baseAddress, pb.baseAddress, a.width, a.height, a.width * 3, &x0, &y0, &x1, &y1)
            }
        }
        return found == 0 ? nil : FrameRegion(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// Whether two frames of one size have the same pixels.
    static func same(_ a: RGBFrame, _ b: RGBFrame) -> Bool {
        a.width == b.width && a.height == b.height && changed(from: a, to: b) == nil
    }
}
