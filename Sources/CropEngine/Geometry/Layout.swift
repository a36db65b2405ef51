import CropGeometry
import CropScenario

/// The geometry of one editor at one viewport and oriented image size: the initial frame
/// (the initial box), fits, zoom limits and the coverage rules (docs/behaviour.md, "Coverage and validity"), for any
/// box and angle.
package struct Layout: Equatable, Sendable {
    package let viewportWidth: Double
    package let viewportHeight: Double
    /// The oriented image's size in pixels.
    package let imageWidth: Double
    package let imageHeight: Double
    /// The editor's frame (`size`, or `aspect` and `margin`) for this viewport and image: the initial box and the
    /// restore box.
    package let frameRect: Rect
    /// Where a resizable box may go: the viewport inset by `frame.margin`.
    package let bounds: Rect
    /// The aspect-fit k, min(W/Iw, H/Ih), that defines the content box.
    package let kFit: Double
    /// The k of the editor's `fit`, used for the initial state, restore and refits.
    package let kInitial: Double
    /// The k at zoom 1.
    package let kBase: Double
    package private(set) var constraint: Constraint
    package let minSpec: ZoomMin?
    package let maxZoom: Double?
    /// Size of the covering rect per unit of k: the image size, or the content box's.
    package private(set) var coverPerK: Size

    /// The same geometry under another constraint.
    package func withConstraint(_ c: Constraint) -> Layout {
        var l = self
        l.constraint = c
        l.coverPerK = c == .viewport ? Size(viewportWidth / kFit, viewportHeight / kFit) : Size(imageWidth, imageHeight)
        return l
    }

    package init(
        editor: EditorConfig, viewportWidth W: Double, viewportHeight H: Double, imageWidth: Int, imageHeight: Int
    ) {
        let iw = Double(imageWidth)
        let ih = Double(imageHeight)
        viewportWidth = W
        viewportHeight = H
        self.imageWidth = iw
        self.imageHeight = ih
        let frame = editor.frame.rect(viewportWidth: W, viewportHeight: H, imageWidth: iw, imageHeight: ih)
        frameRect = frame
        let m = editor.frame.margin
        bounds = Rect(x: m, y: m, width: max(0, W - 2 * m), height: max(0, H - 2 * m))
        kFit = min(W / iw, H / ih)
        switch editor.fit {
        case .aspectFill: kInitial = max(W / iw, H / ih)
        case .aspectFit: kInitial = min(W / iw, H / ih)
        case .frameFill: kInitial = max(frame.width / iw, frame.height / ih)
        case .shortSide: kInitial = min(W, H) / min(iw, ih)
        }
        kBase = editor.zoom.base == .fit ? kInitial : 1
        constraint = editor.constraint
        coverPerK = editor.constraint == .viewport ? Size(W / kFit, H / kFit) : Size(iw, ih)
        minSpec = editor.zoom.min
        maxZoom = editor.zoom.max
    }

    package var viewportCenter: Point { Point(viewportWidth / 2, viewportHeight / 2) }
    package var viewportRect: Rect { Rect(x: 0, y: 0, width: viewportWidth, height: viewportHeight) }

    /// The initial fit: k of `fit`, centred in the viewport, angle 0.
    package var initialState: ViewState { ViewState(k: kInitial, cx: viewportWidth / 2, cy: viewportHeight / 2) }

    package func zoom(_ s: ViewState) -> Double { s.k / kBase }

    /// The oriented image's rect before the angle turns it about its centre.
    package func imageRect(_ s: ViewState) -> Rect {
        Rect(center: s.center, width: imageWidth * s.k, height: imageHeight * s.k)
    }

    /// The rect that must be covered (T): the box's bounding rect, the viewport (scroll-view
    /// semantics), or nil for constraint `none`.
    package func target(_ box: Rect) -> Rect? {
        switch constraint {
        case .frame: return box
        case .viewport: return viewportRect
        case .none: return nil
        }
    }

    /// The rect that must cover the target at angle 0: the image rect or the content box.
    package func coveringRect(_ s: ViewState) -> Rect {
        Rect(center: s.center, width: coverPerK.width * s.k, height: coverPerK.height * s.k)
    }

    /// The content box of a scroll view (viewport-sized at zoom 1, scaled about the image centre).
    package func contentBox(_ s: ViewState) -> Rect {
        Rect(center: s.center, width: viewportWidth * s.k / kFit, height: viewportHeight * s.k / kFit)
    }

    /// Effective zoom limits for an angle and box: `cover` resolved (it depends on both), and
    /// max wins when min > max.
    package func zoomLimits(angle: Double, box: Rect) -> (min: Double?, max: Double?) {
        var lower: Double?
        switch minSpec {
        case .value(let v)?: lower = v
        case .cover?: lower = coverK(angle: angle, box: box) / kBase
        case nil: lower = nil
        }
        if let l = lower, let u = maxZoom, l > u { lower = u }
        return (lower, maxZoom)
    }

    /// The smallest k at which the covering rect can cover the target (with `none`: the box).
    package func coverK(angle: Double, box: Rect) -> Double {
        let t = target(box) ?? box
        if angle == 0 { return max(t.width / coverPerK.width, t.height / coverPerK.height) }
        let g = AngledTarget(t, angle: angle)
        return max(2 * g.hu / imageWidth, 2 * g.hv / imageHeight)
    }

    /// docs/behaviour.md, "Coverage and validity": zoom within limits and the target covered, each within 1e-9.
    package func isValid(_ s: ViewState, box: Rect) -> Bool {
        let z = zoom(s)
        let limits = zoomLimits(angle: s.a, box: box)
        if let m = limits.min, z < m - 1e-9 { return false }
        if let m = limits.max, z > m + 1e-9 { return false }
        return isCovered(s, box: box)
    }

    /// The target covered (no zoom limits).
    package func isCovered(_ s: ViewState, box: Rect) -> Bool {
        guard let t = target(box) else { return true }
        if s.a == 0 { return coveringRect(s).contains(t, tolerance: 1e-9) }
        let g = AngledTarget(t, angle: s.a)
        let (du, dv) = g.offset(s)
        let (hu, hv) = g.halfRoom(s, imageWidth: imageWidth, imageHeight: imageHeight)
        return abs(du) <= hu + 1e-9 && abs(dv) <= hv + 1e-9
    }

    /// How far (points) the covering rect falls short of the target: the largest uncovered
    /// extent, 0 when covered (at an angle, along the turned image axes).
    package func overshoot(_ s: ViewState, box: Rect) -> Double {
        guard let t = target(box) else { return 0 }
        if s.a == 0 {
            let c = coveringRect(s)
            return max(0, c.minX - t.minX, t.maxX - c.maxX, c.minY - t.minY, t.maxY - c.maxY)
        }
        let g = AngledTarget(t, angle: s.a)
        let (du, dv) = g.offset(s)
        let (hu, hv) = g.halfRoom(s, imageWidth: imageWidth, imageHeight: imageHeight)
        return max(0, abs(du) - hu, abs(dv) - hv)
    }

    /// The interval of centre positions on an axis that keeps the target covered at scale k and
    /// angle 0; when the covering rect is smaller than the target, both ends are the target's centre.
    package func centerInterval(_ axis: Axis, k: Double, box: Rect) -> (lo: Double, hi: Double)? {
        guard let t = target(box) else { return nil }
        let half = (axis == .x ? coverPerK.width : coverPerK.height) * k / 2
        let lo = (axis == .x ? t.maxX : t.maxY) - half
        let hi = (axis == .x ? t.minX : t.minY) + half
        if lo > hi {
            let mid = axis == .x ? t.midX : t.midY
            return (mid, mid)
        }
        return (lo, hi)
    }

    /// The anchor of zoom changes: the latest pinch or rotation location (focal) or the image centre.
    package func anchor(_ s: ViewState, focal: Point?, mode: ZoomAnchor) -> Point {
        if mode == .focal, let focal { return focal }
        return s.center
    }

    /// The projection P (docs/behaviour.md, "Projection"): zoom clamped about the anchor, then the centre
    /// clamped so the target is covered (at angle 0 per axis; otherwise along the turned axes,
    /// the centre untouched when nothing is clamped).
    package func project(_ s: ViewState, anchor: Point, box: Rect) -> ViewState {
        var out = s
        let z = zoom(s)
        var clamped = z
        let limits = zoomLimits(angle: s.a, box: box)
        if let m = limits.min, clamped < m { clamped = m }
        if let m = limits.max, clamped > m { clamped = m }
        if clamped != z { out = s.scaled(to: clamped * kBase, about: anchor) }
        guard let t = target(box) else { return out }
        if out.a == 0 {
            if let (lo, hi) = centerInterval(.x, k: out.k, box: box) { out.cx = min(max(out.cx, lo), hi) }
            if let (lo, hi) = centerInterval(.y, k: out.k, box: box) { out.cy = min(max(out.cy, lo), hi) }
            return out
        }
        let g = AngledTarget(t, angle: out.a)
        let (du, dv) = g.offset(out)
        let (hu, hv) = g.halfRoom(out, imageWidth: imageWidth, imageHeight: imageHeight)
        let u = hu < 0 ? 0 : min(max(du, -hu), hu)
        let v = hv < 0 ? 0 : min(max(dv, -hv), hv)
        if u == du && v == dv { return out }
        out.center = g.center(du: u, dv: v)
        return out
    }
}

/// The target seen from the turned image axes (docs/behaviour.md, "Coverage and validity"): its centre, the
/// half extents of its bounding box along the image axes, and the offsets of a state's centre.
package struct AngledTarget {
    package let tx: Double
    package let ty: Double
    package let hu: Double
    package let hv: Double
    package let rotation: Rotation

    package init(_ t: Rect, angle: Double) {
        rotation = Rotation(degrees: angle)
        let ca = abs(rotation.cos)
        let sa = abs(rotation.sin)
        tx = t.midX
        ty = t.midY
        hu = (t.width * ca + t.height * sa) / 2
        hv = (t.width * sa + t.height * ca) / 2
    }

    /// (du, dv) = Rot(-a)(tx - cx, ty - cy).
    package func offset(_ s: ViewState) -> (du: Double, dv: Double) {
        let p = rotation.inverse(Point(tx - s.cx, ty - s.cy))
        return (p.x, p.y)
    }

    /// (Hu, Hv) = (Iw' k / 2 - hu, Ih' k / 2 - hv): how far the target may move along each axis.
    package func halfRoom(_ s: ViewState, imageWidth: Double, imageHeight: Double) -> (Double, Double) {
        (imageWidth * s.k / 2 - hu, imageHeight * s.k / 2 - hv)
    }

    /// The centre c = (tx, ty) - Rot(a)(du, dv).
    package func center(du: Double, dv: Double) -> Point {
        let r = rotation.apply(Point(du, dv))
        return Point(tx - r.x, ty - r.y)
    }

    /// Viewport extents along the turned axes, the rubber band's d: (W ca + H sa, W sa + H ca).
    package func bandExtents(viewportWidth W: Double, viewportHeight H: Double) -> (Double, Double) {
        let ca = abs(rotation.cos)
        let sa = abs(rotation.sin)
        return (W * ca + H * sa, W * sa + H * ca)
    }
}
