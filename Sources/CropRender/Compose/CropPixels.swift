import CropBitmap
import CropEngine
import CropGeometry

/// Cuts a crop out of an image (docs/outputs.md), reading the source through the image's
/// orientation.
package enum CropPixels {
    /// The pixels of a crop record from the image it was taken from.
    package static func cut(_ image: RGBAImage, crop: CropRecord) -> RGBAImage {
        switch crop.region {
        case .pixels(let x, let y, let w, let h):
            return cut(
                image, orientation: crop.orientation, x: x, y: y, width: w, height: h, circleAlpha: crop.circleAlpha)
        case .turned(_, let w, let h, let state, let box):
            return turned(
                image, orientation: crop.orientation, state: state, box: box, width: w, height: h,
                circleAlpha: crop.circleAlpha)
        }
    }

    /// The rect of oriented-image pixels, exactly (a permutation of the source). With
    /// `circleAlpha` the pixels outside the circle inscribed in the rect (diameter min(w, h),
    /// centred) become transparent, anti-aliased by exact area. RGB stays straight.
    package static func cut(
        _ image: RGBAImage, orientation: ImageOrientation = .identity, x: Int, y: Int, width w: Int, height h: Int,
        circleAlpha: Bool
    ) -> RGBAImage {
        let w = max(0, w)
        let h = max(0, h)
        var out = [UInt8](repeating: 0, count: w * h * 4)
        let (origin, dx, dy) = orientation.sourceMap(width: image.width, height: image.height)
        let (iw, ih) = orientation.size(width: image.width, height: image.height)
        // Only the part of the rect inside the oriented image is read; the rest stays transparent.
        let columns = PixelSpan.clip(x, x + w, limit: iw)
        image.pixels.withUnsafeBufferPointer { src in
            for imageRow in PixelSpan.clip(y, y + h, limit: ih) where !columns.isEmpty {
                let dst = (imageRow - y) * w * 4
                var at = origin + columns.lowerBound * dx + imageRow * dy
                for col in (columns.lowerBound - x)..<(columns.upperBound - x) {
                    let s = at * 4
                    let d = dst + col * 4
                    out[d] = src[s]
                    out[d + 1] = src[s + 1]
                    out[d + 2] = src[s + 2]
                    out[d + 3] = src[s + 3]
                    at += dx
                }
            }
        }
        if circleAlpha { applyCircle(&out, width: w, height: h) }
        return RGBAImage(width: w, height: h, pixels: out)
    }

    /// A crop at an angle (docs/behaviour.md, "Crops"): output pixel (i, j) is the oriented image sampled
    /// bilinearly at the point shown at (bx + (i + 0.5) bw/w, by + (j + 0.5) bh/h): texel centres
    /// at u - 0.5, v - 0.5, texels outside transparent, premultiplied, then RGB = round(premultiplied
    /// / alpha) (0 where alpha is 0) and A = round(255 alpha), half up, clamped.
    package static func turned(
        _ image: RGBAImage, orientation: ImageOrientation, state s: ViewState, box b: Rect, width w: Int,
        height h: Int, circleAlpha: Bool
    ) -> RGBAImage {
        let w = max(0, w)
        let h = max(0, h)
        var out = [UInt8](repeating: 0, count: w * h * 4)
        let (origin, dx, dy) = orientation.sourceMap(width: image.width, height: image.height)
        let (iw, ih) = orientation.size(width: image.width, height: image.height)
        let rotation = Rotation(degrees: s.a)
        image.pixels.withUnsafeBufferPointer { src in
            func texel(_ i: Int, _ j: Int) -> (Double, Double, Double, Double) {
                guard i >= 0 && i < iw && j >= 0 && j < ih else { return (0, 0, 0, 0) }
                let p = (origin + i * dx + j * dy) * 4
                let a = Double(src[p + 3]) / 255
                return (Double(src[p]) * a, Double(src[p + 1]) * a, Double(src[p + 2]) * a, a)
            }
            for j in 0..<h {
                for i in 0..<w {
                    let px = b.x + (Double(i) + 0.5) * b.width / Double(w)
                    let py = b.y + (Double(j) + 0.5) * b.height / Double(h)
                    let r = rotation.inverse(Point((px - s.cx) / s.k, (py - s.cy) / s.k))
                    let u = r.x + Double(iw) / 2 - 0.5
                    let v = r.y + Double(ih) / 2 - 0.5
                    let fu = u.rounded(.down)
                    let fv = v.rounded(.down)
                    let wx = u - fu
                    let wy = v - fv
                    guard fu >= -1 && fu < Double(iw) && fv >= -1 && fv < Double(ih) else { continue }
                    let i0 = Int(fu)
                    let j0 = Int(fv)
                    let t00 = texel(i0, j0)
                    let t10 = texel(i0 + 1, j0)
                    let t01 = texel(i0, j0 + 1)
                    let t11 = texel(i0 + 1, j0 + 1)
                    func mix(_ a: Double, _ b: Double, _ c: Double, _ d: Double) -> Double {
                        (a * (1 - wx) + b * wx) * (1 - wy) + (c * (1 - wx) + d * wx) * wy
                    }
                    let alpha = mix(t00.3, t10.3, t01.3, t11.3)
                    let o = (j * w + i) * 4
                    func byte(_ x: Double) -> UInt8 { UInt8(max(0, min(255, (x + 0.5).rounded(.down)))) }
                    if alpha > 0 {
                        out[o] = byte(mix(t00.0, t10.0, t01.0, t11.0) / alpha)
                        out[o + 1] = byte(mix(t00.1, t10.1, t01.1, t11.1) / alpha)
                        out[o + 2] = byte(mix(t00.2, t10.2, t01.2, t11.2) / alpha)
                    }
                    out[o + 3] = byte(255 * alpha)
                }
            }
        }
        if circleAlpha { applyCircle(&out, width: w, height: h) }
        return RGBAImage(width: w, height: h, pixels: out)
    }

    /// Multiplies alpha by the exact area of the circle inscribed in the image (diameter
    /// min(w, h), centred) in each pixel.
    static func applyCircle(_ out: inout [UInt8], width w: Int, height h: Int) {
        let r = Double(min(w, h)) / 2
        let cx = Double(w) / 2
        let cy = Double(h) / 2
        for row in 0..<h {
            for col in 0..<w {
                let cov = AreaMath.discBox(
                    cx: cx, cy: cy, r: r, Double(col), Double(row), Double(col + 1), Double(row + 1))
                let a = (row * w + col) * 4 + 3
                out[a] = UInt8(Double(out[a]) * cov + 0.5)
            }
        }
    }
}
