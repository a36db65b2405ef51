import CropGeometry

/// Draws the photo into the canvas: for the pixel centre (px, py) the source
/// coordinates are u = (px/scale - x)/k - 0.5, v = (py/scale - y)/k - 0.5
/// (texel centres at integers); bilinear over the premultiplied image with
/// transparent texels outside it; source-over onto the canvas.
///
/// Arithmetic (32-bit floats, RGBA at once): `top = t00 * (1 - wx) + t10 * wx`
/// per source row (missing texels weigh 0), `p = top * wt + bottom * wb`, and
/// `out = round(p + dst * (1 - p.a / 255))` (to nearest, ties to even); inside an
/// opaque image (both texels of both rows present) `out = round(p)`. The scaling is
/// axis-aligned, so each source row is interpolated horizontally once (cached
/// while consecutive output rows share it) and rows are blended vertically.
/// The weights (wx, wy) are computed in double precision from the exact source
/// coordinates, then rounded to float.
enum PhotoSampler {
    static func draw(_ image: PremultipliedImage, imageRect: Rect, k: Double, scale: Int, into px: UnsafeMutableBufferPointer<UInt8>, width: Int, height: Int) {
        let s = Double(scale)
        let iw = image.width, ih = image.height
        var xFirst = width, xLast = -1
        var us = [Double](repeating: 0, count: width)
        for i in 0..<width {
            let u = ((Double(i) + 0.5) / s - imageRect.x) / k - 0.5
            us[i] = u
            let f = u.rounded(.down)
            if f >= -1 && f < Double(iw) {
                if i < xFirst { xFirst = i }
                xLast = i
            }
        }
        guard xFirst <= xLast else { return }
        let opaque = image.isOpaque
        let n = xLast - xFirst + 1
        var idx0 = [Int](repeating: 0, count: n), idx1 = [Int](repeating: 0, count: n)
        var w0 = [Float](repeating: 0, count: n), w1 = [Float](repeating: 0, count: n)
        for c in 0..<n {
            let u = us[xFirst + c]
            let f = u.rounded(.down)
            let i0 = Int(f)
            let wx = u - f
            idx0[c] = max(0, min(iw - 1, i0)) * 4
            idx1[c] = max(0, min(iw - 1, i0 + 1)) * 4
            w0[c] = i0 >= 0 ? Float(1 - wx) : 0
            w1[c] = i0 + 1 < iw ? Float(wx) : 0
        }
        // Columns that sample outside the image on one side (partly transparent).
        let edgeColumns = (0..<n).filter { w0[$0] == 0 || w1[$0] == 0 }
        var cacheA = [Float](repeating: 0, count: n * 4), cacheB = [Float](repeating: 0, count: n * 4)
        var rowA = -1, rowB = -1
        var blended = [Float](repeating: 0, count: n * 4)
        image.pixels.withUnsafeBufferPointer { tex in
            idx0.withUnsafeBufferPointer { i0p in
            idx1.withUnsafeBufferPointer { i1p in
            w0.withUnsafeBufferPointer { w0p in
            w1.withUnsafeBufferPointer { w1p in
            cacheA.withUnsafeMutableBufferPointer { ca in
            cacheB.withUnsafeMutableBufferPointer { cb in
            blended.withUnsafeMutableBufferPointer { bl in
                func horizontal(_ row: Int, into out: UnsafeMutableBufferPointer<Float>) {
                    let base = row * iw * 4
                    for c in 0..<n {
                        let a = base + i0p[c], b = base + i1p[c]
                        let wa = w0p[c], wb = w1p[c]
                        let o = c * 4
                        out[o] = Float(tex[a]) * wa + Float(tex[b]) * wb
                        out[o + 1] = Float(tex[a + 1]) * wa + Float(tex[b + 1]) * wb
                        out[o + 2] = Float(tex[a + 2]) * wa + Float(tex[b + 2]) * wb
                        out[o + 3] = Float(tex[a + 3]) * wa + Float(tex[b + 3]) * wb
                    }
                }
                func row(_ r: Int, keep other: Int) -> UnsafeMutableBufferPointer<Float> {
                    if r == rowA { return ca }
                    if r == rowB { return cb }
                    if rowA != other {
                        horizontal(r, into: ca)
                        rowA = r
                        return ca
                    }
                    horizontal(r, into: cb)
                    rowB = r
                    return cb
                }
                for j in 0..<height {
                    let v = ((Double(j) + 0.5) / s - imageRect.y) / k - 0.5
                    let fv = v.rounded(.down)
                    guard fv >= -1 && fv < Double(ih) else { continue }
                    let j0 = Int(fv)
                    let wy = v - fv
                    let rt = max(0, min(ih - 1, j0)), rb = max(0, min(ih - 1, j0 + 1))
                    let wt: Float = j0 >= 0 ? Float(1 - wy) : 0
                    let wb: Float = j0 + 1 < ih ? Float(wy) : 0
                    let top = row(rt, keep: rb)
                    let bottom = row(rb, keep: rt)
                    blend(top.baseAddress!, bottom.baseAddress!, wt, wb, into: bl.baseAddress!, count: n * 4)
                    var o = (j * width + xFirst) * 3
                    // Round to nearest (ties to even) without a checked conversion: adding
                    // 1.5 * 2^23 leaves the integer in the low mantissa bits.
                    let magic: Float = 12582912
                    if opaque && wt + wb == 1 {
                        // Inside an opaque image's rows the canvas below shows only in the
                        // columns that sample past the image's left or right edge.
                        var edges: [(Int, UInt8, UInt8, UInt8)] = []
                        for c in edgeColumns where bl[c * 4 + 3] != 255 {
                            let q = c * 4, oo = o + c * 3
                            let keep = 1 - bl[q + 3] / 255
                            edges.append((oo, UInt8(truncatingIfNeeded: (min(bl[q] + Float(px[oo]) * keep, 255) + magic).bitPattern),
                                          UInt8(truncatingIfNeeded: (min(bl[q + 1] + Float(px[oo + 1]) * keep, 255) + magic).bitPattern),
                                          UInt8(truncatingIfNeeded: (min(bl[q + 2] + Float(px[oo + 2]) * keep, 255) + magic).bitPattern)))
                        }
                        emitOpaque(bl.baseAddress!, px.baseAddress! + o, count: n)
                        for (oo, r, g, b) in edges { px[oo] = r; px[oo + 1] = g; px[oo + 2] = b }
                        continue
                    }
                    for c in 0..<n {
                        let q = c * 4
                        let a = bl[q + 3]
                        let keep = 1 - a / 255
                        let r = bl[q] + Float(px[o]) * keep
                        let g = bl[q + 1] + Float(px[o + 1]) * keep
                        let b = bl[q + 2] + Float(px[o + 2]) * keep
                        px[o] = UInt8(truncatingIfNeeded: (min(r, 255) + magic).bitPattern)
                        px[o + 1] = UInt8(truncatingIfNeeded: (min(g, 255) + magic).bitPattern)
                        px[o + 2] = UInt8(truncatingIfNeeded: (min(b, 255) + magic).bitPattern)
                        o += 3
                    }
                }
            }}}}}}}
        }
    }

    /// out = top * wt + bottom * wb, element-wise (a loop the compiler vectorizes).
    @inline(never)
    static func blend(_ top: UnsafePointer<Float>, _ bottom: UnsafePointer<Float>, _ wt: Float, _ wb: Float,
                      into out: UnsafeMutablePointer<Float>, count: Int) {
        for i in 0..<count { out[i] = top[i] * wt + bottom[i] * wb }
    }

    /// Opaque pixels: out = round(p) per channel (ties to even), RGBA floats to RGB bytes.
    @inline(never)
    static func emitOpaque(_ p: UnsafePointer<Float>, _ out: UnsafeMutablePointer<UInt8>, count: Int) {
        let magic: Float = 12582912
        for c in 0..<count {
            out[c * 3] = UInt8(truncatingIfNeeded: (min(p[c * 4], 255) + magic).bitPattern)
            out[c * 3 + 1] = UInt8(truncatingIfNeeded: (min(p[c * 4 + 1], 255) + magic).bitPattern)
            out[c * 3 + 2] = UInt8(truncatingIfNeeded: (min(p[c * 4 + 2], 255) + magic).bitPattern)
        }
    }
}
