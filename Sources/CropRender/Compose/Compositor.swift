import CropGeometry
import CropScenario
import CropEngine

/// Composites one frame (SPEC section 9): background, photo (bilinear over the
/// premultiplied image), face boxes, mask, border, grid. 8-bit sRGB, blending
/// in gamma space, each layer rounded to 8 bits once. Pure and thread-safe.
public struct Compositor: Sendable {
    public let editor: EditorConfig
    public let scale: Int

    public init(editor: EditorConfig, scale: Int) {
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
    public func layers(for record: FrameRecord) -> FrameLayers {
        FrameLayers(editor: editor, scale: scale, viewportWidth: record.viewportWidth, viewportHeight: record.viewportHeight, frameRect: record.frameRect)
    }

    /// Renders `record` with `image` (the image of `record.imageIndex`) and its prebuilt `layers`.
    public func render(_ record: FrameRecord, image: PremultipliedImage, layers: FrameLayers) -> RGBFrame {
        var out = RGBFrame(width: layers.width, height: layers.height)
        let bg = background
        out.pixels.withUnsafeMutableBufferPointer { px in
            // The buffer starts zeroed (black); a grey background is one memset.
            if bg.0 == bg.1 && bg.1 == bg.2 {
                if bg.0 != 0 { px.update(repeating: bg.0) }
            } else {
                var i = 0
                while i < px.count {
                    px[i] = bg.0; px[i + 1] = bg.1; px[i + 2] = bg.2
                    i += 3
                }
            }
            PhotoSampler.draw(image, imageRect: record.imageRect, k: record.k, scale: scale, into: px, width: layers.width, height: layers.height)
            if !editor.faces.isEmpty && !record.isTouching {
                drawFaces(record, into: px, width: layers.width, height: layers.height)
            }
            if let mask = layers.mask, record.mask > 0 {
                Blend.apply(mask, color: editor.mask.color, opacity: editor.mask.opacity * record.mask, into: px)
            }
            if let border = layers.border, let spec = editor.border {
                Blend.apply(border, color: spec.color, opacity: spec.opacity, into: px)
            }
            if let grid = layers.grid, let spec = editor.grid {
                let visible = spec.visibility == .always || (spec.visibility == .whileTouching && record.isTouching)
                if visible { Blend.apply(grid, color: spec.color, opacity: spec.opacity, into: px) }
            }
        }
        return out
    }

    /// Face boxes: 2-point red inside strokes of the face rects, mapped from image pixels.
    func drawFaces(_ record: FrameRecord, into px: UnsafeMutableBufferPointer<UInt8>, width: Int, height: Int) {
        let s = Double(scale)
        let k = record.k
        let origin = record.imageRect
        for face in editor.faces {
            let r = Rect(x: (origin.x + face.x * k) * s, y: (origin.y + face.y * k) * s, width: face.width * k * s, height: face.height * k * s)
            let outer = Shape.rect(r)
            let inner = outer.offset(-2 * s)
            let map = CoverageMap(width: width, height: height, box: FrameLayers.box(r), outside: 0) { x, y in
                let x0 = Double(x), y0 = Double(y)
                return outer.area(x0, y0, x0 + 1, y0 + 1) - (inner?.area(x0, y0, x0 + 1, y0 + 1) ?? 0)
            }
            Blend.apply(map, color: RGBA(255, 0, 0), opacity: 1, into: px)
        }
    }
}

/// Source-over blending of a flat colour through a coverage map.
public enum Blend {
    public static func apply(_ map: CoverageMap, color: RGBA, opacity: Double, into px: UnsafeMutableBufferPointer<UInt8>) {
        let alpha = opacity * Double(color.a) / 255
        guard alpha > 0 else { return }
        let c = (Double(color.r), Double(color.g), Double(color.b))
        // Full runs share one alpha: a lookup table per channel.
        var lut = [UInt8](repeating: 0, count: 768)
        for d in 0..<256 {
            let keep = Double(d) * (1 - alpha)
            lut[d] = UInt8(c.0 * alpha + keep + 0.5)
            lut[256 + d] = UInt8(c.1 * alpha + keep + 0.5)
            lut[512 + d] = UInt8(c.2 * alpha + keep + 0.5)
        }
        // A grey colour (r = g = b) has one table for all channels; when a 24-bit fixed-point
        // form reproduces that table exactly, full runs use it in a loop the compiler vectorizes.
        let fixed = color.r == color.g && color.g == color.b ? FixedBlend(color: c.0, alpha: alpha, lut: Array(lut[0..<256])) : nil
        let width = map.width
        map.values.withUnsafeBufferPointer { values in
            lut.withUnsafeBufferPointer { t in
                for (y, runs) in map.rows.enumerated() where !runs.isEmpty {
                    let rowBase = y * width * 3
                    for run in runs {
                        switch run {
                        case .full(let x0, let x1):
                            if let fixed {
                                fixed.apply(px.baseAddress! + rowBase + x0 * 3, count: (x1 - x0) * 3)
                                continue
                            }
                            var i = rowBase + x0 * 3
                            let end = rowBase + x1 * 3
                            while i < end {
                                px[i] = t[Int(px[i])]
                                px[i + 1] = t[256 + Int(px[i + 1])]
                                px[i + 2] = t[512 + Int(px[i + 2])]
                                i += 3
                            }
                        case .partial(let x0, let count, let offset):
                            for j in 0..<count {
                                let a = Double(values[offset + j]) * alpha
                                let i = rowBase + (x0 + j) * 3
                                px[i] = UInt8(c.0 * a + Double(px[i]) * (1 - a) + 0.5)
                                px[i + 1] = UInt8(c.1 * a + Double(px[i + 1]) * (1 - a) + 0.5)
                                px[i + 2] = UInt8(c.2 * a + Double(px[i + 2]) * (1 - a) + 0.5)
                            }
                        }
                    }
                }
            }
        }
    }
}

/// out = (d * m + k) >> 24 for a grey blend `round(c * alpha + d * (1 - alpha))`, kept only
/// when it reproduces the blend table exactly for all 256 inputs.
struct FixedBlend {
    let m: UInt32
    let k: UInt32

    init?(color c: Double, alpha: Double, lut: [UInt8]) {
        let one = Double(1 << 24)
        let m0 = (max(0, 1 - alpha) * one).rounded()
        let base = ((c * alpha + 0.5) * one).rounded()
        // Ties in the table (x.5 in double precision) decide which neighbour of the ideal
        // m and k matches: try a few.
        for mAdjust in [0.0, 1, -1, 2, -2] {
            for kAdjust in [0.0, 1, -1, 2, -2, 4, -4, 8, -8, 16, -16, 64, -64, 256, -256] {
                let mm = m0 + mAdjust, kk = base + kAdjust
                guard mm >= 0, kk >= 0, kk + 255 * mm < Double(UInt32.max) else { continue }
                let mv = UInt32(mm), kv = UInt32(kk)
                if (0..<256).allSatisfy({ d in (UInt32(d) * mv + kv) >> 24 == UInt32(lut[d]) }) {
                    m = mv
                    k = kv
                    return
                }
            }
        }
        return nil
    }

    @inline(never)
    func apply(_ p: UnsafeMutablePointer<UInt8>, count: Int) {
        let m = self.m, k = self.k
        for i in 0..<count { p[i] = UInt8(truncatingIfNeeded: (UInt32(p[i]) * m + k) >> 24) }
    }
}
