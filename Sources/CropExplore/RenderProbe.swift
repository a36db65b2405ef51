import CropBitmap
import CropEngine
import CropGeometry
import CropRender
import CropScenario

/// Renders frame records through the compositor and checks what comes out, so exploring
/// and fuzzing reach the renderer too: a thumbnail (the whole frame with its geometry
/// scaled down) and small windows (a few dozen points square) placed on the box's edges
/// and corners and the viewport's, with face boxes around every window edge (straddling,
/// just outside, far outside), the box's handles on and a grid shown. A window is the record
/// moved and given a small viewport, so every layer reaches past every edge of a canvas
/// cheap enough to render on every sample. A trap cannot be caught: the render path is total,
/// and what can be checked from outside is reported as a problem.
package enum RenderProbe {
    /// Where a window goes and what it adds to the editor.
    package struct Window: Sendable {
        /// One of `anchorCount` points: the box's four edge midpoints, two corners, the viewport's corners.
        package var anchor: Int
        package var width: Int
        package var height: Int
        /// The window's centre, moved from the anchor (points).
        package var dx = 0.0
        package var dy = 0.0
        /// Draw the box's handles.
        package var handles = true
        /// Show this grid (nil: the editor's).
        package var grid: GridSpec? = GridSpec(lines: 2)
        /// Which face size (one of five, 0 among them) the faces around the window edges have.
        package var faceSize = 0
        /// Render the rows again in two bands split at this row and compare.
        package var split = 1

        package init(anchor: Int, width: Int, height: Int) {
            self.anchor = anchor
            self.width = width
            self.height = height
        }
    }

    package static let anchorCount = 10

    /// The window's top-left corner in the record's viewport (points).
    static func origin(_ r: FrameRecord, _ w: Window) -> (Double, Double) {
        let b = r.box
        let vw = r.viewportWidth
        let vh = r.viewportHeight
        let anchors = [
            (b.minX, b.midY), (b.maxX, b.midY), (b.midX, b.minY), (b.midX, b.maxY), (b.minX, b.minY), (b.maxX, b.maxY),
            (0, 0), (vw, vh), (vw, 0), (0, vh),
        ]
        let (ax, ay) = anchors[((w.anchor % anchorCount) + anchorCount) % anchorCount]
        return (ax - Double(w.width) / 2 + w.dx, ay - Double(w.height) / 2 + w.dy)
    }

    /// A record seen through the window [x, x + w) x [y, y + h) of its viewport (points).
    package static func window(_ r: FrameRecord, x: Double, y: Double, width w: Int, height h: Int) -> FrameRecord {
        var out = r
        out.viewportWidth = Double(w)
        out.viewportHeight = Double(h)
        out.imageRect = Rect(
            x: r.imageRect.x - x, y: r.imageRect.y - y, width: r.imageRect.width, height: r.imageRect.height)
        out.shown = ViewState(k: r.shown.k, cx: r.shown.cx - x, cy: r.shown.cy - y, a: r.shown.a)
        out.box = Rect(x: r.box.x - x, y: r.box.y - y, width: r.box.width, height: r.box.height)
        return out
    }

    /// The record with its whole geometry scaled by `factor` about the viewport's origin, the
    /// viewport rounded to whole points (a thumbnail of the frame through the same compositor).
    package static func thumbnail(_ r: FrameRecord, factor f: Double) -> FrameRecord {
        var out = r
        out.viewportWidth = max(1, (r.viewportWidth * f).rounded())
        out.viewportHeight = max(1, (r.viewportHeight * f).rounded())
        out.imageRect = Rect(
            x: r.imageRect.x * f, y: r.imageRect.y * f, width: r.imageRect.width * f, height: r.imageRect.height * f)
        out.shown = ViewState(k: r.shown.k * f, cx: r.shown.cx * f, cy: r.shown.cy * f, a: r.shown.a)
        out.box = Rect(x: r.box.x * f, y: r.box.y * f, width: r.box.width * f, height: r.box.height * f)
        return out
    }

    /// Face boxes (source image pixels) on every edge of a w x h viewport of `r`: straddling
    /// it, just outside it (within the face layer's 4-pixel margin) and far outside. The map
    /// from points to source pixels is exact for an upright, unturned image (faces are drawn
    /// only at angle 0; with a quarter turn or a flip they land elsewhere, which is fine too).
    package static func edgeFaces(_ r: FrameRecord, width w: Double, height h: Double, size choice: Int) -> [Rect] {
        let k = r.k
        guard k > 0, k.isFinite else { return [] }
        let size = [6.0, 12, 0, 40, 3.5][((choice % 5) + 5) % 5]
        let views = [
            Rect(x: -size / 2, y: h / 3, width: size, height: size),
            Rect(x: w - size / 2, y: h / 2, width: size, height: size),
            Rect(x: w / 3, y: -size / 2, width: size, height: size),
            Rect(x: w / 2, y: h - size / 2, width: size, height: size),
            Rect(x: w + 1.5, y: h / 4, width: size, height: size),
            Rect(x: -size - 1.5, y: h / 4, width: size, height: size),
            Rect(x: w / 4, y: h + 1.5, width: size, height: size),
            Rect(x: w / 4, y: -size - 1.5, width: size, height: size),
            Rect(x: -1e5, y: h / 2, width: size, height: size),
            Rect(x: -size / 2, y: -size / 2, width: w + size, height: h + size),
        ]
        return views.map { v in
            Rect(x: (v.x - r.imageRect.x) / k, y: (v.y - r.imageRect.y) / k, width: v.width / k, height: v.height / k)
        }
    }

    /// Renders `record` through `window` and returns what is wrong, or nil: the frame must have
    /// the window's size at `scale`, and rendering its rows again in two bands (the lower band
    /// first) must give the same bytes.
    package static func check(
        _ record: FrameRecord, editor: EditorConfig, scale: Int, image: PremultipliedImage, window w: Window
    )
        -> String?
    {
        let (x, y) = origin(record, w)
        let seen = window(record, x: x, y: y, width: w.width, height: w.height)
        var e = editor
        if w.handles { e.frame.resizable = true }
        if let grid = w.grid { e.grid = grid }
        let faces = e.faces + edgeFaces(seen, width: Double(w.width), height: Double(w.height), size: w.faceSize)
        e.faces = Array(faces.prefix(Limits.maxFaces))
        let place = "the window \(w.width)x\(w.height) at (\(x), \(y)) of frame \(record.frame)"
        return render(seen, editor: e, scale: scale, image: image, split: w.split, place: place)
    }

    /// Renders the whole frame with its geometry scaled by `factor`, at scale 1, and checks it.
    package static func checkThumbnail(
        _ record: FrameRecord, editor: EditorConfig, factor: Double, image: PremultipliedImage
    ) -> String? {
        let small = thumbnail(record, factor: factor)
        return render(
            small, editor: editor, scale: 1, image: image, split: Int(small.viewportHeight) / 2,
            place: "the thumbnail of frame \(record.frame)")
    }

    /// Renders `r` as it is and checks it (the size its viewport gives at `scale`; the same
    /// bytes in two bands split at row `split`); `place` names it in the problem.
    package static func render(
        _ r: FrameRecord, editor: EditorConfig, scale: Int, image: PremultipliedImage, split: Int, place: String
    )
        -> String?
    {
        let compositor = Compositor(editor: editor, scale: scale)
        let renderer = compositor.renderer(r, image: image, layers: compositor.layers(for: r))
        let pixels = (r.viewportWidth * Double(scale), r.viewportHeight * Double(scale))
        guard abs(pixels.0) < 1e9, abs(pixels.1) < 1e9 else {
            return
                "\(place): the viewport \(r.viewportWidth)x\(r.viewportHeight) is not a size (rendered"
                + " \(renderer.width)x\(renderer.height))"
        }
        let w = Int(pixels.0.rounded())
        let h = Int(pixels.1.rounded())
        guard renderer.width == w, renderer.height == h else {
            return "\(place) renders \(renderer.width)x\(renderer.height) pixels, not the viewport's \(w)x\(h)"
        }
        // All rows at once, then again in two bands (as the encoders consume them, with the
        // sampler's row caches warm): the same bytes.
        let cut = min(max(0, split), h)
        var whole = [UInt8](repeating: 0, count: w * h * 3)
        var banded = whole
        whole.withUnsafeMutableBufferPointer { p in
            if let base = p.baseAddress { renderer.render(rows: 0..<h, into: base) }
        }
        banded.withUnsafeMutableBufferPointer { p in
            guard let base = p.baseAddress else { return }
            renderer.render(rows: cut..<h, into: base + cut * w * 3)
            renderer.render(rows: 0..<cut, into: base)
        }
        if banded != whole {
            return "\(place): rendering its rows in two bands (split at row \(cut)) gives other bytes"
        }
        return nil
    }
}
