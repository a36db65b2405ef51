import CropGeometry

/// The rubber band of SPEC section 7: an overshoot x past a bound shows as
/// b(x) = (1 - 1/(x*c/d + 1)) * d.
package struct RubberBand: Sendable {
    package let c: Double

    package init(c: Double) { self.c = c }

    package func band(_ x: Double, d: Double) -> Double { (1 - 1 / (x * c / d + 1)) * d }

    /// The inverse: x = b*d / (c*(d - b)).
    package func unband(_ b: Double, d: Double) -> Double {
        let room = d - b
        if room <= 0 { return Double.greatestFiniteMagnitude }
        return b * d / (c * room)
    }

    /// R(raw): zoom first on log2(zoom) with d = 1, scaling the centre about the anchor,
    /// then each axis of the centre against its interval with d = the viewport size.
    package func apply(_ raw: ViewState, layout: Layout, anchor: Point) -> ViewState {
        var out = raw
        let lz = DetMath.log2(layout.zoom(raw))
        var shownLZ = lz
        if let m = layout.maxZoom {
            let bound = DetMath.log2(m)
            if lz > bound { shownLZ = bound + band(lz - bound, d: 1) }
        }
        if let m = layout.minZoom {
            let bound = DetMath.log2(m)
            if lz < bound { shownLZ = bound - band(bound - lz, d: 1) }
        }
        if shownLZ != lz { out = raw.scaled(to: DetMath.exp2(shownLZ) * layout.kBase, about: anchor) }
        if let (lo, hi) = layout.centerInterval(.x, k: out.k) {
            let d = layout.viewportWidth
            if out.cx > hi { out.cx = hi + band(out.cx - hi, d: d) } else if out.cx < lo { out.cx = lo - band(lo - out.cx, d: d) }
        }
        if let (lo, hi) = layout.centerInterval(.y, k: out.k) {
            let d = layout.viewportHeight
            if out.cy > hi { out.cy = hi + band(out.cy - hi, d: d) } else if out.cy < lo { out.cy = lo - band(lo - out.cy, d: d) }
        }
        return out
    }

    /// The raw state whose rubber-banded image is `shown`: the steps of `apply` undone in reverse.
    package func invert(_ shown: ViewState, layout: Layout, anchor: Point) -> ViewState {
        var out = shown
        if let (lo, hi) = layout.centerInterval(.x, k: out.k) {
            let d = layout.viewportWidth
            if out.cx > hi { out.cx = hi + unband(out.cx - hi, d: d) } else if out.cx < lo { out.cx = lo - unband(lo - out.cx, d: d) }
        }
        if let (lo, hi) = layout.centerInterval(.y, k: out.k) {
            let d = layout.viewportHeight
            if out.cy > hi { out.cy = hi + unband(out.cy - hi, d: d) } else if out.cy < lo { out.cy = lo - unband(lo - out.cy, d: d) }
        }
        let shownLZ = DetMath.log2(layout.zoom(out))
        var lz = shownLZ
        if let m = layout.maxZoom {
            let bound = DetMath.log2(m)
            if shownLZ > bound { lz = bound + unband(shownLZ - bound, d: 1) }
        }
        if let m = layout.minZoom {
            let bound = DetMath.log2(m)
            if shownLZ < bound { lz = bound - unband(bound - shownLZ, d: 1) }
        }
        if lz != shownLZ { out = out.scaled(to: DetMath.exp2(lz) * layout.kBase, about: anchor) }
        return out
    }
}
