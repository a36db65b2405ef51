import CropGeometry

/// The quantities the rubber band acts on: log2 zoom and the centre's two axes (x and y at
/// angle 0, the turned image axes u and v otherwise).
package struct BandAxes: OptionSet, Equatable, Sendable {
    package let rawValue: Int
    package init(rawValue: Int) { self.rawValue = rawValue }
    package static let zoom = BandAxes(rawValue: 1)
    package static let u = BandAxes(rawValue: 2)
    package static let v = BandAxes(rawValue: 4)
}

/// The rubber band (docs/behaviour.md, "Rubber band"): an overshoot x past a bound shows as
/// b(x) = (1 - 1/(x*c/d + 1)) * d; zoom first (on log2 zoom, d = 1), then the centre (per
/// axis at angle 0, along the turned image axes otherwise).
///
/// Beyond the band's reach: b never reaches d, so a shown overshoot of d or more has no raw
/// state. Such a quantity is left unbanded (`free`) until the last finger lifts: the gesture
/// moves it 1:1 while the others stay banded.
package struct RubberBand: Sendable {
    package let c: Double

    package init(c: Double) { self.c = c }

    package func band(_ x: Double, d: Double) -> Double { (1 - 1 / (x * c / d + 1)) * d }

    /// The inverse: x = b*d / (c*(d - b)); nil for a shown overshoot that no raw overshoot
    /// shows (at or past d, or so near d that the raw overshoot leaves the finite range).
    package func unband(_ b: Double, d: Double) -> Double? {
        let room = d - b
        if room <= 0 { return nil }
        let x = b * d / (c * room)
        return x <= Self.reach * d ? x : nil
    }

    /// The largest raw overshoot, in units of d, that the inverse gives (about 1 - 1e-9 of d shown).
    static let reach = 1e9

    /// A value banded beyond [lo, hi] with extent d.
    func band(_ v: Double, lo: Double, hi: Double, d: Double) -> Double {
        if v > hi { return hi + band(v - hi, d: d) }
        if v < lo { return lo - band(lo - v, d: d) }
        return v
    }

    /// The raw value of a banded one, or nil beyond the band's reach.
    func unband(_ v: Double, lo: Double, hi: Double, d: Double) -> Double? {
        if v > hi { return unband(v - hi, d: d).map { hi + $0 } }
        if v < lo { return unband(lo - v, d: d).map { lo - $0 } }
        return v
    }

    /// R(raw). `anchor` nil scales about the state's own centre (anchor `center`, or no pinch yet).
    /// Quantities in `free` are shown as they are.
    package func apply(_ raw: ViewState, layout: Layout, anchor: Point?, box: Rect, free: BandAxes = []) -> ViewState {
        var out = raw
        let lz = DetMath.log2(layout.zoom(raw))
        var shownLZ = lz
        let limits = layout.zoomLimits(angle: raw.a, box: box)
        if free.contains(.zoom) {
            // followed 1:1
        } else if let m = limits.max {
            let bound = DetMath.log2(m)
            if lz > bound { shownLZ = bound + band(lz - bound, d: 1) }
        }
        if !free.contains(.zoom), let m = limits.min {
            let bound = DetMath.log2(m)
            if lz < bound { shownLZ = bound - band(bound - lz, d: 1) }
        }
        if shownLZ != lz { out = raw.scaled(to: DetMath.exp2(shownLZ) * layout.kBase, about: anchor ?? raw.center) }
        return bandCentre(out, layout: layout, box: box, free: free).state
    }

    /// The raw state whose rubber-banded image is `shown`: the steps of `apply` undone in
    /// reverse (the axes, then the zoom), about the same anchor. A quantity already in `free`,
    /// or beyond the band's reach, is taken as shown and returned in `free`.
    package func invert(_ shown: ViewState, layout: Layout, anchor: Point?, box: Rect, free: BandAxes = [])
        -> (state: ViewState, free: BandAxes)
    {
        var (out, freed) = bandCentre(shown, layout: layout, box: box, free: free, inverse: true)
        let shownLZ = DetMath.log2(layout.zoom(out))
        var lz = shownLZ
        let limits = layout.zoomLimits(angle: out.a, box: box)
        if !freed.contains(.zoom) {
            var reached = true
            if let m = limits.max {
                let bound = DetMath.log2(m)
                if shownLZ > bound {
                    if let x = unband(shownLZ - bound, d: 1) { lz = bound + x } else { reached = false }
                }
            }
            if let m = limits.min {
                let bound = DetMath.log2(m)
                if shownLZ < bound {
                    if let x = unband(bound - shownLZ, d: 1) { lz = bound - x } else { reached = false }
                }
            }
            if !reached {
                lz = shownLZ
                freed.insert(.zoom)
            }
        }
        if lz != shownLZ { out = out.scaled(to: DetMath.exp2(lz) * layout.kBase, about: anchor ?? out.center) }
        return (out, freed)
    }

    /// The centre banded (or unbanded) against the interval that keeps the target covered; axes in
    /// `free` are left as they are, and the inverse adds the axes beyond the band's reach.
    func bandCentre(_ s: ViewState, layout: Layout, box: Rect, free: BandAxes, inverse: Bool = false)
        -> (state: ViewState, free: BandAxes)
    {
        var out = s
        var freed = free
        /// One axis: banded, or unbanded (nil beyond reach: the axis becomes free).
        func axis(_ value: Double, lo: Double, hi: Double, d: Double, _ name: BandAxes) -> Double {
            if freed.contains(name) { return value }
            if !inverse { return band(value, lo: lo, hi: hi, d: d) }
            if let x = unband(value, lo: lo, hi: hi, d: d) { return x }
            freed.insert(name)
            return value
        }
        if s.a == 0 {
            if let (lo, hi) = layout.centerInterval(.x, k: out.k, box: box) {
                out.cx = axis(out.cx, lo: lo, hi: hi, d: layout.viewportWidth, .u)
            }
            if let (lo, hi) = layout.centerInterval(.y, k: out.k, box: box) {
                out.cy = axis(out.cy, lo: lo, hi: hi, d: layout.viewportHeight, .v)
            }
            return (out, freed)
        }
        guard let t = layout.target(box) else { return (out, freed) }
        let g = AngledTarget(t, angle: s.a)
        let (du, dv) = g.offset(s)
        let (hu, hv) = g.halfRoom(s, imageWidth: layout.imageWidth, imageHeight: layout.imageHeight)
        let (eu, ev) = g.bandExtents(viewportWidth: layout.viewportWidth, viewportHeight: layout.viewportHeight)
        let (ulo, uhi) = hu < 0 ? (0.0, 0.0) : (-hu, hu)
        let (vlo, vhi) = hv < 0 ? (0.0, 0.0) : (-hv, hv)
        let u = axis(du, lo: ulo, hi: uhi, d: eu, .u)
        let v = axis(dv, lo: vlo, hi: vhi, d: ev, .v)
        if u == du && v == dv { return (out, freed) }
        out.center = g.center(du: u, dv: v)
        return (out, freed)
    }
}
