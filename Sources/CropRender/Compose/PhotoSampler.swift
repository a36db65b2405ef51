import CCropKernels
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
/// per column and the vertical pass is one element-wise loop over a row's bytes. The
/// per-pixel loops are C kernels (`crk_*`), fast in debug builds too.
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
    private let edgeColumns: [Int]
    private let edgeWeights: [UInt32]
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
        self.edgeColumns = edges.map(\.column)
        self.edgeWeights = edges.map(\.weight)
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
        let t = top.assumingMemoryBound(to: UInt16.self)
        let b = bottom.assumingMemoryBound(to: UInt16.self)
        let onlyEdges = opaque && v0 + v1 == 256
        if onlyEdges { crk_vertical(t, b, v0, v1, o, n * 3) }
        withUnsafeBytes(of: bg) { background in
            edgeColumns.withUnsafeBufferPointer { columns in
                edgeWeights.withUnsafeBufferPointer { weights in
                    crk_blend_columns(
                        t, b, lanes, v0, v1, o, n, columns.baseAddress, weights.baseAddress, columns.count,
                        opaque ? 1 : 0,
                        onlyEdges ? 1 : 0, background.bindMemory(to: UInt8.self).baseAddress)
                }
            }
        }
        return xFirst..<(xFirst + n)
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
            touchSum &+= crk_touch(base + r * image.width * 4, first * 4, last * 4)
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
            let dst = expanded + (first - lo)
            if image.isIdentity {
                crk_expand(base + (r * iw + first) * 4, dst, count)
            } else {
                // A turned or mirrored image: texels one by one through the orientation map.
                crk_expand_oriented(base, image.index(first, r), image.dx, dst, count)
            }
        }
    }

    /// H = T0 * (256 - w1) + T1 * w1 = (T0 << 8) + (T1 - T0) * w1 with the texels' four
    /// 16-bit lanes in one UInt64: the result's lanes lie in 0 ... 255 * 256, so wrapping
    /// arithmetic on the whole word gives each lane exactly.
    private func horizontal(_ r: Int, into out: UnsafeMutableRawPointer) {
        expand(r)
        plan.withUnsafeBufferPointer { plan in
            crk_horizontal(expanded, plan.baseAddress, n, out.assumingMemoryBound(to: UInt8.self), lanes * 2)
        }
    }
}
