import CCropKernels
import CropBitmap
import CropGeometry

/// Draws the photo at an angle (docs/behaviour.md, "Rendering"), one output row at a time: for the pixel centre
/// (px, py) the oriented image is sampled at (u, v) = Rot(-a)((px/scale - cx)/k, (py/scale -
/// cy)/k) + (Iw'/2, Ih'/2), texel centres at u - 0.5, v - 0.5, bilinear over the premultiplied
/// image with transparent texels outside it, source-over onto the background.
///
/// Along a row (u, v) steps by a constant in 32.32 fixed point, so the weights cost no
/// floating point per pixel. The arithmetic after (u, v) is the upright sampler's
/// (`PhotoSampler`): 8-bit weights (the fraction rounded to 1/256), each pair of texels
/// interpolated to 8.8 fixed point, rows combined by `(Ht * v0) >> 8 + (Hb * v1) >> 8`, then
/// rounded half up (opaque) or blended over the background; results are within one level of
/// the real-valued blend. The loop is the C kernel `crk_turned_row` (four pixels at a time
/// in vector lanes inside an opaque image).
final class TurnedPhotoSampler: PhotoRows {
    private let image: OrientedImage
    private let scale: Double
    private let rotation: Rotation
    private let halfW: Double
    private let halfH: Double
    /// Column px is at X = x0 + px * step = ((px + 0.5)/scale - cx)/k.
    private let x0: Double
    private let step: Double
    private let cy: Double
    private let k: Double
    private let width: Int

    init?(_ image: OrientedImage, state: (cx: Double, cy: Double, k: Double, angle: Double), scale: Int, width: Int) {
        guard image.width > 0, image.height > 0 else { return nil }
        self.image = image
        self.scale = Double(scale)
        rotation = Rotation(degrees: state.angle)
        halfW = Double(image.width) / 2
        halfH = Double(image.height) / 2
        let s = Double(scale)
        x0 = (0.5 / s - state.cx) / state.k
        step = 1 / (s * state.k)
        cy = state.cy
        k = state.k
        self.width = width
    }

    func draw(row py: Int, into out: UnsafeMutablePointer<UInt8>, background bg: (UInt8, UInt8, UInt8)) -> Range<Int>? {
        let y = ((Double(py) + 0.5) / scale - cy) / k
        let sin = rotation.sin
        let cos = rotation.cos
        // u = X cos + Y sin + Iw'/2 - 0.5, v = -X sin + Y cos + Ih'/2 - 0.5.
        let uRow = y * sin + halfW - 0.5
        let vRow = y * cos + halfH - 0.5
        var last = -1
        let first = image.source.pixels.withUnsafeBufferPointer { buffer in
            withUnsafeBytes(of: bg) { background in
                crk_turned_row(
                    x0, step, width, cos, sin, uRow, vRow, buffer.baseAddress, image.width, image.height, image.origin,
                    image.dx,
                    image.dy, out, background.bindMemory(to: UInt8.self).baseAddress, &last, image.isOpaque ? 1 : 0)
            }
        }
        guard first >= 0, last >= first else { return nil }
        return first..<(last + 1)
    }
}

/// A photo drawn row by row: the columns it wrote, or nil when the row shows none of it.
protocol PhotoRows: AnyObject {
    func draw(row y: Int, into out: UnsafeMutablePointer<UInt8>, background bg: (UInt8, UInt8, UInt8)) -> Range<Int>?
}
