import CropGeometry
import CropScenario

/// Crop rects of docs/outputs.md.
package enum CropMath {
    /// Why a crop cannot be taken.
    package enum Problem: Error, Equatable {
        /// The box does not overlap the image; the unrounded rect.
        case empty(Rect)
        /// The `offsetFactor` formula needs angle 0; the angle.
        case offsetFactorAtAngle(Double)
    }

    /// The crop of what a model shows (the one crop of `save` steps and the live model): an
    /// integral rect of oriented-image pixels at angle 0, the box's corners at an angle.
    package static func region(of view: ModelView, crop: CropSpec) -> Result<CropRecord.Region, Problem> {
        let layout = view.layout
        if view.shown.a != 0 {
            guard crop.formula == .geometric else { return .failure(.offsetFactorAtAngle(view.shown.a)) }
            return .success(turnedRegion(view.shown, layout: layout, box: view.box))
        }
        let raw = rawRect(view.shown, layout: layout, box: view.box, formula: crop.formula)
        guard
            let r = rounded(
                raw, rounding: crop.rounding, imageWidth: Int(layout.imageWidth), imageHeight: Int(layout.imageHeight))
        else { return .failure(.empty(raw)) }
        return .success(.pixels(x: r.x, y: r.y, width: r.w, height: r.h))
    }

    /// The unrounded crop rect in image pixels for the shown state.
    package static func rawRect(_ s: ViewState, layout: Layout, box: Rect, formula: CropFormula) -> Rect {
        let f = box
        switch formula {
        case .geometric:
            let image = layout.imageRect(s)
            return Rect(
                x: (f.x - image.x) / s.k, y: (f.y - image.y) / s.k, width: f.width / s.k, height: f.height / s.k)
        case .offsetFactor:
            let W = layout.viewportWidth
            let H = layout.viewportHeight
            let iw = layout.imageWidth
            let ih = layout.imageHeight
            let box = layout.contentBox(s)
            let ax = (W - iw * layout.kFit) / 2
            let ay = (H - ih * layout.kFit) / 2
            let zoom = s.k / layout.kFit
            // Evaluated left to right, as the seed's formula is written.
            let x = (f.x - box.x - ax * zoom) / zoom * iw / W
            let y = (f.y - box.y - ay * zoom) / zoom * iw / W
            let w = f.width / zoom * iw / W
            let h = f.height / zoom * iw / W
            return Rect(x: x, y: y, width: w, height: h)
        }
    }

    /// A crop at an angle (docs/scenarios.md): the box's corners in oriented image pixels from the
    /// top-left clockwise, and the output size round(bw/k) x round(bh/k) (at least 1).
    package static func turnedRegion(_ s: ViewState, layout: Layout, box b: Rect) -> CropRecord.Region {
        let corners = [Point(b.minX, b.minY), Point(b.maxX, b.minY), Point(b.maxX, b.maxY), Point(b.minX, b.maxY)].map {
            imagePoint($0, state: s, layout: layout)
        }
        let w = max(1, Int(DetMath.round(b.width / s.k)))
        let h = max(1, Int(DetMath.round(b.height / s.k)))
        return .turned(corners: corners, width: w, height: h, state: s, box: b)
    }

    /// The oriented image point (pixels, origin top-left) shown at view point p (docs/scenarios.md):
    /// Rot(-a)((p - c) / k) + (Iw'/2, Ih'/2).
    package static func imagePoint(_ p: Point, state s: ViewState, layout: Layout) -> Point {
        let r = Rotation(degrees: s.a).inverse(Point((p.x - s.cx) / s.k, (p.y - s.cy) / s.k))
        return Point(r.x + layout.imageWidth / 2, r.y + layout.imageHeight / 2)
    }

    /// The rounded rect (x, y, w, h) intersected with the image, or nil when empty.
    package static func rounded(_ r: Rect, rounding: CropRounding, imageWidth: Int, imageHeight: Int) -> (
        x: Int, y: Int, w: Int, h: Int
    )? {
        let iw = Double(imageWidth)
        let ih = Double(imageHeight)
        switch rounding {
        case .integral:
            let x0 = max(0, r.minX.rounded(.down))
            let y0 = max(0, r.minY.rounded(.down))
            let x1 = min(iw, r.maxX.rounded(.up))
            let y1 = min(ih, r.maxY.rounded(.up))
            guard x1 > x0, y1 > y0, x0.isFinite, y0.isFinite else { return nil }
            return (Int(x0), Int(y0), Int(x1 - x0), Int(y1 - y0))
        case .round:
            guard r.width.isFinite, r.height.isFinite, r.x.isFinite, r.y.isFinite else { return nil }
            let w = min(DetMath.round(r.width), iw)
            let h = min(DetMath.round(r.height), ih)
            guard w > 0, h > 0 else { return nil }
            let x = min(max(DetMath.round(r.x), 0), iw - w)
            let y = min(max(DetMath.round(r.y), 0), ih - h)
            return (Int(x), Int(y), Int(w), Int(h))
        }
    }
}
