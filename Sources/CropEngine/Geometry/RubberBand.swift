import CropGeometry

/// The rubber band of SPEC sections 7 and 16.2: an overshoot x past a bound shows as
/// b(x) = (1 - 1/(x*c/d + 1)) * d; zoom first (on log2 zoom, d = 1), then the centre (per
/// axis at angle 0, along the turned image axes otherwise).
package struct RubberBand: Sendable {
    package let c: Double

    package init(c: Double) { self.c = c }

    package func band(_ x: Double, d: Double) -> Double { (1 - 1 / (x * c / d + 1)) * d }

    /// The inverse: x = b*d / (c*(d - b)). A shown overshoot at or past d (which the band
    /// never shows) maps to the largest finite raw overshoot.
    package func unband(_ b: Double, d: Double) -> Double {
        let room = d - b
        if room <= 0 { return 1e12 }
        return b * d / (c * room)
    }

    /// A value banded beyond [lo, hi] with extent d.
    func band(_ v: Double, lo: Double, hi: Double, d: Double) -> Double {
        if v > hi { return hi + band(v - hi, d: d) }
        if v < lo { return lo - band(lo - v, d: d) }
        return v
    }

    func unband(_ v: Double, lo: Double, hi: Double, d: Double) -> Double {
        if v > hi { return hi + unband(v - hi, d: d) }
        if v < lo { return lo - unband(lo - v, d: d) }
        return v
    }

    /// R(raw). `anchor` nil scales about the state's own centre (anchor `center`, or no pinch yet).
    package func apply(_ raw: ViewState, layout: Layout, anchor: Point?, box: Rect) -> ViewState {
        var out = raw
        let lz = DetMath.log2(layout.zoom(raw))
        var shownLZ = lz
        let limits = layout.zoomLimits(angle: raw.a, box: box)
        if let m = limits.max {
            let bound = DetMath.log2(m)
            if lz > bound { shownLZ = bound + band(lz - bound, d: 1) }
        }
        if let m = limits.min {
            let bound = DetMath.log2(m)
            if lz < bound { shownLZ = bound - band(bound - lz, d: 1) }
        }
        if shownLZ != lz { out = raw.scaled(to: DetMath.exp2(shownLZ) * layout.kBase, about: anchor ?? raw.center) }
        return bandCentre(out, layout: layout, box: box, inverse: false)
    }

    /// The raw state whose rubber-banded image is `shown`: the steps of `apply` undone in
    /// reverse (the axes, then the zoom), about the same anchor.
    package func invert(_ shown: ViewState, layout: Layout, anchor: Point?, box: Rect) -> ViewState {
        var out = bandCentre(shown, layout: layout, box: box, inverse: true)
        let shownLZ = DetMath.log2(layout.zoom(out))
        var lz = shownLZ
        let limits = layout.zoomLimits(angle: out.a, box: box)
        if let m = limits.max {
            let bound = DetMath.log2(m)
            if shownLZ > bound { lz = bound + unband(shownLZ - bound, d: 1) }
        }
        if let m = limits.min {
            let bound = DetMath.log2(m)
            if shownLZ < bound { lz = bound - unband(bound - shownLZ, d: 1) }
        }
        if lz != shownLZ { out = out.scaled(to: DetMath.exp2(lz) * layout.kBase, about: anchor ?? out.center) }
        return out
    }

    /// The centre banded (or unbanded) against the interval that keeps the target covered.
    func bandCentre(_ s: ViewState, layout: Layout, box: Rect, inverse: Bool) -> ViewState {
        var out = s
        if s.a == 0 {
            if let (lo, hi) = layout.centerInterval(.x, k: out.k, box: box) {
                let d = layout.viewportWidth
                out.cx = inverse ? unband(out.cx, lo: lo, hi: hi, d: d) : band(out.cx, lo: lo, hi: hi, d: d)
            }
            if let (lo, hi) = layout.centerInterval(.y, k: out.k, box: box) {
                let d = layout.viewportHeight
                out.cy = inverse ? unband(out.cy, lo: lo, hi: hi, d: d) : band(out.cy, lo: lo, hi: hi, d: d)
            }
            return out
        }
        guard let t = layout.target(box) else { return out }
        let g = AngledTarget(t, angle: s.a)
        let (du, dv) = g.offset(s)
        let (hu, hv) = g.halfRoom(s, imageWidth: layout.imageWidth, imageHeight: layout.imageHeight)
        let (eu, ev) = g.bandExtents(viewportWidth: layout.viewportWidth, viewportHeight: layout.viewportHeight)
        let (ulo, uhi) = hu < 0 ? (0.0, 0.0) : (-hu, hu)
        let (vlo, vhi) = hv < 0 ? (0.0, 0.0) : (-hv, hv)
        let u = inverse ? unband(du, lo: ulo, hi: uhi, d: eu) : band(du, lo: ulo, hi: uhi, d: eu)
        let v = inverse ? unband(dv, lo: vlo, hi: vhi, d: ev) : band(dv, lo: vlo, hi: vhi, d: ev)
        if u == du && v == dv { return out }
        out.center = g.center(du: u, dv: v)
        return out
    }
}
