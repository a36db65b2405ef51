import CropBitmap
import CropGeometry

/// Draws the photo into the canvas one output row at a time: for the pixel centre
/// (px, py) the source coordinates are u = (px/scale - x)/k - 0.5,
/// v = (py/scale - y)/k - 0.5 (texel centres at integers); bilinear over the
/// premultiplied image with transparent texels outside it; source-over onto the
/// background.
///
/// Arithmetic (integers only, so every CPU and thread count gives the same bytes):
/// - weights have 8 fractional bits: `w1 = round(wx * 256)`, `w0 = 256 - w1`, the same
///   for rows (`v0`, `v1`); a texel outside the image weighs 0;
/// - each used source row is interpolated horizontally once per frame,
///   `H = T0 * w0 + T1 * w1` (8.8 fixed point per channel, cached while consecutive
///   output rows share the row);
/// - `P = (Ht * v0) >> 8 + (Hb * v1) >> 8` (8.8 fixed point), alpha `PA` likewise;
/// - where the sample is opaque (`PA = 255 * 256`): `out = (P + 128) >> 8`, i.e.
///   rounded half up; elsewhere `out = floor((255 P + bg (255 * 256 - PA) + 255 * 128) / (255 * 256))`.
/// Results are within one level of the exact real-valued blend.
///
/// Opaque images take a vectorized path: the horizontal pass stores 3 channels
/// per column and the vertical pass is one element-wise loop over a row's bytes.
final class PhotoSampler: PhotoRows {
    private let opaque: Bool
    /// Output columns [xFirst, xFirst + n) sample the image.
    let xFirst: Int
    let n: Int
    private let image: OrientedImage
    private let scale: Double
    private let imageRect: Rect
    private let k: Double
    /// Per column: the left texel's index in the expanded row (low 23 bits) and the right
    /// texel's weight w1 (high 9 bits), 4 bytes to keep a row's working set in the L1 cache.
    private let plan: [UInt32]
    /// Columns that sample past the image's left or right edge, with the total weight of
    /// their texels inside the image.
    private let edgeColumns: [(column: Int, weight: UInt32)]
    /// Lanes per cached column: 3 (RGB) for opaque images, 4 (RGBA) otherwise.
    private let lanes: Int
    private let cacheA: UnsafeMutableRawPointer
    private let cacheB: UnsafeMutableRawPointer
    private var rowA = -1, rowB = -1
    /// Texels lo ... hi (lo may be -1 and hi may be the image width: transparent) are the
    /// ones the columns read; a source row is expanded to them, four 16-bit lanes a texel.
    private let lo: Int, hi: Int
    private let expanded: UnsafeMutablePointer<UInt64>
    /// The last source row brought towards the cache, and a sum that keeps those loads.
    private var touched = -1
    private(set) var touchSum: UInt32 = 0

    init?(_ image: OrientedImage, imageRect: Rect, k: Double, scale: Int, width: Int) {
        let s = Double(scale)
        let iw = image.width
        var first = width
        var last = -1
        var us = [Double](repeating: 0, count: width)
        for i in 0..<width {
            let u = ((Double(i) + 0.5) / s - imageRect.x) / k - 0.5
            us[i] = u
            let f = u.rounded(.down)
            if f >= -1 && f < Double(iw) {
                if i < first { first = i }
                last = i
            }
        }
        guard first <= last, image.height > 0 else { return nil }
        let n = last - first + 1
        var plan = [UInt32](repeating: 0, count: n)
        var edges: [(column: Int, weight: UInt32)] = []
        // Columns are in increasing u, so the first and last give the texel range.
        let lo = Int(us[first].rounded(.down))
        let hi = Int(us[last].rounded(.down)) + 1
        // Decoded images are at most 16384 wide; far wider ones (built in code) are not drawn.
        guard hi - lo < 1 << 23 else { return nil }
        for c in 0..<n {
            let u = us[first + c]
            let f = u.rounded(.down)
            let i0 = Int(f)  // -1 ... iw - 1
            let b = UInt64(((u - f) * 256).rounded())
            plan[c] = UInt32(i0 - lo) | UInt32(b) << 23
            if i0 < 0 || i0 + 1 >= iw { edges.append((c, UInt32((i0 >= 0 ? 256 - b : 0) + (i0 + 1 < iw ? b : 0)))) }
        }
        self.opaque = image.isOpaque
        self.xFirst = first
        self.n = n
        self.image = image
        self.scale = s
        self.imageRect = imageRect
        self.k = k
        self.plan = plan
        self.lo = lo
        self.hi = hi
        expanded = .allocate(capacity: hi - lo + 1)
        self.edgeColumns = edges
        self.lanes = image.isOpaque ? 3 : 4
        // 8 spare bytes: the 3-lane rows are written with overlapping 8-byte stores.
        let bytes = n * 8 + 8
        cacheA = .allocate(byteCount: bytes, alignment: 16)
        cacheB = .allocate(byteCount: bytes, alignment: 16)
    }

    deinit {
        cacheA.deallocate()
        cacheB.deallocate()
        expanded.deallocate()
    }

    /// Source rows and vertical weights of output row `y`, or nil when it samples no row.
    func rows(for y: Int) -> (top: Int, bottom: Int, v0: UInt32, v1: UInt32)? {
        let ih = image.height
        let v = ((Double(y) + 0.5) / scale - imageRect.y) / k - 0.5
        let f = v.rounded(.down)
        guard f >= -1 && f < Double(ih) else { return nil }
        let j0 = Int(f)
        let b = UInt32(((v - f) * 256).rounded())
        return (max(0, min(ih - 1, j0)), max(0, min(ih - 1, j0 + 1)), j0 >= 0 ? 256 - b : 0, j0 + 1 < ih ? b : 0)
    }

    /// Writes row `y` of the photo over the background colour `bg` into `out` (the row's
    /// first byte); returns false, writing nothing, when the row samples no image row.
    func draw(row y: Int, into out: UnsafeMutablePointer<UInt8>, background bg: (UInt8, UInt8, UInt8)) -> Range<Int>? {
        guard let (rt, rb, v0, v1) = rows(for: y) else { return nil }
        let top = cachedRow(rt, keep: rb)
        let bottom = cachedRow(rb, keep: rt)
        // Bring a coming source row towards the cache while these are blended.
        if rb + 2 < image.height && rb + 2 != touched {
            touched = rb + 2
            touch(rb + 2)
        }
        let o = out + xFirst * 3
        if opaque && v0 + v1 == 256 {
            PhotoSampler.vertical(
                top.assumingMemoryBound(to: UInt16.self), bottom.assumingMemoryBound(to: UInt16.self),
                v0, v1, into: o, count: n * 3)
            for (c, weight) in edgeColumns { blendPixel(c, weight, top, bottom, v0, v1, o, bg) }
        } else {
            var e = 0
            for c in 0..<n {
                var weight: UInt32 = 256
                if e < edgeColumns.count && edgeColumns[e].column == c {
                    weight = edgeColumns[e].weight
                    e += 1
                }
                blendPixel(c, weight, top, bottom, v0, v1, o, bg)
            }
        }
        return xFirst..<(xFirst + n)
    }

    /// The general form for one column: any alpha, over the background.
    private func blendPixel(
        _ c: Int, _ weight: UInt32, _ top: UnsafeMutableRawPointer, _ bottom: UnsafeMutableRawPointer,
        _ v0: UInt32, _ v1: UInt32, _ o: UnsafeMutablePointer<UInt8>, _ bg: (UInt8, UInt8, UInt8)
    ) {
        let t = top.assumingMemoryBound(to: UInt16.self) + c * lanes
        let b = bottom.assumingMemoryBound(to: UInt16.self) + c * lanes
        func p(_ ht: UInt32, _ hb: UInt32) -> UInt32 { (ht * v0) >> 8 + (hb * v1) >> 8 }
        let full: UInt32 = 255 * 256
        let pa: UInt32
        if opaque {
            let ha = 255 * weight
            pa = p(ha, ha)
        } else {
            pa = p(UInt32(t[3]), UInt32(b[3]))
        }
        let q = o + c * 3
        let keep = full - min(pa, full)
        for ch in 0..<3 {
            let value = p(UInt32(t[ch]), UInt32(b[ch]))
            let d = ch == 0 ? bg.0 : ch == 1 ? bg.1 : bg.2
            q[ch] = UInt8(truncatingIfNeeded: min(255, (value * 255 + UInt32(d) * keep + 255 * 128) / full))
        }
    }

    /// The horizontal interpolation of source row `r`, from the cache when present; the
    /// row `other` (needed by the same output row) is kept.
    private func cachedRow(_ r: Int, keep other: Int) -> UnsafeMutableRawPointer {
        if r == rowA { return cacheA }
        if r == rowB { return cacheB }
        if rowA != other {
            horizontal(r, into: cacheA)
            rowA = r
            return cacheA
        }
        horizontal(r, into: cacheB)
        rowB = r
        return cacheB
    }

    /// Loads one byte per cache line of the texels source row `r` will need, so the
    /// memory system fetches those lines together, ahead of the horizontal pass.
    private func touch(_ r: Int) {
        let first = max(0, lo)
        let last = min(image.width - 1, hi)
        guard first <= last else { return }
        image.source.pixels.withUnsafeBufferPointer { px in
            guard let base = px.baseAddress else { return }
            let row = base + r * image.width * 4
            var sum: UInt32 = 0
            var i = first * 4
            while i <= last * 4 {
                sum &+= UInt32(row[i])
                i &+= 64
            }
            touchSum &+= sum &+ UInt32(row[last * 4])
        }
    }

    /// Source row `r`, texels lo ... hi, into `expanded` with each channel in a 16-bit lane
    /// (texels outside the image are 0).
    private func expand(_ r: Int) {
        let iw = image.width
        let first = max(0, lo)
        let last = min(iw - 1, hi)
        if lo < 0 { expanded[0] = 0 }
        if hi >= iw { expanded[hi - lo] = 0 }
        guard first <= last else { return }
        image.source.pixels.withUnsafeBufferPointer { px in
            guard let base = px.baseAddress else { return }
            let count = last - first + 1
            guard image.isIdentity else {
                // A turned or mirrored image: texels one by one through the orientation map.
                let dst = expanded + (first - lo)
                var at = image.index(first, r)
                for t in 0..<count {
                    let p = base + at &* 4
                    dst[t] = UInt64(p[0]) | UInt64(p[1]) << 16 | UInt64(p[2]) << 32 | UInt64(p[3]) << 48
                    at &+= image.dx
                }
                return
            }
            let src = UnsafeRawPointer(base + (r * iw + first) * 4)
            let dst = UnsafeMutableRawPointer(expanded + (first - lo))
            var t = 0
            // Two texels (8 bytes) widen to 8 lanes of 16 bits at once.
            while t &+ 2 <= count {
                let bytes = src.loadUnaligned(fromByteOffset: t &* 4, as: SIMD8<UInt8>.self)
                dst.storeBytes(of: SIMD8<UInt16>(truncatingIfNeeded: bytes), toByteOffset: t &* 8, as: SIMD8<UInt16>.self)
                t &+= 2
            }
            while t < count {
                let q = src.loadUnaligned(fromByteOffset: t &* 4, as: SIMD4<UInt8>.self)
                dst.storeBytes(of: SIMD4<UInt16>(truncatingIfNeeded: q), toByteOffset: t &* 8, as: SIMD4<UInt16>.self)
                t &+= 1
            }
        }
    }

    /// H = T0 * (256 - w1) + T1 * w1 = (T0 << 8) + (T1 - T0) * w1 with the texels' four
    /// 16-bit lanes in one UInt64: the result's lanes lie in 0 ... 255 * 256, so wrapping
    /// arithmetic on the whole word gives each lane exactly.
    private func horizontal(_ r: Int, into out: UnsafeMutableRawPointer) {
        expand(r)
        let stride = lanes * 2
        let row = expanded
        plan.withUnsafeBufferPointer { plan in
            for c in 0..<n {
                let e = plan[c]
                let p = row + Int(truncatingIfNeeded: e & 0x7F_FFFF)
                let t0 = p[0]
                let h = (t0 &<< 8) &+ (p[1] &- t0) &* UInt64(truncatingIfNeeded: e &>> 23)
                out.storeBytes(of: h, toByteOffset: c &* stride, as: UInt64.self)
            }
        }
    }

    /// out = (((top * v0) >> 8) + ((bottom * v1) >> 8) + 128) >> 8, element-wise, in
    /// 16-bit lanes (the compiler turns the products into multiply-high instructions).
    @inline(never)
    static func vertical(
        _ top: UnsafePointer<UInt16>, _ bottom: UnsafePointer<UInt16>, _ v0: UInt32, _ v1: UInt32,
        into out: UnsafeMutablePointer<UInt8>, count: Int
    ) {
        if v1 == 0 || v0 == 0 {
            // One row weighs 256: out = (H + 128) >> 8.
            let only = v1 == 0 ? top : bottom
            for i in 0..<count { out[i] = UInt8(truncatingIfNeeded: (only[i] &+ 128) &>> 8) }
            return
        }
        lerp(top, bottom, UInt16(truncatingIfNeeded: v0 << 8), UInt16(truncatingIfNeeded: v1 << 8), into: out, count: count)
    }

    /// out = (mulhi(top, a) + mulhi(bottom, b) + 128) >> 8 for weights a, b < 65536.
    @inline(never)
    static func lerp(
        _ top: UnsafePointer<UInt16>, _ bottom: UnsafePointer<UInt16>, _ a: UInt16, _ b: UInt16,
        into out: UnsafeMutablePointer<UInt8>, count: Int
    ) {
        // Eight lanes at a time in explicit vectors (multiply-high), then the tail.
        let va = SIMD8<UInt32>(repeating: UInt32(a))
        let vb = SIMD8<UInt32>(repeating: UInt32(b))
        let half = SIMD8<UInt16>(repeating: 128)
        let tp = UnsafeRawPointer(top)
        let bp = UnsafeRawPointer(bottom)
        let op = UnsafeMutableRawPointer(out)
        var i = 0
        // Sixteen bytes per step: two halves of eight lanes packed into one store.
        while i &+ 16 <= count {
            let t0 = SIMD8<UInt32>(truncatingIfNeeded: tp.loadUnaligned(fromByteOffset: i &* 2, as: SIMD8<UInt16>.self))
            let u0 = SIMD8<UInt32>(truncatingIfNeeded: bp.loadUnaligned(fromByteOffset: i &* 2, as: SIMD8<UInt16>.self))
            let s0 =
                (SIMD8<UInt16>(truncatingIfNeeded: (t0 &* va) &>> 16) &+ SIMD8<UInt16>(truncatingIfNeeded: (u0 &* vb) &>> 16) &+ half) &>> 8
            let t1 = SIMD8<UInt32>(truncatingIfNeeded: tp.loadUnaligned(fromByteOffset: i &* 2 &+ 16, as: SIMD8<UInt16>.self))
            let u1 = SIMD8<UInt32>(truncatingIfNeeded: bp.loadUnaligned(fromByteOffset: i &* 2 &+ 16, as: SIMD8<UInt16>.self))
            let s1 =
                (SIMD8<UInt16>(truncatingIfNeeded: (t1 &* va) &>> 16) &+ SIMD8<UInt16>(truncatingIfNeeded: (u1 &* vb) &>> 16) &+ half) &>> 8
            op.storeBytes(
                of: SIMD16<UInt8>(truncatingIfNeeded: SIMD16<UInt16>(lowHalf: s0, highHalf: s1)), toByteOffset: i, as: SIMD16<UInt8>.self)
            i &+= 16
        }
        while i &+ 8 <= count {
            let t = SIMD8<UInt32>(truncatingIfNeeded: tp.loadUnaligned(fromByteOffset: i &* 2, as: SIMD8<UInt16>.self))
            let u = SIMD8<UInt32>(truncatingIfNeeded: bp.loadUnaligned(fromByteOffset: i &* 2, as: SIMD8<UInt16>.self))
            let sum = SIMD8<UInt16>(truncatingIfNeeded: (t &* va) &>> 16) &+ SIMD8<UInt16>(truncatingIfNeeded: (u &* vb) &>> 16)
            op.storeBytes(of: SIMD8<UInt8>(truncatingIfNeeded: (sum &+ half) &>> 8), toByteOffset: i, as: SIMD8<UInt8>.self)
            i &+= 8
        }
        while i < count {
            let t = UInt16(truncatingIfNeeded: (UInt32(top[i]) &* UInt32(a)) &>> 16)
            let u = UInt16(truncatingIfNeeded: (UInt32(bottom[i]) &* UInt32(b)) &>> 16)
            out[i] = UInt8(truncatingIfNeeded: (t &+ u &+ 128) &>> 8)
            i &+= 1
        }
    }
}
