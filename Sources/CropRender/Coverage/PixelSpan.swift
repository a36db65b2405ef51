/// Pixel rows and columns for real pixel-space coordinates, clipped to a canvas: the one
/// place the layers turn doubles into integer ranges. An edge past the canvas on any side,
/// a box of no size or an inverted one gives an empty or shortened range, never a range
/// whose lower bound exceeds its upper bound (which traps).
package enum PixelSpan {
    /// `v` as a pixel index clamped to 0 ... limit (NaN gives 0). `v` should be whole
    /// (rounded by the caller); a fraction is truncated.
    @inline(__always)
    package static func index(_ v: Double, limit: Int) -> Int {
        guard v > 0 else { return 0 }  // also NaN
        return v < Double(limit) ? Int(v) : limit
    }

    /// lo ..< hi clipped to 0 ..< limit; empty (at the clipped lower bound) when they miss it
    /// or hi <= lo.
    @inline(__always)
    package static func clip(_ lo: Int, _ hi: Int, limit: Int) -> Range<Int> {
        let a = min(max(0, lo), max(0, limit))
        let b = min(max(a, hi), max(0, limit))
        return a..<b
    }

    /// The pixels [floor(lo), ceil(hi)) that the interval [lo, hi] touches, within 0 ..< limit.
    @inline(__always)
    package static func covering(_ lo: Double, _ hi: Double, limit: Int) -> Range<Int> {
        let a = index(lo.rounded(.down), limit: limit)
        return a..<max(a, index(hi.rounded(.up), limit: limit))
    }
}
