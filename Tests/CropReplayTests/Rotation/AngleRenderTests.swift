import CropBitmap
import CropEngine
import CropGeometry
import CropRender
import CropScenario
import Foundation
import TestSupport
import Testing

/// Rendering and crops at an angle and through quarter turns (docs/behaviour.md, "Rendering" and "Crops"), checked
/// against direct evaluations of the mapping.
@Suite struct AngleRenderTests {
    /// An editor that draws only the photo: no mask, border or grid, black background.
    static let plain = editor {
        $0.viewport = ViewportSpec(width: 160, height: 120, scale: 1)
        $0.frame = FrameSpec(size: Size(60, 60))
        $0.mask.opacity = 0
        $0.border = nil
        $0.grid = nil
    }

    static func render(_ record: FrameRecord, _ image: RGBAImage, scale: Int = 1) -> RGBFrame {
        let c = Compositor(editor: plain, scale: scale)
        return c.render(record, image: PremultipliedImage(image), layers: c.layers(for: record))
    }

    /// The test card turned clockwise once, pixel by pixel ((x, y) -> (h-1-y, x)).
    static func turnedOnce(_ image: RGBAImage) -> RGBAImage {
        var out = RGBAImage(width: image.height, height: image.width)
        for y in 0..<image.height {
            for x in 0..<image.width {
                let s = (y * image.width + x) * 4
                let d = (x * out.width + (image.height - 1 - y)) * 4
                for c in 0..<4 { out.pixels[d + c] = image.pixels[s + c] }
            }
        }
        return out
    }

    @Test func aTurnedTestCardMatchesTheMappingPixelByPixel() {
        let card = Testcard.image(width: 200, height: 150)
        let s = ViewState(k: 0.7, cx: 83.3, cy: 58.9, a: 17)
        let record = FrameRecord.still(
            s, image: (200, 150), viewport: (160, 120), box: Rect(x: 50, y: 30, width: 60, height: 60))
        let frame = Self.render(record, card)
        let r = Rotation(degrees: 17)
        var worst = 0
        for py in 0..<120 {
            for px in 0..<160 {
                // Real-valued bilinear of the (opaque) card with transparent texels outside, over black.
                let q = r.inverse(Point(((Double(px) + 0.5) - s.cx) / s.k, ((Double(py) + 0.5) - s.cy) / s.k))
                let u = q.x + 100 - 0.5
                let v = q.y + 75 - 0.5
                let fu = u.rounded(.down)
                let fv = v.rounded(.down)
                var rgb = (0.0, 0.0, 0.0)
                for (dx, dy) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
                    let i = Int(fu) + dx
                    let j = Int(fv) + dy
                    guard fu >= -2, fv >= -2, i >= 0, i < 200, j >= 0, j < 150 else { continue }
                    let w = (dx == 0 ? 1 - (u - fu) : u - fu) * (dy == 0 ? 1 - (v - fv) : v - fv)
                    let p = (j * 200 + i) * 4
                    rgb.0 += w * Double(card.pixels[p])
                    rgb.1 += w * Double(card.pixels[p + 1])
                    rgb.2 += w * Double(card.pixels[p + 2])
                }
                let got = frame[px, py]
                worst = max(
                    worst, abs(Int(got.0) - Int(rgb.0.rounded())), abs(Int(got.1) - Int(rgb.1.rounded())),
                    abs(Int(got.2) - Int(rgb.2.rounded())))
            }
        }
        #expect(worst <= 1, "largest difference from the direct evaluation: \(worst) levels")
    }

    @Test func aQuarterTurnRendersTheTurnedImageExactly() {
        let card = Testcard.image(width: 200, height: 150)
        let s = ViewState(k: 0.63, cx: 77.7, cy: 61.2)
        let viaOrientation = Self.render(
            .still(
                s, image: (200, 150), orientation: ImageOrientation(turns: 1), viewport: (160, 120),
                box: Rect(x: 50, y: 30, width: 60, height: 60)),
            card, scale: 2)
        let viaPixels = Self.render(
            .still(s, image: (150, 200), viewport: (160, 120), box: Rect(x: 50, y: 30, width: 60, height: 60)),
            Self.turnedOnce(card), scale: 2)
        #expect(viaOrientation == viaPixels)
    }

    @Test func aCropAtNinetyDegreesIsTheTurnedPixelsExactly() {
        let card = Testcard.image(width: 200, height: 150)
        let crop = CropRecord(
            name: "c", frame: 0, region: .pixels(x: 13, y: 21, width: 70, height: 90), circleAlpha: false,
            sourceImageIndex: 0, loadsAsImageIndex: nil, orientation: ImageOrientation(turns: 1))
        let viaOrientation = CropPixels.cut(card, crop: crop)
        let viaPixels = CropPixels.cut(Self.turnedOnce(card), x: 13, y: 21, width: 70, height: 90, circleAlpha: false)
        #expect(viaOrientation == viaPixels)
    }

    @Test func aCropAtTenDegreesIsTheRenderAtSourceResolution() {
        // k = 1: one point per texel, so the crop's pixel centres are the frame's at scale 1.
        let card = Testcard.image(width: 200, height: 150)
        let s = ViewState(k: 1, cx: 80.4, cy: 60.2, a: 10)
        let box = Rect(x: 40, y: 30, width: 70, height: 55)
        let frame = Self.render(.still(s, image: (200, 150), viewport: (160, 120), box: box), card)
        let layout = Layout(
            editor: Self.plain, viewportWidth: 160, viewportHeight: 120, imageWidth: 200, imageHeight: 150)
        let region = CropMath.turnedRegion(s, layout: layout, box: box)
        guard case .turned(let corners, let w, let h, _, _) = region else {
            Issue.record("expected a turned region")
            return
        }
        #expect(w == 70 && h == 55)
        // The quad: the box's top-left corner in image pixels.
        let tl = Rotation(degrees: 10).inverse(Point(40 - 80.4, 30 - 60.2))
        #expect(abs(corners[0].x - (tl.x + 100)) < 1e-12 && abs(corners[0].y - (tl.y + 75)) < 1e-12)
        let crop = CropPixels.cut(
            card,
            crop: CropRecord(
                name: "c", frame: 0, region: region, circleAlpha: false, sourceImageIndex: 0, loadsAsImageIndex: nil,
                orientation: .identity))
        var worst = 0
        for j in 0..<h {
            for i in 0..<w {
                let p = (j * w + i) * 4
                let a = Double(crop.pixels[p + 3]) / 255
                let got = frame[40 + i, 30 + j]
                for (c, f) in [got.0, got.1, got.2].enumerated() {
                    worst = max(worst, abs(Int((Double(crop.pixels[p + c]) * a).rounded()) - Int(f)))
                }
            }
        }
        #expect(worst <= 1, "largest difference: \(worst)")
    }
}
