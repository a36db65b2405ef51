import CropBitmap
import CropEngine
import CropRender
import CropReplay
import TestSupport
import XCTest

/// The compositor's photo layer (cached rows, vector loops, edge columns) against a
/// per-pixel evaluation of the documented integer formula, on random images and
/// placements: opaque and translucent images, up- and downscaling, every edge.
final class PhotoSamplerTests: XCTestCase {
    /// The documented arithmetic, one pixel at a time, straight from the texels.
    func reference(_ image: RGBAImage, rect: Rect, k: Double, scale: Int, width: Int, height: Int, bg: (Int, Int, Int))
        -> [UInt8]
    {
        let pm = PremultipliedImage(image)
        let s = Double(scale)
        func texel(_ x: Int, _ y: Int, _ ch: Int) -> Int {
            guard x >= 0, y >= 0, x < image.width, y < image.height else { return 0 }
            return Int(pm.pixels[(y * image.width + x) * 4 + ch])
        }
        var out = [UInt8](repeating: 0, count: width * height * 3)
        for py in 0..<height {
            for px in 0..<width {
                let u = ((Double(px) + 0.5) / s - rect.x) / k - 0.5
                let v = ((Double(py) + 0.5) / s - rect.y) / k - 0.5
                let fu = u.rounded(.down)
                let fv = v.rounded(.down)
                let o = (py * width + px) * 3
                let inside = fu >= -1 && fu < Double(image.width) && fv >= -1 && fv < Double(image.height)
                guard inside else {
                    out[o] = UInt8(bg.0)
                    out[o + 1] = UInt8(bg.1)
                    out[o + 2] = UInt8(bg.2)
                    continue
                }
                let i0 = Int(fu)
                let j0 = Int(fv)
                let b = Int(((u - fu) * 256).rounded())
                let bv = Int(((v - fv) * 256).rounded())
                let v0 = j0 >= 0 ? 256 - bv : 0
                let v1 = j0 + 1 < image.height ? bv : 0
                func h(_ row: Int, _ ch: Int) -> Int { texel(i0, row, ch) * (256 - b) + texel(i0 + 1, row, ch) * b }
                func p(_ ch: Int) -> Int { (h(j0, ch) * v0) >> 8 + (h(j0 + 1, ch) * v1) >> 8 }
                let pa = p(3)
                let full = 255 * 256
                for (ch, d) in [(0, bg.0), (1, bg.1), (2, bg.2)] {
                    out[o + ch] = UInt8(min(255, (p(ch) * 255 + d * (full - min(pa, full)) + 255 * 128) / full))
                }
            }
        }
        return out
    }

    func testPhotoLayerEqualsThePerPixelFormula() throws {
        var random = SeededRandom(seed: 7)
        for trial in 0..<60 {
            let iw = 1 + Int(random.next() % 9)
            let ih = 1 + Int(random.next() % 9)
            let translucent = trial % 3 == 0
            var pixels: [UInt8] = []
            for _ in 0..<(iw * ih) {
                let a: UInt8 = translucent ? UInt8(truncatingIfNeeded: random.next() % 256) : 255
                pixels += [
                    UInt8(truncatingIfNeeded: random.next()), UInt8(truncatingIfNeeded: random.next()),
                    UInt8(truncatingIfNeeded: random.next()), a,
                ]
            }
            let image = RGBAImage(width: iw, height: ih, pixels: pixels)
            let vw = 4 + Int(random.next() % 12)
            let vh = 4 + Int(random.next() % 12)
            let scale = 1 + Int(random.next() % 3)
            let k = 0.3 + random.unit() * 4
            let rect = Rect(
                x: random.unit() * 8 - 4, y: random.unit() * 8 - 4, width: Double(iw) * k, height: Double(ih) * k)
            let background = trial % 2 == 0 ? "#204060" : "#000000"
            let s = try scenario(
                """
                {"editor": {"viewport": {"width": \(vw), "height": \(vh), "scale": \(scale)}, "background": "\(background)", "mask": {"opacity": 0}, "border": null, "frame": {"size": [2, 2]}}}
                """)
            var record = try Replayer.replay(s, imageWidth: iw, imageHeight: ih).frames[0]
            record.shown = ViewState(k: k, cx: rect.midX, cy: rect.midY)
            record.imageRect = rect
            let c = Compositor(editor: s.editor, scale: scale)
            let frame = c.render(record, image: PremultipliedImage(image), layers: c.layers(for: record))
            let bg = trial % 2 == 0 ? (0x20, 0x40, 0x60) : (0, 0, 0)
            let expected = reference(
                image, rect: rect, k: k, scale: scale, width: vw * scale, height: vh * scale, bg: bg)
            XCTAssertEqual(
                frame.pixels, expected,
                "trial \(trial): image \(iw)x\(ih) translucent \(translucent), k \(k), rect \(rect), scale \(scale)"
            )
        }
    }

    func testWideRowsUseTheVectorLoopAndMatchTheFormula() throws {
        // Rows wider than the vector width, both scaling directions, an opaque image.
        var random = SeededRandom(seed: 11)
        var pixels: [UInt8] = []
        for _ in 0..<(40 * 30) {
            pixels += [
                UInt8(truncatingIfNeeded: random.next()), UInt8(truncatingIfNeeded: random.next()),
                UInt8(truncatingIfNeeded: random.next()), 255,
            ]
        }
        let image = RGBAImage(width: 40, height: 30, pixels: pixels)
        for k in [0.37, 1, 2.71] {
            let s = try scenario(
                """
                {"editor": {"viewport": {"width": 37, "height": 23, "scale": 2}, "mask": {"opacity": 0}, "border": null, "frame": {"size": [2, 2]}}}
                """)
            var record = try Replayer.replay(s, imageWidth: 40, imageHeight: 30).frames[0]
            let rect = Rect(x: -3.3, y: -2.1, width: 40 * k, height: 30 * k)
            record.shown = ViewState(k: k, cx: rect.midX, cy: rect.midY)
            record.imageRect = rect
            let c = Compositor(editor: s.editor, scale: 2)
            let frame = c.render(record, image: PremultipliedImage(image), layers: c.layers(for: record))
            XCTAssertEqual(
                frame.pixels, reference(image, rect: rect, k: k, scale: 2, width: 74, height: 46, bg: (0, 0, 0)),
                "k \(k)")
        }
    }
}
