import CropBitmap
import CropGeometry

/// Draws the photo at an angle (SPEC 16.1), one output row at a time: for the pixel centre
/// (px, py) the oriented image is sampled at (u, v) = Rot(-a)((px/scale - cx)/k, (py/scale -
/// cy)/k) + (Iw'/2, Ih'/2), texel centres at u - 0.5, v - 0.5, bilinear over the premultiplied
/// image with transparent texels outside it, source-over onto the background.
///
/// The arithmetic after (u, v) is the upright sampler's (`PhotoSampler`): 8-bit weights
/// `round(frac * 256)`, each pair of texels interpolated to 8.8 fixed point, rows combined by
/// `(Ht * v0) >> 8 + (Hb * v1) >> 8`, then rounded half up (opaque) or blended over the
/// background; results are within one level of the real-valued blend.
final class TurnedPhotoSampler: PhotoRows {
    private let image: OrientedImage
    private let scale: Double
    private let rotation: Rotation
    private let halfW: Double
    private let halfH: Double
    /// Per output column: X = ((px + 0.5)/scale - cx)/k.
    private let xs: [Double]
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
        xs = (0..<width).map { ((Double($0) + 0.5) / s - state.cx) / state.k }
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
        let iw = image.width
        let ih = image.height
        let fw = Double(iw)
        let fh = Double(ih)
        var first = -1
        var last = -1
        let full: UInt32 = 255 * 256
        image.source.pixels.withUnsafeBufferPointer { buffer in
            guard let px = buffer.baseAddress else { return }
            xs.withUnsafeBufferPointer { xs in
                for x in 0..<width {
                    let X = xs[x]
                    let u = X * cos + uRow
                    let v = -X * sin + vRow
                    let fu = u.rounded(.down)
                    let fv = v.rounded(.down)
                    guard fu >= -1 && fu < fw && fv >= -1 && fv < fh else { continue }
                    if first < 0 { first = x }
                    last = x
                    let i0 = Int(fu)
                    let j0 = Int(fv)
                    let wx = UInt32(((u - fu) * 256).rounded())
                    let wy = UInt32(((v - fv) * 256).rounded())
                    @inline(__always) func texel(_ i: Int, _ j: Int) -> (UInt32, UInt32, UInt32, UInt32) {
                        guard i >= 0 && i < iw && j >= 0 && j < ih else { return (0, 0, 0, 0) }
                        let p = px + image.index(i, j) &* 4
                        return (UInt32(p[0]), UInt32(p[1]), UInt32(p[2]), UInt32(p[3]))
                    }
                    let t00 = texel(i0, j0)
                    let t10 = texel(i0 + 1, j0)
                    let t01 = texel(i0, j0 + 1)
                    let t11 = texel(i0 + 1, j0 + 1)
                    let x0 = 256 - wx
                    let y0 = 256 - wy
                    @inline(__always) func lerp(_ a: UInt32, _ b: UInt32, _ c: UInt32, _ d: UInt32) -> UInt32 {
                        ((a &* x0 &+ b &* wx) &* y0) >> 8 &+ ((c &* x0 &+ d &* wx) &* wy) >> 8
                    }
                    let pa = lerp(t00.3, t10.3, t01.3, t11.3)
                    let r = lerp(t00.0, t10.0, t01.0, t11.0)
                    let g = lerp(t00.1, t10.1, t01.1, t11.1)
                    let b = lerp(t00.2, t10.2, t01.2, t11.2)
                    let o = out + x * 3
                    if pa >= full {
                        o[0] = UInt8(truncatingIfNeeded: min(255, (r &+ 128) >> 8))
                        o[1] = UInt8(truncatingIfNeeded: min(255, (g &+ 128) >> 8))
                        o[2] = UInt8(truncatingIfNeeded: min(255, (b &+ 128) >> 8))
                    } else {
                        let keep = full - pa
                        o[0] = UInt8(truncatingIfNeeded: min(255, (r &* 255 &+ UInt32(bg.0) &* keep &+ 255 &* 128) / full))
                        o[1] = UInt8(truncatingIfNeeded: min(255, (g &* 255 &+ UInt32(bg.1) &* keep &+ 255 &* 128) / full))
                        o[2] = UInt8(truncatingIfNeeded: min(255, (b &* 255 &+ UInt32(bg.2) &* keep &+ 255 &* 128) / full))
                    }
                }
            }
        }
        guard first >= 0 else { return nil }
        // Columns between first and last that sampled nothing keep the background.
        for x in first...last where !covers(x, uRow: uRow, vRow: vRow) { Compositor.fill(out, from: x, to: x + 1, bg) }
        return first..<(last + 1)
    }

    /// Whether column x samples the image (the test of `draw`).
    private func covers(_ x: Int, uRow: Double, vRow: Double) -> Bool {
        let X = xs[x]
        let u = X * rotation.cos + uRow
        let v = -X * rotation.sin + vRow
        let fu = u.rounded(.down)
        let fv = v.rounded(.down)
        return fu >= -1 && fu < Double(image.width) && fv >= -1 && fv < Double(image.height)
    }
}

/// A photo drawn row by row: the columns it wrote, or nil when the row shows none of it.
protocol PhotoRows: AnyObject {
    func draw(row y: Int, into out: UnsafeMutablePointer<UInt8>, background bg: (UInt8, UInt8, UInt8)) -> Range<Int>?
}
