import CropGeometry
import CropScenario

/// The geometry of one editor configuration at one viewport and image size:
/// frame rect, fits, zoom limits and the coverage target (SPEC sections 3 and 4).
package struct Layout: Equatable, Sendable {
    package let viewportWidth: Double
    package let viewportHeight: Double
    package let imageWidth: Double
    package let imageHeight: Double
    /// The crop frame's bounding rect in points.
    package let frameRect: Rect
    /// The aspect-fit k, min(W/Iw, H/Ih), that defines the content box.
    package let kFit: Double
    /// The k of the editor's `fit`, used for the initial state, restore and refits.
    package let kInitial: Double
    /// The k at zoom 1.
    package let kBase: Double
    /// Effective zoom limits (`cover` resolved; when min > max, max wins).
    package let minZoom: Double?
    package let maxZoom: Double?
    /// The rect that must stay covered, or nil for constraint `none`.
    package let target: Rect?
    /// Size of the covering rect per unit of k: the image size, or the content box's.
    package let coverPerK: Size

    package init(editor: EditorConfig, viewportWidth W: Double, viewportHeight H: Double, imageWidth: Int, imageHeight: Int) {
        let iw = Double(imageWidth)
        let ih = Double(imageHeight)
        viewportWidth = W
        viewportHeight = H
        self.imageWidth = iw
        self.imageHeight = ih
        let frame = Layout.frameRect(editor.frame, viewportWidth: W, viewportHeight: H)
        frameRect = frame
        kFit = min(W / iw, H / ih)
        switch editor.fit {
        case .aspectFill: kInitial = max(W / iw, H / ih)
        case .aspectFit: kInitial = min(W / iw, H / ih)
        case .frameFill: kInitial = max(frame.width / iw, frame.height / ih)
        case .shortSide: kInitial = min(W, H) / min(iw, ih)
        }
        kBase = editor.zoom.base == .fit ? kInitial : 1
        switch editor.constraint {
        case .frame, .none:
            coverPerK = Size(iw, ih)
            target = editor.constraint == .frame ? frame : nil
        case .viewport:
            coverPerK = Size(W / kFit, H / kFit)
            target = Rect(x: 0, y: 0, width: W, height: H)
        }
        var lower: Double?
        switch editor.zoom.min {
        case .value(let v): lower = v
        case .cover:
            // With constraint "none" there is no target; cover then means covering the frame.
            let t = target ?? frame
            lower = max(t.width / coverPerK.width, t.height / coverPerK.height) / kBase
        case nil: lower = nil
        }
        maxZoom = editor.zoom.max
        if let l = lower, let u = maxZoom, l > u { lower = u }
        minZoom = lower
    }

    /// The frame's bounding rect, centred in the viewport (SPEC section 3).
    package static func frameRect(_ spec: FrameSpec, viewportWidth W: Double, viewportHeight H: Double) -> Rect {
        spec.rect(viewportWidth: W, viewportHeight: H)
    }

    package var viewportCenter: Point { Point(viewportWidth / 2, viewportHeight / 2) }

    /// The initial fit: k of `fit`, centred in the viewport.
    package var initialState: ViewState { ViewState(k: kInitial, cx: viewportWidth / 2, cy: viewportHeight / 2) }

    package func zoom(_ s: ViewState) -> Double { s.k / kBase }

    package func imageRect(_ s: ViewState) -> Rect {
        Rect(center: s.center, width: imageWidth * s.k, height: imageHeight * s.k)
    }

    /// The rect that must cover the target: the image rect or the content box.
    package func coveringRect(_ s: ViewState) -> Rect {
        Rect(center: s.center, width: coverPerK.width * s.k, height: coverPerK.height * s.k)
    }

    /// The content box of a scroll view (viewport-sized at zoom 1, scaled about the image centre).
    package func contentBox(_ s: ViewState) -> Rect {
        Rect(center: s.center, width: viewportWidth * s.k / kFit, height: viewportHeight * s.k / kFit)
    }

    /// SPEC section 4: zoom within limits and the target covered, each within 1e-9.
    package func isValid(_ s: ViewState) -> Bool {
        let z = zoom(s)
        if let m = minZoom, z < m - 1e-9 { return false }
        if let m = maxZoom, z > m + 1e-9 { return false }
        guard let t = target else { return true }
        return coveringRect(s).contains(t, tolerance: 1e-9)
    }

    /// The interval of centre positions on an axis that keeps the target covered at scale k;
    /// when the covering rect is smaller than the target, both ends are the target's centre.
    package func centerInterval(_ axis: Axis, k: Double) -> (lo: Double, hi: Double)? {
        guard let t = target else { return nil }
        let half = (axis == .x ? coverPerK.width : coverPerK.height) * k / 2
        let lo = (axis == .x ? t.maxX : t.maxY) - half
        let hi = (axis == .x ? t.minX : t.minY) + half
        if lo > hi {
            let mid = axis == .x ? t.midX : t.midY
            return (mid, mid)
        }
        return (lo, hi)
    }

    /// The anchor of zoom changes: the latest pinch location (focal) or the image centre.
    package func anchor(_ s: ViewState, focal: Point?, mode: ZoomAnchor) -> Point {
        if mode == .focal, let focal { return focal }
        return s.center
    }

    /// The projection P of SPEC section 4.
    package func project(_ s: ViewState, anchor: Point) -> ViewState {
        var out = s
        let z = zoom(s)
        var clamped = z
        if let m = minZoom, clamped < m { clamped = m }
        if let m = maxZoom, clamped > m { clamped = m }
        if clamped != z { out = s.scaled(to: clamped * kBase, about: anchor) }
        if let (lo, hi) = centerInterval(.x, k: out.k) { out.cx = min(max(out.cx, lo), hi) }
        if let (lo, hi) = centerInterval(.y, k: out.k) { out.cy = min(max(out.cy, lo), hi) }
        return out
    }
}
