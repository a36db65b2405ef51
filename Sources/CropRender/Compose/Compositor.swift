import CCropKernels
import CropBitmap
import CropEngine
import CropGeometry
import CropScenario

/// Composites one frame (docs/outputs.md): background, photo (bilinear over the
/// premultiplied image), face boxes, mask, border, grid. 8-bit sRGB, blending
/// in gamma space, each layer rounded to 8 bits once. Pure and thread-safe.
package struct Compositor: Sendable {
    package let editor: EditorConfig
    package let scale: Int

    package init(editor: EditorConfig, scale: Int) {
        self.editor = editor
        self.scale = scale
    }

    /// The background as an opaque colour (a colour with alpha is composited over black).
    var background: (UInt8, UInt8, UInt8) {
        let c = editor.background
        let a = Int(c.a)
        return (UInt8((Int(c.r) * a + 127) / 255), UInt8((Int(c.g) * a + 127) / 255), UInt8((Int(c.b) * a + 127) / 255))
    }

    /// Builds the geometry-dependent layers for a frame record.
    package func layers(for record: FrameRecord) -> FrameLayers {
        FrameLayers(
            editor: editor, scale: scale, viewportWidth: record.viewportWidth, viewportHeight: record.viewportHeight,
            frameRect: record.frameRect)
    }

    /// Renders `record` with `image` (the image of `record.imageIndex`) and its prebuilt `layers`.
    package func render(_ record: FrameRecord, image: PremultipliedImage, layers: FrameLayers) -> RGBFrame {
        let renderer = self.renderer(record, image: image, layers: layers)
        let rowBytes = renderer.width * 3
        let pixels = [UInt8](unsafeUninitializedCapacity: rowBytes * renderer.height) { buffer, initialized in
            if let base = buffer.baseAddress { renderer.render(rows: 0..<renderer.height, into: base) }
            initialized = buffer.baseAddress == nil ? 0 : rowBytes * renderer.height
        }
        return RGBFrame(width: renderer.width, height: renderer.height, pixels: pixels)
    }

    /// The compositing state of one frame, to render its rows a range at a time (for
    /// example into a small buffer that an encoder consumes while it is in the cache).
    package func renderer(_ record: FrameRecord, image: PremultipliedImage, layers: FrameLayers) -> FrameRenderer {
        var blends: [LayerBlend] = []
        let oriented = OrientedImage(image, orientation: record.orientation)
        if !editor.faces.isEmpty && !record.isTouching && record.angle == 0 {
            blends += faceLayers(record, image: oriented, width: layers.width, height: layers.height)
        }
        if let mask = layers.mask, record.mask > 0,
            let b = LayerBlend(mask, color: editor.mask.color, opacity: editor.mask.opacity * record.mask)
        {
            blends.append(b)
        }
        if let border = layers.border, let spec = editor.border,
            let b = LayerBlend(border, color: spec.color, opacity: spec.opacity)
        {
            blends.append(b)
        }
        if let handles = layers.handles, record.showsHandles ?? true,
            let b = LayerBlend(handles, color: editor.border?.color ?? .white, opacity: 1)
        {
            blends.append(b)
        }
        if let grid = layers.grid, let spec = editor.grid,
            record.showsGrid ?? spec.isVisible(touching: record.isTouching),
            let b = LayerBlend(grid, color: spec.color, opacity: spec.opacity)
        {
            blends.append(b)
        }
        let photo: PhotoRows? =
            record.angle == 0
            ? PhotoSampler(oriented, imageRect: record.imageRect, k: record.k, scale: scale, width: layers.width)
            : TurnedPhotoSampler(
                oriented, state: (record.shown.cx, record.shown.cy, record.k, record.angle), scale: scale,
                width: layers.width)
        return FrameRenderer(
            width: layers.width, height: layers.height, background: background, photo: photo, blends: blends)
    }

    /// A rect of source pixels as it lies in the oriented image: mirrored left-right first,
    /// then turned clockwise (a turn maps [x0, x1) x [y0, y1) of a w x h image to
    /// [h - y1, h - y0) x [x0, x1)).
    package static func orient(_ r: Rect, orientation: ImageOrientation, width: Int, height: Int) -> Rect {
        var rect = r
        var w = Double(width)
        var h = Double(height)
        if orientation.mirrored { rect.x = w - rect.maxX }
        for _ in 0..<orientation.turns {
            rect = Rect(x: h - rect.maxY, y: rect.minX, width: rect.height, height: rect.width)
            (w, h) = (h, w)
        }
        return rect
    }

    /// Fills pixels [x0, x1) of a row with a colour.
    static func fill(_ row: UnsafeMutablePointer<UInt8>, from x0: Int, to x1: Int, _ c: (UInt8, UInt8, UInt8)) {
        guard x1 > x0 else { return }
        crk_fill_rgb(row + x0 * 3, x1 - x0, c.0, c.1, c.2)
    }

    /// Face boxes: 2-point red inside strokes of the face rects, mapped from image pixels, as one
    /// sparse coverage map: only the rows and columns of the strokes are evaluated, so memory and
    /// time grow with the strokes' length, not with the number of faces times the canvas.
    func faceLayers(_ record: FrameRecord, image: OrientedImage, width: Int, height: Int) -> [LayerBlend] {
        let s = Double(scale)
        let k = record.k
        let origin = record.imageRect
        let canvas = Rect(x: -4, y: -4, width: Double(width) + 8, height: Double(height) + 8)
        var strokes: [(outer: Shape, inner: Shape?, box: Rect)] = []
        var spans: [Int: [Range<Int>]] = [:]
        for original in editor.faces {
            let face = Compositor.orient(
                original, orientation: record.orientation, width: image.source.width, height: image.source.height)
            let r = Rect(
                x: (origin.x + face.x * k) * s, y: (origin.y + face.y * k) * s, width: face.width * k * s,
                height: face.height * k * s)
            guard r.maxX > canvas.minX, r.minX < canvas.maxX, r.maxY > canvas.minY, r.minY < canvas.maxY else {
                continue
            }
            let inner = Shape.rect(r).offset(-2 * s)
            strokes.append((.rect(r), inner, r))
            // Rows and columns clipped to the canvas: a box past any edge draws its visible part.
            let columns = PixelSpan.covering(r.minX, r.maxX, limit: width)
            let innerBounds = inner?.bounds
            for y in PixelSpan.covering(r.minY, r.maxY, limit: height) where !columns.isEmpty {
                if let ib = innerBounds, Double(y) >= ib.minY, Double(y + 1) <= ib.maxY {
                    // A middle row: only the left and right strokes.
                    spans[y, default: []] += [
                        PixelSpan.covering(r.minX, ib.minX, limit: width),
                        PixelSpan.covering(ib.maxX, r.maxX, limit: width),
                    ]
                } else {
                    spans[y, default: []].append(columns)
                }
            }
        }
        guard !strokes.isEmpty else { return [] }
        let map = CoverageMap(width: width, height: height, spans: spans) { x, y in
            let x0 = Double(x)
            let y0 = Double(y)
            var pieces: [Rect] = []
            var sum = 0.0
            for stroke in strokes
            where stroke.box.minX < x0 + 1 && stroke.box.maxX > x0 && stroke.box.minY < y0 + 1 && stroke.box.maxY > y0 {
                sum += stroke.outer.area(x0, y0, x0 + 1, y0 + 1) - (stroke.inner?.area(x0, y0, x0 + 1, y0 + 1) ?? 0)
                pieces += Compositor.strokeRects(stroke.box, inner: stroke.inner?.bounds)
            }
            // Where strokes of several boxes meet, their union's exact area (each counted once).
            return pieces.count > 4 ? AreaMath.unionArea(pieces, x0, y0, x0 + 1, y0 + 1) : min(1, sum)
        }
        return LayerBlend(map, color: RGBA(255, 0, 0), opacity: 1).map { [$0] } ?? []
    }

    /// An inside stroke of a rect as four disjoint rects (the whole rect when its inner
    /// outline vanishes).
    static func strokeRects(_ r: Rect, inner: Rect?) -> [Rect] {
        guard let i = inner else { return [r] }
        return [
            Rect(x: r.minX, y: r.minY, width: r.width, height: i.minY - r.minY),
            Rect(x: r.minX, y: i.maxY, width: r.width, height: r.maxY - i.maxY),
            Rect(x: r.minX, y: i.minY, width: i.minX - r.minX, height: i.height),
            Rect(x: i.maxX, y: i.minY, width: r.maxX - i.maxX, height: i.height),
        ]
    }
}

/// One frame being composited, sixteen rows at a time: each band of rows gets the
/// background, the photo, the face boxes, the mask, the border and the grid while it is in
/// the cache, so the frame is written to memory once. Rows are best rendered in increasing
/// order (the photo sampler caches the source rows they share); any order gives the same
/// pixels.
package final class FrameRenderer {
    package let width: Int
    package let height: Int
    private let background: (UInt8, UInt8, UInt8)
    private let photo: PhotoRows?
    private let blends: [LayerBlend]

    init(width: Int, height: Int, background: (UInt8, UInt8, UInt8), photo: PhotoRows?, blends: [LayerBlend]) {
        self.width = width
        self.height = height
        self.background = background
        self.photo = photo
        self.blends = blends
    }

    /// Renders `rows` (within 0..<height) into `base`, which receives the first of them;
    /// rows are `width * 3` bytes apart.
    package func render(rows: Range<Int>, into base: UnsafeMutablePointer<UInt8>) {
        let bg = background
        let photo = self.photo
        let rowBytes = width * 3
        let all = rows.clamped(to: 0..<height)
        // Sixteen rows at a time (in the cache while every layer passes over them), each layer
        // over all sixteen: a layer's arrays are reached once per band, not once per row.
        var start = all.lowerBound
        while start < all.upperBound {
            let band = start..<min(start + 16, all.upperBound)
            let first = base + (band.lowerBound - rows.lowerBound) * rowBytes
            if let photo {
                for y in band {
                    let row = first + (y - band.lowerBound) * rowBytes
                    if let drawn = photo.draw(row: y, into: row, background: bg) {
                        Compositor.fill(row, from: 0, to: drawn.lowerBound, bg)
                        Compositor.fill(row, from: drawn.upperBound, to: width, bg)
                    } else {
                        Compositor.fill(row, from: 0, to: width, bg)
                    }
                }
            } else {
                Compositor.fill(first, from: 0, to: width * band.count, bg)
            }
            for layer in blends { layer.apply(rows: band, into: first, rowBytes: rowBytes) }
            start = band.upperBound
        }
    }
}

extension GridSpec {
    /// The grid's own rule: always, only while a finger is down, or never.
    func isVisible(touching: Bool) -> Bool {
        visibility == .always || (visibility == .whileTouching && touching)
    }
}
