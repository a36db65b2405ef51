import CropGeometry
import CropScenario

/// The precomputed coverage maps of the layers that depend only on the frame
/// geometry (mask, border, grid), in pixel space. Built once per viewport and
/// frame rect, shared read-only by every frame with that geometry.
package struct FrameLayers: Sendable {
    package let width: Int
    package let height: Int
    package let mask: CoverageMap?
    package let border: CoverageMap?
    package let grid: CoverageMap?
    /// The corner handles of a resizable box (docs/behaviour.md, "Rendering").
    package let handles: CoverageMap?

    package init(editor: EditorConfig, scale: Int, viewportWidth: Double, viewportHeight: Double, frameRect: Rect) {
        let s = Double(scale)
        // Whole pixels (a non-finite or negative size gives an empty canvas, not a trap).
        let width = PixelSpan.index(DetMath.round(viewportWidth * s), limit: 1 << 24)
        let height = PixelSpan.index(DetMath.round(viewportHeight * s), limit: 1 << 24)
        self.width = width
        self.height = height
        let frame = Rect(
            x: frameRect.x * s, y: frameRect.y * s, width: frameRect.width * s, height: frameRect.height * s)
        let hole = Shape.frame(editor.frame.shape, rect: frame, cornerRadius: editor.frame.cornerRadius * s)
        mask = FrameLayers.maskMap(hole, region: editor.mask.region, width: width, height: height)
        border = editor.border.flatMap {
            FrameLayers.borderMap($0, outline: hole, scale: s, width: width, height: height)
        }
        grid = editor.grid.flatMap {
            FrameLayers.gridMap($0, frame: frame, shape: hole, scale: s, width: width, height: height)
        }
        handles =
            editor.frame.resizable ? FrameLayers.handleMap(box: frameRect, scale: s, width: width, height: height) : nil
    }

    /// Corner handles: at the top-left corner the union of (bx - 3, by - 3, 20, 3) and
    /// (bx - 3, by - 3, 3, 20) points, mirrored at the other corners, exact area coverage of
    /// the union of all eight rects.
    static func handleMap(box b: Rect, scale s: Double, width: Int, height: Int) -> CoverageMap {
        let t = 3.0
        let l = 20.0
        var rects: [Rect] = []
        for (cx, dx) in [(b.minX - t, 1.0), (b.maxX + t, -1.0)] {
            for (cy, dy) in [(b.minY - t, 1.0), (b.maxY + t, -1.0)] {
                // Horizontal and vertical arms from the outer corner (cx, cy) inward.
                rects.append(Rect(x: dx > 0 ? cx : cx - l, y: dy > 0 ? cy : cy - t, width: l, height: t))
                rects.append(Rect(x: dx > 0 ? cx : cx - t, y: dy > 0 ? cy : cy - l, width: t, height: l))
            }
        }
        let pixels = rects.map { Rect(x: $0.x * s, y: $0.y * s, width: $0.width * s, height: $0.height * s) }
        var spans: [Int: [Range<Int>]] = [:]
        for r in pixels {
            // Clipped to the canvas: arms past any edge (a box beyond the viewport) draw their visible part.
            let columns = PixelSpan.covering(r.minX, r.maxX, limit: width)
            guard !columns.isEmpty else { continue }
            for y in PixelSpan.covering(r.minY, r.maxY, limit: height) { spans[y, default: []].append(columns) }
        }
        return CoverageMap(width: width, height: height, spans: spans) { x, y in
            AreaMath.unionArea(pixels, Double(x), Double(y), Double(x + 1), Double(y + 1))
        }
    }

    static func box(_ r: Rect, pad: Double = 1) -> (Int, Int, Int, Int) {
        let x0 = (r.minX - pad).rounded(.down)
        let y0 = (r.minY - pad).rounded(.down)
        let x1 = (r.maxX + pad).rounded(.up)
        let y1 = (r.maxY + pad).rounded(.up)
        func clampInt(_ v: Double) -> Int { Int(max(-1, min(1_000_000, v))) }
        return (clampInt(x0), clampInt(y0), clampInt(x1), clampInt(y1))
    }

    static func maskMap(_ hole: Shape, region: MaskRegion, width: Int, height: Int) -> CoverageMap {
        let outsideRegion = region == .outside
        return CoverageMap(
            width: width, height: height, box: box(hole.bounds), outside: outsideRegion ? 1 : 0,
            interior: hole.interior(row:),
            interiorValue: outsideRegion ? 0 : 1
        ) { x, y in
            let a = hole.area(Double(x), Double(y), Double(x + 1), Double(y + 1))
            return outsideRegion ? 1 - a : a
        }
    }

    /// The stroke's outer and inner outlines and its centreline for a border position.
    static func strokeOutlines(_ outline: Shape, width w: Double, position: BorderPosition) -> (
        outer: Shape?, inner: Shape?, center: Shape?
    ) {
        switch position {
        case .inside: return (outline, outline.offset(-w), outline.offset(-w / 2))
        case .outside: return (outline.offset(w), outline, outline.offset(w / 2))
        case .center: return (outline.offset(w / 2), outline.offset(-w / 2), outline)
        }
    }

    static func borderMap(_ border: BorderSpec, outline: Shape, scale s: Double, width: Int, height: Int)
        -> CoverageMap?
    {
        let w = border.width * s
        guard w > 0 else { return nil }
        let (outerShape, inner, center) = strokeOutlines(outline, width: w, position: border.position)
        guard let outer = outerShape else { return nil }
        let dash = DashPattern(border.dash.map { $0 * s })
        let stroke = dash.flatMap { dash in
            center.flatMap { DashedStroke(center: $0, outer: outer, width: w, dash: dash) }
        }
        // Inside the inner outline (and so inside the outer one) both areas are 1: no stroke.
        let hollow: ((Int) -> Range<Int>)? = inner.map { inner in
            { y in inner.interior(row: y).clamped(to: outer.interior(row: y)) }
        }
        return CoverageMap(width: width, height: height, box: box(outer.bounds), outside: 0, interior: hollow) { x, y in
            let x0 = Double(x)
            let y0 = Double(y)
            let x1 = x0 + 1
            let y1 = y0 + 1
            let solid = outer.area(x0, y0, x1, y1) - (inner?.area(x0, y0, x1, y1) ?? 0)
            guard solid > 0, let stroke else { return solid }
            return min(solid, stroke.coverage(x0, y0, x1, y1, solid: solid))
        }
    }

    static func gridMap(_ grid: GridSpec, frame: Rect, shape: Shape, scale s: Double, width: Int, height: Int)
        -> CoverageMap?
    {
        let gw = grid.width * s
        let n = grid.lines
        guard gw > 0, n >= 1, grid.visibility != .never else { return nil }
        let xs = (1...n).map { frame.x + frame.width * Double($0) / Double(n + 1) }
        let ys = (1...n).map { frame.y + frame.height * Double($0) / Double(n + 1) }
        // Only pixels near a line can be covered: whole rows near a horizontal line, columns
        // near the vertical lines elsewhere.
        let (bx0, by0, bx1, by1) = box(frame)
        func near(_ c: Double) -> Range<Int> {
            let lo = max(-1e9, (c - gw / 2).rounded(.down) - 1)
            let hi = min(1e9, (c + gw / 2).rounded(.up) + 1)
            return Int(lo)..<max(Int(lo), Int(hi))
        }
        let rowBands = ys.map(near)
        let columnBands = xs.map(near).map { $0.clamped(to: bx0..<max(bx0, bx1)) }
        var spans: [Int: [Range<Int>]] = [:]
        let frameColumns = PixelSpan.clip(bx0, bx1, limit: width)
        for y in PixelSpan.clip(by0, by1, limit: height) {
            spans[y] = rowBands.contains { $0.contains(y) } ? [frameColumns] : columnBands
        }
        return CoverageMap(width: width, height: height, spans: spans) { x, y in
            let x0 = Double(x)
            let y0 = Double(y)
            let x1 = x0 + 1
            let y1 = y0 + 1
            // The lines are the union of vertical bands (X x the frame's rows) and horizontal
            // ones (the frame's columns x Y): exact, with bands that overlap counted once.
            let ax = FrameLayers.bandUnion(xs, width: gw, x0, x1)
            let ay = FrameLayers.bandUnion(ys, width: gw, y0, y1)
            let axInside = FrameLayers.bandUnion(xs, width: gw, max(x0, frame.minX), min(x1, frame.maxX))
            let ayInside = FrameLayers.bandUnion(ys, width: gw, max(y0, frame.minY), min(y1, frame.maxY))
            let fx = AreaMath.overlap(frame.minX, frame.maxX, x0, x1)
            let fy = AreaMath.overlap(frame.minY, frame.maxY, y0, y1)
            let lines = ax * fy + ay * fx - axInside * ayInside
            let inside = shape.area(x0, y0, x1, y1)
            return lines * inside
        }
    }

    /// The length of the union of the bands [c - width/2, c + width/2] (centres ascending)
    /// inside [lo, hi].
    static func bandUnion(_ centres: [Double], width: Double, _ lo: Double, _ hi: Double) -> Double {
        guard hi > lo else { return 0 }
        var total = 0.0
        var end = -Double.infinity
        for c in centres {
            let a = max(c - width / 2, lo, end)
            let b = min(c + width / 2, hi)
            if b > a { total += b - a }
            end = max(end, min(c + width / 2, hi))
        }
        return total
    }
}
