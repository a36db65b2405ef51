import CropGeometry

/// A dashed stroke as pieces of its centreline's bands (docs/behaviour.md, "Rendering"):
/// each straight side's band is the product of the side's on stretches along it and the
/// band's full width across it; each arc's band is an annular sector cut radially at the
/// dash ends; a sharp corner's outer square (the mitre) is filled only when a dash runs
/// through the corner. A pixel's coverage is the exact area of the union of the pieces in it.
package struct DashedStroke: Sendable {
    /// A straight side of the centreline: along x (horizontal) or y from `lo` to `hi`, the band
    /// `c0 ... c1` across it; arc length `s0` at `lo` (forward) or at `hi` (backward).
    struct Side: Sendable {
        let horizontal: Bool
        let lo: Double
        let hi: Double
        let c0: Double
        let c1: Double
        let s0: Double
        let forward: Bool

        /// The arc-length interval of the along-interval [t0, t1] (inside lo ... hi).
        @inline(__always)
        func arc(_ t0: Double, _ t1: Double) -> (Double, Double) {
            forward ? (s0 + (t0 - lo), s0 + (t1 - lo)) : (s0 + (hi - t1), s0 + (hi - t0))
        }

        /// The coordinate along the side at arc length s.
        @inline(__always)
        func along(_ s: Double) -> Double { forward ? lo + (s - s0) : hi - (s - s0) }
    }

    /// An arc of the centreline (radius `radius`, centre c) from angle `a0` (arc length s0)
    /// over `sweep` radians clockwise on screen, with its band's radii.
    struct Arc: Sendable {
        let cx: Double
        let cy: Double
        let radius: Double
        let rIn: Double
        let rOut: Double
        let a0: Double
        let sweep: Double
        let s0: Double
    }

    let dash: DashPattern
    let length: Double
    let sides: [Side]
    let arcs: [Arc]
    /// The outer squares of the sharp corners whose mitre is filled.
    let mitres: [Rect]
    /// The stroke's outer outline: mitres are clipped to it.
    let outer: Shape

    /// Stretches of a dash enumerated in one pixel before the coverage falls back to the on
    /// fraction (a pattern finer than 1/256 of a pixel).
    static let stretchLimit = 256

    /// The pieces of a stroke of width `w` whose centreline is `center`; nil when the
    /// centreline has no length.
    package init?(center: Shape, outer: Shape, width w: Double, dash: DashPattern) {
        let hw = w / 2
        self.dash = dash
        self.outer = outer
        switch center {
        case .circle(let c, let radius):
            guard radius > 0 else { return nil }
            length = 2 * DetMath.pi * radius
            sides = []
            mitres = []
            arcs = [
                Arc(
                    cx: c.x, cy: c.y, radius: radius, rIn: max(0, radius - hw), rOut: radius + hw, a0: 0,
                    sweep: 2 * DetMath.pi, s0: 0)
            ]
        case .rect(let r):
            guard let built = DashedStroke.rounded(r, radius: 0, hw: hw, dash: dash) else { return nil }
            (length, sides, arcs, mitres) = built
        case .roundedRect(let r, let radius):
            guard let built = DashedStroke.rounded(r, radius: radius, hw: hw, dash: dash) else { return nil }
            (length, sides, arcs, mitres) = built
        }
    }

    /// The pieces of a (rounded) rect centreline: top, right, bottom, left sides, the corner
    /// arcs after each (radius > 0) or the corner vertices' mitres (radius 0).
    static func rounded(_ r: Rect, radius rc: Double, hw: Double, dash: DashPattern)
        -> (Double, [Side], [Arc], [Rect])?
    {
        let w = r.width - 2 * rc
        let h = r.height - 2 * rc
        guard w >= 0, h >= 0, r.width + r.height > 0 else { return nil }
        let quarter = DetMath.pi / 2 * rc
        let length = 2 * w + 2 * h + 4 * quarter
        let x0 = r.minX
        let x1 = r.maxX
        let y0 = r.minY
        let y1 = r.maxY
        // Arc length at the start of each side; the corner after it follows.
        let sTop = 0.0
        let sRight = w + quarter
        let sBottom = sRight + h + quarter
        let sLeft = sBottom + w + quarter
        let sides = [
            Side(horizontal: true, lo: x0 + rc, hi: x1 - rc, c0: y0 - hw, c1: y0 + hw, s0: sTop, forward: true),
            Side(horizontal: false, lo: y0 + rc, hi: y1 - rc, c0: x1 - hw, c1: x1 + hw, s0: sRight, forward: true),
            Side(horizontal: true, lo: x0 + rc, hi: x1 - rc, c0: y1 - hw, c1: y1 + hw, s0: sBottom, forward: false),
            Side(horizontal: false, lo: y0 + rc, hi: y1 - rc, c0: x0 - hw, c1: x0 + hw, s0: sLeft, forward: false),
        ]
        guard rc > 0 else {
            // Sharp corners: top-right, bottom-right, bottom-left at the ends of the first three
            // sides; the start vertex needs the dash on at both ends of the path.
            let eps = 1e-9
            func through(_ s: Double) -> Bool { dash.isOn(s - eps) && dash.isOn(s + eps) }
            var mitres: [Rect] = []
            if through(w) { mitres.append(Rect(x: x1, y: y0 - hw, width: hw, height: hw)) }
            if through(w + h) { mitres.append(Rect(x: x1, y: y1, width: hw, height: hw)) }
            if through(2 * w + h) { mitres.append(Rect(x: x0 - hw, y: y1, width: hw, height: hw)) }
            if dash.isOn(0) && dash.isOn(length - eps) {
                mitres.append(Rect(x: x0 - hw, y: y0 - hw, width: hw, height: hw))
            }
            return (length, sides, [], mitres)
        }
        let band = (max(0, rc - hw), rc + hw)
        let half = DetMath.pi / 2
        let arcs = [
            Arc(cx: x1 - rc, cy: y0 + rc, radius: rc, rIn: band.0, rOut: band.1, a0: -half, sweep: half, s0: w),
            Arc(cx: x1 - rc, cy: y1 - rc, radius: rc, rIn: band.0, rOut: band.1, a0: 0, sweep: half, s0: sRight + h),
            Arc(
                cx: x0 + rc, cy: y1 - rc, radius: rc, rIn: band.0, rOut: band.1, a0: half, sweep: half,
                s0: sBottom + w),
            Arc(
                cx: x0 + rc, cy: y0 + rc, radius: rc, rIn: band.0, rOut: band.1, a0: 2 * half, sweep: half,
                s0: sLeft + h),
        ]
        return (length, sides, arcs, [])
    }

    /// The stroke's coverage of the pixel box [x0, x1] x [y0, y1]; `solid` is the undashed
    /// stroke's (the band's exact area there), used where the pattern is too fine to enumerate.
    package func coverage(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, solid: Double) -> Double {
        var area = 0.0
        // Sides touching the pixel; their union (they overlap only inside corners).
        var first = -1
        var count = 0
        for i in 0..<sides.count where touches(sides[i], x0, y0, x1, y1) {
            if count == 0 { first = i }
            count += 1
        }
        if count == 1 {
            let side = sides[first]
            let (a0, a1, b0, b1) = side.horizontal ? (x0, x1, y0, y1) : (y0, y1, x0, x1)
            let (s0, s1) = side.arc(max(a0, side.lo), min(a1, side.hi))
            area += dash.onLength(s0, s1) * AreaMath.overlap(side.c0, side.c1, b0, b1)
        } else if count > 1 {
            let indices = (0..<sides.count).filter { touches(sides[$0], x0, y0, x1, y1) }
            area += union(indices, x0, y0, x1, y1, solid: solid)
        }
        for m in mitres where m.minX < x1 && m.maxX > x0 && m.minY < y1 && m.maxY > y0 {
            area += outer.area(max(x0, m.minX), max(y0, m.minY), min(x1, m.maxX), min(y1, m.maxY))
        }
        for i in 0..<arcs.count { area += arcArea(arcs[i], x0, y0, x1, y1) }
        return min(1, area)
    }

    /// Whether a side's band meets the pixel.
    @inline(__always)
    func touches(_ side: Side, _ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> Bool {
        let (a0, a1, b0, b1) = side.horizontal ? (x0, x1, y0, y1) : (y0, y1, x0, x1)
        return side.lo < a1 && side.hi > a0 && side.c0 < b1 && side.c1 > b0 && side.hi > side.lo
    }

    /// The area of the union of several sides' dashed bands in the pixel: each side's on
    /// stretches as rects, then the union's exact area.
    func union(_ indices: [Int], _ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, solid: Double) -> Double {
        var rects: [Rect] = []
        for i in indices {
            let side = sides[i]
            let (a0, a1, b0, b1) = side.horizontal ? (x0, x1, y0, y1) : (y0, y1, x0, x1)
            let (s0, s1) = side.arc(max(a0, side.lo), min(a1, side.hi))
            guard let stretches = dash.onIntervals(s0, s1, limit: DashedStroke.stretchLimit) else {
                // Finer than the limit: the sides' own areas, their overlap counted once per side.
                var sum = 0.0
                for j in indices {
                    let other = sides[j]
                    let (p0, p1, q0, q1) = other.horizontal ? (x0, x1, y0, y1) : (y0, y1, x0, x1)
                    let (u0, u1) = other.arc(max(p0, other.lo), min(p1, other.hi))
                    sum += dash.onLength(u0, u1) * AreaMath.overlap(other.c0, other.c1, q0, q1)
                }
                return min(solid, sum)
            }
            let c0 = max(side.c0, b0)
            let c1 = min(side.c1, b1)
            for (sa, sb) in stretches {
                let p = side.along(sa)
                let q = side.along(sb)
                let t0 = min(p, q)
                let t1 = max(p, q)
                rects.append(
                    side.horizontal
                        ? Rect(x: t0, y: c0, width: t1 - t0, height: c1 - c0)
                        : Rect(x: c0, y: t0, width: c1 - c0, height: t1 - t0))
            }
        }
        return AreaMath.unionArea(rects, x0, y0, x1, y1)
    }

    /// The dashed annular sector of an arc inside the pixel.
    func arcArea(_ arc: Arc, _ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> Double {
        // Quick rejection against the band's outer square.
        if arc.cx + arc.rOut <= x0 || arc.cx - arc.rOut >= x1 || arc.cy + arc.rOut <= y0 || arc.cy - arc.rOut >= y1 {
            return 0
        }
        let end = arc.a0 + arc.sweep
        if x0 <= arc.cx && arc.cx <= x1 && y0 <= arc.cy && arc.cy <= y1 {
            // A pixel that holds the centre sees every angle.
            return sectorArea(arc, from: arc.a0, to: end, x0, y0, x1, y1)
        }
        // The pixel's angular extent seen from the centre: the corners' angles from the
        // direction of the pixel's middle.
        let mx = (x0 + x1) / 2 - arc.cx
        let my = (y0 + y1) / 2 - arc.cy
        let ux0 = x0 - arc.cx
        let ux1 = x1 - arc.cx
        let uy0 = y0 - arc.cy
        let uy1 = y1 - arc.cy
        let d1 = DetMath.atan2(mx * uy0 - my * ux0, mx * ux0 + my * uy0)
        let d2 = DetMath.atan2(mx * uy0 - my * ux1, mx * ux1 + my * uy0)
        let d3 = DetMath.atan2(mx * uy1 - my * ux1, mx * ux1 + my * uy1)
        let d4 = DetMath.atan2(mx * uy1 - my * ux0, mx * ux0 + my * uy1)
        let mid = DetMath.atan2(my, mx)
        let lo = mid + min(d1, d2, d3, d4)
        let hi = mid + max(d1, d2, d3, d4)
        // That interval, tried a turn either way, inside the arc.
        var area = 0.0
        for k in -1...1 {
            let shift = Double(k) * 2 * DetMath.pi
            let a = max(arc.a0, lo + shift)
            let b = min(end, hi + shift)
            if b > a { area += sectorArea(arc, from: a, to: b, x0, y0, x1, y1) }
        }
        return area
    }

    /// The dashed part of the arc's band between the angles a < b inside the pixel.
    func sectorArea(_ arc: Arc, from a: Double, to b: Double, _ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double)
        -> Double
    {
        let s0 = arc.s0 + (a - arc.a0) * arc.radius
        let s1 = arc.s0 + (b - arc.a0) * arc.radius
        let on = dash.onLength(s0, s1)
        if on <= 0 { return 0 }
        if on >= s1 - s0 {
            return SectorArea.annulus(
                cx: arc.cx, cy: arc.cy, rIn: arc.rIn, rOut: arc.rOut, from: a, to: b, x0, y0, x1, y1)
        }
        guard let stretches = dash.onIntervals(s0, s1, limit: DashedStroke.stretchLimit) else {
            // Finer than the limit: the on fraction of the sector (within 1/255 at that scale).
            let whole = SectorArea.annulus(
                cx: arc.cx, cy: arc.cy, rIn: arc.rIn, rOut: arc.rOut, from: a, to: b, x0, y0, x1, y1)
            return whole * on / (s1 - s0)
        }
        var area = 0.0
        for (sa, sb) in stretches {
            let from = arc.a0 + (sa - arc.s0) / arc.radius
            let to = arc.a0 + (sb - arc.s0) / arc.radius
            area += SectorArea.annulus(
                cx: arc.cx, cy: arc.cy, rIn: arc.rIn, rOut: arc.rOut, from: from, to: to, x0, y0, x1, y1)
        }
        return area
    }
}
