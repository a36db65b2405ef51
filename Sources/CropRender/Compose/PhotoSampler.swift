import CropGeometry

/// Draws the photo into the canvas: for the pixel centre (px, py) the source
/// coordinates are u = (px/scale - x)/k - 0.5, v = (py/scale - y)/k - 0.5
/// (texel centres at integers); bilinear over the premultiplied image with
/// transparent texels outside it; source-over onto the canvas.
/// The scaling is axis-aligned, so columns and rows are tabulated once.
enum PhotoSampler {
    static func draw(_ image: PremultipliedImage, imageRect: Rect, k: Double, scale: Int, into px: UnsafeMutableBufferPointer<UInt8>, width: Int, height: Int) {
        let s = Double(scale)
        let iw = image.width, ih = image.height
        // Column tables: left texel index and weight of the right texel.
        var colIndex = [Int](repeating: 0, count: width)
        var colWeight = [Double](repeating: 0, count: width)
        var xFirst = width, xLast = -1
        for i in 0..<width {
            let u = ((Double(i) + 0.5) / s - imageRect.x) / k - 0.5
            let f = u.rounded(.down)
            if f >= -1 && f < Double(iw) {
                colIndex[i] = Int(f)
                colWeight[i] = u - f
                if i < xFirst { xFirst = i }
                xLast = i
            }
        }
        guard xFirst <= xLast else { return }
        image.pixels.withUnsafeBufferPointer { tex in
            for j in 0..<height {
                let v = ((Double(j) + 0.5) / s - imageRect.y) / k - 0.5
                let fv = v.rounded(.down)
                guard fv >= -1 && fv < Double(ih) else { continue }
                let j0 = Int(fv)
                let wy = v - fv
                let hasTop = j0 >= 0
                let hasBottom = j0 + 1 < ih
                let rowTop = j0 * iw * 4
                let rowBottom = (j0 + 1) * iw * 4
                var o = (j * width + xFirst) * 3
                for i in xFirst...xLast {
                    let i0 = colIndex[i]
                    let wx = colWeight[i]
                    let hasLeft = i0 >= 0
                    let hasRight = i0 + 1 < iw
                    var r = 0.0, g = 0.0, b = 0.0, a = 0.0
                    // Top row: lerp in x, weighted (1 - wy); bottom row weighted wy.
                    if hasTop {
                        var tr = 0.0, tg = 0.0, tb = 0.0, ta = 0.0
                        if hasLeft {
                            let t = rowTop + i0 * 4
                            let w = 1 - wx
                            tr = Double(tex[t]) * w; tg = Double(tex[t + 1]) * w; tb = Double(tex[t + 2]) * w; ta = Double(tex[t + 3]) * w
                        }
                        if hasRight {
                            let t = rowTop + (i0 + 1) * 4
                            tr += Double(tex[t]) * wx; tg += Double(tex[t + 1]) * wx; tb += Double(tex[t + 2]) * wx; ta += Double(tex[t + 3]) * wx
                        }
                        let w = 1 - wy
                        r = tr * w; g = tg * w; b = tb * w; a = ta * w
                    }
                    if hasBottom {
                        var br = 0.0, bg = 0.0, bb = 0.0, ba = 0.0
                        if hasLeft {
                            let t = rowBottom + i0 * 4
                            let w = 1 - wx
                            br = Double(tex[t]) * w; bg = Double(tex[t + 1]) * w; bb = Double(tex[t + 2]) * w; ba = Double(tex[t + 3]) * w
                        }
                        if hasRight {
                            let t = rowBottom + (i0 + 1) * 4
                            br += Double(tex[t]) * wx; bg += Double(tex[t + 1]) * wx; bb += Double(tex[t + 2]) * wx; ba += Double(tex[t + 3]) * wx
                        }
                        r += br * wy; g += bg * wy; b += bb * wy; a += ba * wy
                    }
                    if a > 0 {
                        let keep = 1 - a / 255
                        px[o] = UInt8(min(255, r + Double(px[o]) * keep + 0.5))
                        px[o + 1] = UInt8(min(255, g + Double(px[o + 1]) * keep + 0.5))
                        px[o + 2] = UInt8(min(255, b + Double(px[o + 2]) * keep + 0.5))
                    }
                    o += 3
                }
            }
        }
    }
}
