import CropBitmap
import CropEngine
import CropGeometry
import CropRender
import CropReplay
import TestSupport
import XCTest

/// Pixel-exact checks on tiny canvases whose expected pixels the test computes.
final class RendererTests: XCTestCase {
    /// A compositor and a frame record for a W x H viewport with no mask and no border.
    func setup(_ w: Int, _ h: Int, editor extra: String = "") throws -> (Compositor, FrameRecord) {
        let s = try scenario(
            """
            {"editor": {"viewport": {"width": \(w), "height": \(h)}, "mask": {"opacity": 0}, "border": null, "frame": {"size": [2, 2]}\(extra)}}
            """)
        let record = try Replayer.replay(s, imageWidth: 4, imageHeight: 4).frames[0]
        return (Compositor(editor: s.editor, scale: 1), record)
    }

    func grid4x4() -> RGBAImage {
        var p: [UInt8] = []
        for i in 0..<16 { p += [UInt8(i * 16), UInt8(255 - i * 16), UInt8(i * 7), 255] }
        return RGBAImage(width: 4, height: 4, pixels: p)
    }

    /// The 4x4 grid at k = 1 with its top-left corner at (x, y) on a 6x6 canvas.
    func renderGrid(x: Double, y: Double) throws -> (RGBAImage, RGBFrame) {
        let (c, base) = try setup(6, 6)
        var record = base
        record.shown = ViewState(k: 1, cx: x + 2, cy: y + 2)
        record.imageRect = Rect(x: x, y: y, width: 4, height: 4)
        let image = grid4x4()
        return (image, c.render(record, image: PremultipliedImage(image), layers: c.layers(for: record)))
    }

    func testImageAtScaleOneAndIntegralOffsetReproducesItself() throws {
        let (image, frame) = try renderGrid(x: 1, y: 1)
        for y in 0..<4 {
            for x in 0..<4 {
                let px = frame[x + 1, y + 1]
                let i = (y * 4 + x) * 4
                XCTAssertEqual([px.0, px.1, px.2], Array(image.pixels[i..<(i + 3)]), "texel \(x),\(y)")
            }
        }
        XCTAssertTrue(frame[0, 0] == (0, 0, 0))  // background outside the image
    }

    func testBilinearAtHalfPixelOffsetAveragesNeighbours() throws {
        let (image, frame) = try renderGrid(x: 0.5, y: 0)
        // Pixel (1, 0): u = (1.5 - 0.5) - 0.5 = 0.5: halfway between texels 0 and 1 of row 0.
        for x in 1...3 {
            let a = (x - 1) * 4
            let b = x * 4
            // Rounded half up (the compositor's rule, exact for weights of one half).
            let expected = (0..<3).map { ch in
                UInt8(((Double(image.pixels[a + ch]) + Double(image.pixels[b + ch])) / 2).rounded())
            }
            let px = frame[x, 0]
            XCTAssertEqual([px.0, px.1, px.2], expected, "pixel \(x)")
        }
        // Pixel (0, 0): half of texel 0 over the black background.
        let px = frame[0, 0]
        XCTAssertEqual(px.0, UInt8((Double(image.pixels[0]) / 2).rounded()))
    }

    func testUpscaledOpaqueImageEdgeBlendsOverTheBackground() throws {
        let (c, base) = try setup(12, 3, editor: ##", "background": "#FFFFFF""##)
        var record = base
        record.shown = ViewState(k: 3.3, cx: 2.2 + 3.3, cy: 1.5)
        record.imageRect = Rect(x: 2.2, y: -1.8, width: 6.6, height: 6.6)
        let image = RGBAImage(
            width: 2, height: 2, pixels: [200, 0, 0, 255, 0, 200, 0, 255, 200, 0, 0, 255, 0, 200, 0, 255])
        let frame = c.render(record, image: PremultipliedImage(image), layers: c.layers(for: record))
        for i in 0..<12 {
            // Middle row: both texel rows present; columns bilinear with missing texels = 0.
            let u = (Double(i) + 0.5 - 2.2) / 3.3 - 0.5
            let f = u.rounded(.down)
            let wx = u - f
            let i0 = Int(f)
            // (red, alpha)
            func texel(_ x: Int) -> (Double, Double) { x == 0 ? (200, 255) : x == 1 ? (0, 255) : (0, 0) }
            let t0 = texel(i0)
            let t1 = texel(i0 + 1)
            let red = t0.0 * (1 - wx) + t1.0 * wx
            let alpha = t0.1 * (1 - wx) + t1.1 * wx
            let expected = red + 255 * (1 - alpha / 255)
            // 8-bit weights: within one level of the real-valued blend.
            XCTAssertEqual(Double(frame[i, 1].0), expected, accuracy: 1, "column \(i), u \(u)")
        }
    }

    func testCircleHoleCoverageSumsToItsArea() throws {
        let s = try scenario(
            #"{"editor": {"viewport": {"width": 120, "height": 100}, "frame": {"shape": "circle", "size": [73.3, 73.3]}, "mask": {"region": "inside"}}}"#
        )
        let rect = s.editor.frame.rect(viewportWidth: 120, viewportHeight: 100)
        let layers = FrameLayers(editor: s.editor, scale: 1, viewportWidth: 120, viewportHeight: 100, frameRect: rect)
        let mask = try XCTUnwrap(layers.mask)
        let r = 73.3 / 2
        let area = Double.pi * r * r
        let edgePixels = 2 * Double.pi * r * 2
        XCTAssertEqual(mask.totalArea, area, accuracy: edgePixels / 255)
        XCTAssertEqual(mask.totalArea, area, accuracy: 0.01)  // exact area per pixel, in fact
        // Outside region: the complement.
        let s2 = try scenario(
            #"{"editor": {"viewport": {"width": 120, "height": 100}, "frame": {"shape": "circle", "size": [73.3, 73.3]}}}"#
        )
        let outside = try XCTUnwrap(
            FrameLayers(editor: s2.editor, scale: 1, viewportWidth: 120, viewportHeight: 100, frameRect: rect).mask)
        XCTAssertEqual(outside.totalArea, 12000 - area, accuracy: 0.01)
    }

    func testDashedCircleFollowsTheDashPatternByArcLength() throws {
        let s = try scenario(
            #"{"editor": {"viewport": {"width": 200, "height": 200}, "frame": {"shape": "circle", "size": [160, 160]}, "border": {"width": 2, "dash": [10, 10], "position": "center"}}}"#
        )
        let rect = s.editor.frame.rect(viewportWidth: 200, viewportHeight: 200)
        let border = try XCTUnwrap(
            FrameLayers(editor: s.editor, scale: 1, viewportWidth: 200, viewportHeight: 200, frameRect: rect).border)
        let r = 80.0
        var checked = 0
        for step in 0..<720 {
            let theta = Double(step) / 720 * 2 * Double.pi
            let arc = theta * r
            let phase = arc.truncatingRemainder(dividingBy: 20)
            let x = 100 + r * cos(theta)
            let y = 100 + r * sin(theta)  // clockwise on screen from 3 o'clock
            let px = Int(x)
            let py = Int(y)
            // Only pixels whose whole extent is well inside an on or off stretch.
            if phase > 2.5 && phase < 7.5 {
                XCTAssertGreaterThan(border.coverage(x: px, y: py), 0.2, "on at arc \(arc)")
                checked += 1
            } else if phase > 12.5 && phase < 17.5 {
                XCTAssertEqual(border.coverage(x: px, y: py), 0, "off at arc \(arc)")
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 300)
    }

    func testInsideBorderNeverTouchesPixelsOutsideTheFrame() throws {
        for shape in ["rect", "circle", "roundedRect"] {
            let s = try scenario(
                "{\"editor\": {\"viewport\": {\"width\": 101, \"height\": 90}, \"frame\": {\"shape\": \"\(shape)\", \"size\": [61.4, 61.4], \"cornerRadius\": 9}, \"border\": {\"width\": 3.3, \"position\": \"inside\"}}}"
            )
            let rect = s.editor.frame.rect(viewportWidth: 101, viewportHeight: 90)
            let border = try XCTUnwrap(
                FrameLayers(editor: s.editor, scale: 1, viewportWidth: 101, viewportHeight: 90, frameRect: rect).border)
            for y in 0..<90 {
                for x in 0..<101 {
                    let outside =
                        Double(x + 1) <= rect.minX || Double(x) >= rect.maxX || Double(y + 1) <= rect.minY
                        || Double(y) >= rect.maxY
                    if outside { XCTAssertEqual(border.coverage(x: x, y: y), 0, "\(shape) \(x),\(y)") }
                }
            }
            XCTAssertGreaterThan(border.totalArea, 100, shape)
        }
    }

    func testOutsideBorderNeverTouchesPixelsInsideTheFrameAndGridStaysInTheCircle() throws {
        let s = try scenario(
            #"{"editor": {"viewport": {"width": 101, "height": 90}, "frame": {"shape": "circle", "size": [61.4, 61.4]}, "border": {"width": 3.3, "position": "outside"}, "grid": {"lines": 2, "width": 1.5}}}"#
        )
        let rect = s.editor.frame.rect(viewportWidth: 101, viewportHeight: 90)
        let layers = FrameLayers(editor: s.editor, scale: 1, viewportWidth: 101, viewportHeight: 90, frameRect: rect)
        let border = try XCTUnwrap(layers.border)
        let grid = try XCTUnwrap(layers.grid)
        let c = rect.center
        let r = rect.width / 2
        for y in 0..<90 {
            for x in 0..<101 {
                // Farthest corner of the pixel from the centre: inside the circle means wholly inside.
                let fx = max(abs(Double(x) - c.x), abs(Double(x + 1) - c.x))
                let fy = max(abs(Double(y) - c.y), abs(Double(y + 1) - c.y))
                if fx * fx + fy * fy <= r * r { XCTAssertEqual(border.coverage(x: x, y: y), 0, "border at \(x),\(y)") }
                // Nearest point of the pixel from the centre: outside the circle means wholly outside.
                let nx = max(0, abs(Double(x) + 0.5 - c.x) - 0.5)
                let ny = max(0, abs(Double(y) + 0.5 - c.y) - 0.5)
                if nx * nx + ny * ny >= r * r { XCTAssertEqual(grid.coverage(x: x, y: y), 0, "grid at \(x),\(y)") }
            }
        }
        XCTAssertGreaterThan(grid.totalArea, 2 * 2 * 1.5 * 40)  // four lines, mostly inside
    }

    func testFaceBoxesAreHiddenWhileAGestureIsActive() throws {
        let s = try scenario(
            #"{"editor": {"viewport": {"width": 40, "height": 40}, "image": {"testcard": [40, 40]}, "fit": "aspectFit", "mask": {"opacity": 0}, "border": null, "faces": [[10, 10, 20, 20]]}, "script": [{"events": [{"frame": 1, "gesture": "pan", "phase": "began"}, {"frame": 2, "gesture": "pan", "phase": "ended"}]}]}"#
        )
        let trace = try Replayer.replay(s, imageWidth: 40, imageHeight: 40)
        let c = Compositor(editor: s.editor, scale: 1)
        let image = PremultipliedImage(Testcard.image(width: 40, height: 40))
        func red(_ n: Int) -> (UInt8, UInt8, UInt8) {
            let f = trace.frames[n]
            // on the box's left edge (2 pt inside stroke)
            return c.render(f, image: image, layers: c.layers(for: f))[10, 20]
        }
        XCTAssertTrue(red(0) == (255, 0, 0))  // idle: drawn
        XCTAssertFalse(red(1) == (255, 0, 0))  // pan began: hidden
        XCTAssertTrue(red(2) == (255, 0, 0))  // ended: drawn again
    }

    func testTestcardIsExact() {
        let card = Testcard.image(width: 300, height: 200)
        func px(_ x: Int, _ y: Int) -> [UInt8] {
            let i = (y * 300 + x) * 4
            return Array(card.pixels[i..<(i + 4)])
        }
        XCTAssertEqual(px(0, 0), [255, 0, 0, 255])
        XCTAssertEqual(px(296, 50), [255, 0, 0, 255])  // x >= w - 4
        XCTAssertEqual(px(100, 50), [255, 255, 255, 255])
        XCTAssertEqual(px(50, 30), [UInt8(50 * 255 / 299), UInt8(30 * 255 / 199), 200, 255])
        XCTAssertEqual(px(70, 30), [UInt8(70 * 255 / 299), UInt8(30 * 255 / 199), 80, 255])
    }

    func testDeterministicMathMatchesLibmClosely() {
        var rng = SeededRandom(seed: 7)
        for _ in 0..<2000 {
            let x = Double.random(in: -20...20, using: &rng)
            XCTAssertEqual(DetMath.exp(x), Foundation.exp(x), accuracy: Foundation.exp(x) * 1e-14)
            XCTAssertEqual(DetMath.sin(x), Foundation.sin(x), accuracy: 1e-14)
            XCTAssertEqual(DetMath.cos(x), Foundation.cos(x), accuracy: 1e-14)
            XCTAssertEqual(DetMath.atan2(x, 3.3), Foundation.atan2(x, 3.3), accuracy: 1e-14)
            let p = abs(x) + 1e-3
            XCTAssertEqual(DetMath.log(p), Foundation.log(p), accuracy: 1e-14)
        }
    }
}
