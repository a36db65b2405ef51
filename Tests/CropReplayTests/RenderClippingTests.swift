import CropBitmap
import CropEngine
import CropGeometry
import CropPipeline
import CropRender
import CropScenario
import TestSupport
import XCTest

/// Face boxes, the resizable box's handles, the grid, the border and the mask reaching past
/// any edge of the viewport are clipped, never fatal: a frame rendered on its viewport equals
/// the same frame rendered on a viewport `pad` points larger on every side (everything moved
/// by `pad`) and cropped back. Geometry is in whole points with k = 1 and a box whose sides
/// divide by 3, so both renders compute the same coverages exactly.
final class RenderClippingTests: XCTestCase {
    let width = 60.0
    let height = 48.0
    let pad = 40.0
    /// The 40 x 40 test card's rect in the viewport (k = 1).
    let imageRect = Rect(x: 10, y: 4, width: 40, height: 40)

    /// An editor with every layer that depends on the box: mask, inside border, grid always,
    /// resizable handles; faces are added per test.
    func baseEditor(scale: Int) throws -> EditorConfig {
        try scenario(
            """
            {"editor": {"viewport": {"width": \(width), "height": \(height), "scale": \(scale)}, "image": {"testcard": [40, 40]},
             "frame": {"size": [30, 24], "resizable": true, "minSize": [6, 6]}, "mask": {"opacity": 0.5},
             "border": {"width": 2, "position": "inside"}, "grid": {"visibility": "always", "width": 1}}}
            """
        ).editor
    }

    /// An idle frame record with the box and the image where the test puts them, on a
    /// viewport grown by `grow` points on every side (everything moved by `grow`).
    func record(box: Rect, grow: Double) throws -> FrameRecord {
        var r = try replay(
            #"{"editor": {"viewport": {"width": 60, "height": 48}, "image": {"testcard": [40, 40]}, "frame": {"size": [30, 24]}}}"#
        ).frames[0]
        r.viewportWidth = width + 2 * grow
        r.viewportHeight = height + 2 * grow
        r.box = Rect(x: box.x + grow, y: box.y + grow, width: box.width, height: box.height)
        r.imageRect = Rect(x: imageRect.x + grow, y: imageRect.y + grow, width: 40, height: 40)
        r.shown = ViewState(k: 1, cx: r.imageRect.center.x, cy: r.imageRect.center.y)
        r.mask = 1
        return r
    }

    /// A face at viewport rect `v` (points) in image pixels (k = 1).
    func face(_ v: Rect) -> Rect { Rect(x: v.x - imageRect.x, y: v.y - imageRect.y, width: v.width, height: v.height) }

    func render(_ editor: EditorConfig, box: Rect, scale: Int, grow: Double = 0) throws -> RGBFrame {
        let c = Compositor(editor: editor, scale: scale)
        let r = try record(box: box, grow: grow)
        return c.render(r, image: PremultipliedImage(Testcard.image(width: 40, height: 40)), layers: c.layers(for: r))
    }

    /// The frame on its viewport, and the grown frame's window that corresponds to it.
    func renderBothWays(_ editor: EditorConfig, box: Rect, scale: Int) throws -> (RGBFrame, RGBFrame) {
        let small = try render(editor, box: box, scale: scale)
        let big = try render(editor, box: box, scale: scale, grow: pad)
        XCTAssertEqual(small.width, Int(width) * scale)
        XCTAssertEqual(small.height, Int(height) * scale)
        let p = Int(pad) * scale
        var window = RGBFrame(width: small.width, height: small.height)
        for y in 0..<small.height {
            for x in 0..<small.width {
                let px = big[x + p, y + p]
                let i = (y * small.width + x) * 3
                (window.pixels[i], window.pixels[i + 1], window.pixels[i + 2]) = px
            }
        }
        return (small, window)
    }

    func differing(_ a: RGBFrame, _ b: RGBFrame) -> Int {
        (0..<(a.width * a.height)).filter { a[$0 % a.width, $0 / a.width] != b[$0 % a.width, $0 / a.width] }.count
    }

    /// Faces past each edge and corner: straddling (partly visible), just outside (within
    /// the 4-pixel margin the face layer keeps: the case that trapped) and far outside.
    func testFaceBoxesPastEveryEdgeAreClipped() throws {
        let straddling = [
            Rect(x: -5, y: 10, width: 20, height: 20), Rect(x: 50, y: 20, width: 20, height: 10),
            Rect(x: 20, y: -6, width: 15, height: 15), Rect(x: 30, y: 40, width: 12, height: 20),
            Rect(x: -8, y: -8, width: 16, height: 16), Rect(x: 52, y: 40, width: 30, height: 30),
            Rect(x: -200, y: 12, width: 230, height: 8),  // wider than the viewport, both sides cut
        ]
        let outside = [
            Rect(x: 61.5, y: 10, width: 10, height: 10), Rect(x: 60, y: 20, width: 50, height: 50),
            Rect(x: -12.5, y: 5, width: 10, height: 10),
            Rect(x: 20, y: -11, width: 10, height: 10), Rect(x: 20, y: 49, width: 10, height: 10),
            Rect(x: 62, y: 50, width: 3, height: 3),
            Rect(x: -1e5, y: 10, width: 10, height: 10), Rect(x: 1e5, y: 1e5, width: 10, height: 10),
            Rect(x: -1e5, y: -1e5, width: 2e5, height: 2e5),  // encloses the viewport: its strokes are all outside
            Rect(x: 30, y: 30, width: 0, height: 0), Rect(x: 70, y: 30, width: 0, height: 5),  // empty boxes
        ]
        let box = Rect(x: 15, y: 12, width: 30, height: 24)
        for scale in [1, 2] {
            var plain = try baseEditor(scale: scale)
            plain.faces = []
            let none = try render(plain, box: box, scale: scale)
            for (v, visible) in straddling.map({ ($0, true) }) + outside.map({ ($0, false) }) {
                var e = plain
                e.faces = [face(v)]
                let (small, window) = try renderBothWays(e, box: box, scale: scale)
                XCTAssertEqual(differing(small, window), 0, "face at \(v), scale \(scale): not the clipped drawing")
                if visible {
                    XCTAssertGreaterThan(
                        differing(small, none), 0, "face at \(v), scale \(scale): its visible part is not drawn")
                } else {
                    XCTAssertEqual(differing(small, none), 0, "face at \(v), scale \(scale): drawn though outside")
                }
            }
            // All of them at once, as one layer.
            var all = plain
            all.faces = (straddling + outside).map(face)
            let (small, window) = try renderBothWays(all, box: box, scale: scale)
            XCTAssertEqual(differing(small, window), 0, "all faces, scale \(scale)")
        }
    }

    /// The face stroke's visible pixels are the red stroke itself: a face whose left part is
    /// cut by the viewport's left edge keeps its right stroke (2 points wide) in pure red.
    func testVisiblePartOfACutFaceIsItsStroke() throws {
        for scale in [1, 2] {
            var e = try baseEditor(scale: scale)
            e.mask.opacity = 0
            e.faces = [face(Rect(x: -30, y: 2, width: 38, height: 8))]  // right edge at x = 8, above the box
            let frame = try render(e, box: Rect(x: 15, y: 12, width: 30, height: 24), scale: scale)
            let s = Double(scale)
            func at(_ x: Double, _ y: Double) -> (UInt8, UInt8, UInt8) { frame[Int(x * s), Int(y * s)] }
            XCTAssertTrue(at(7, 6) == (255, 0, 0), "right stroke, scale \(scale)")
            XCTAssertTrue(at(0.2, 2.5) == (255, 0, 0), "top stroke at the left edge, scale \(scale)")
            XCTAssertTrue(at(0.2, 9.5) == (255, 0, 0), "bottom stroke at the left edge, scale \(scale)")
            XCTAssertFalse(at(0.2, 6) == (255, 0, 0), "the left stroke lies outside the viewport, scale \(scale)")
        }
    }

    /// The box (with its handles, border, grid and mask hole) straddling each edge and corner,
    /// wholly outside each side, and larger than the viewport.
    func testBoxHandlesGridAndMaskPastEveryEdgeAreClipped() throws {
        let straddling = [
            Rect(x: -12, y: 12, width: 30, height: 24), Rect(x: 42, y: 12, width: 30, height: 24),
            Rect(x: 15, y: -10, width: 30, height: 24),
            Rect(x: 15, y: 34, width: 30, height: 24), Rect(x: -15, y: -12, width: 30, height: 24),
            Rect(x: 45, y: 36, width: 30, height: 24),
            Rect(x: -30, y: -30, width: 120, height: 108),  // larger than the viewport: only the grid crosses it
            Rect(x: 1, y: 1, width: 60, height: 48),  // handles past the right and bottom edges
            Rect(x: 61, y: 49, width: 3, height: 3),  // outside, but its handles reach 3 pt back in
        ]
        let outside = [
            Rect(x: -40, y: 12, width: 30, height: 24), Rect(x: 64, y: 12, width: 30, height: 24),
            Rect(x: 15, y: -30, width: 30, height: 24),
            Rect(x: 15, y: 52, width: 30, height: 24), Rect(x: 1e5, y: 1e5, width: 30, height: 24),
            Rect(x: -1e5, y: -1e5, width: 30, height: 24),
            Rect(x: 64, y: 52, width: 3, height: 3),
        ]
        for scale in [1, 2] {
            let e = try baseEditor(scale: scale)
            var bare = e
            bare.frame.resizable = false
            bare.grid = nil
            bare.border = nil
            for box in straddling + outside {
                let (small, window) = try renderBothWays(e, box: box, scale: scale)
                XCTAssertEqual(differing(small, window), 0, "box \(box), scale \(scale): not the clipped drawing")
            }
            for box in straddling {
                // Each of handles, border and grid adds something visible (the mask may cover all).
                let without = try render(bare, box: box, scale: scale)
                XCTAssertGreaterThan(
                    differing(try render(e, box: box, scale: scale), without), 0, "box \(box), scale \(scale)")
            }
            for box in outside {
                // Wholly outside: the handles, border and grid draw nothing; the mask covers all.
                XCTAssertEqual(
                    differing(try render(e, box: box, scale: scale), try render(bare, box: box, scale: scale)), 0,
                    "box \(box)")
            }
        }
    }

    /// Handles alone, exactly: a box cut by the left edge shows its right handles whole and
    /// the part of the left arms inside the viewport.
    func testHandlesOfABoxCutByTheLeftEdge() throws {
        for scale in [1, 2] {
            var e = try baseEditor(scale: scale)
            e.grid = nil
            e.border = nil
            e.mask.opacity = 0
            let box = Rect(x: -10, y: 12, width: 45, height: 24)
            let frame = try render(e, box: box, scale: scale)
            let s = Double(scale)
            func at(_ x: Double, _ y: Double) -> (UInt8, UInt8, UInt8) { frame[Int(x * s), Int(y * s)] }
            let white: (UInt8, UInt8, UInt8) = (255, 255, 255)
            XCTAssertTrue(at(36.5, 20) == white, "top-right vertical arm, scale \(scale)")  // x 35 ... 38, y 9 ... 29
            XCTAssertTrue(at(25, 10.5) == white, "top-right horizontal arm, scale \(scale)")  // x 18 ... 38, y 9 ... 12
            // x -13 ... 7
            XCTAssertTrue(at(0.5, 10.5) == white, "top-left horizontal arm inside the viewport, scale \(scale)")
            XCTAssertTrue(at(0.5, 37.5) == white, "bottom-left horizontal arm inside the viewport, scale \(scale)")
            XCTAssertFalse(at(7.5, 10.5) == white, "past the top-left arm's end, scale \(scale)")
            XCTAssertFalse(at(0.5, 20) == white, "the left arms' vertical parts lie outside, scale \(scale)")
        }
    }

    /// The issue's repro: one face at [1081, 500, 50, 50] on the default editor (just past
    /// the right edge) and faces past the right and left edges draw nothing; one that
    /// straddles the right edge draws its visible stroke (the mask is off to see it pure).
    func testDefaultEditorWithFacesPastTheRightEdge() throws {
        for scale in [1, 2] {
            func frame(_ faces: String, mask: String = "") throws -> (RGBFrame, FrameRecord) {
                let s = try scenario(#"{"editor": {"viewport": {"scale": \#(scale)}\#(mask), "faces": \#(faces)}}"#)
                let record = try replay(s).frames[0]
                let c = Compositor(editor: s.editor, scale: scale)
                let image = PremultipliedImage(Testcard.image(width: 1600, height: 1200))
                return (c.render(record, image: image, layers: c.layers(for: record)), record)
            }
            let (none, record) = try frame("[]")
            XCTAssertEqual(differing(try frame("[[1081, 500, 50, 50]]").0, none), 0)
            XCTAssertEqual(differing(try frame("[[1200, 500, 50, 50]]").0, none), 0)
            XCTAssertEqual(differing(try frame("[[-100, 500, 50, 50]]").0, none), 0)
            XCTAssertGreaterThan(record.imageRect.x + 1081 * record.k, 390)  // the repro's face is outside
            // A face that starts 5 pt before the right edge.
            let x = ((390 - 5 - record.imageRect.x) / record.k).rounded()
            let (cut, _) = try frame("[[\(Int(x)), 500, 50, 50]]", mask: #", "mask": {"opacity": 0}"#)
            let (plain, _) = try frame("[]", mask: #", "mask": {"opacity": 0}"#)
            XCTAssertGreaterThan(differing(cut, plain), 0)
            let s = Double(scale)
            let left = (record.imageRect.x + x * record.k + 1) * s  // 1 pt into the 2 pt stroke
            let mid = (record.imageRect.y + 525 * record.k) * s
            XCTAssertTrue(cut[Int(left), Int(mid)] == (255, 0, 0))
            // inside the face, not its stroke
            XCTAssertTrue(cut[390 * scale - 1, Int(mid)] == plain[390 * scale - 1, Int(mid)])
            XCTAssertEqual(cut.width, 390 * scale)
        }
    }

    /// A save at an angle outputs round(box / zoom) pixels: at a tiny zoom that is beyond any
    /// image (here 5.5e10 pixels a side), which overflowed while allocating the crop. It is now
    /// an error naming the save step, and a save of the same box at a sane zoom still works.
    func testACropAtAnAngleBeyondTheImageLimitsIsAnError() throws {
        func script(_ scale: Double, _ first: Double = 0.001) -> String {
            """
            {"name": "tiny", "editor": {"zoom": {"min": null, "max": null}, "policy": {"kind": "none"}}, "script": [
             {"pinch": {"scale": \(first), "duration": 0.1}}, {"pinch": {"scale": \(first), "duration": 0.1}},
             {"pinch": {"scale": \(scale), "duration": 0.1}},
             {"straighten": {"to": 10, "duration": 0.1}}, {"save": {"name": "c"}}]}
            """
        }
        let loaded = try LoadedScenario.load(text: script(0.01), file: "tiny.json", name: "tiny")
        XCTAssertThrowsError(try loaded.replay()) { error in
            guard case .scenario(let e)? = error as? ReplayFailure else { return XCTFail("\(error)") }
            XCTAssertEqual(e.place, "script[4]")
            XCTAssertTrue(e.message.contains("the crop \"c\" would be 55450236967x55450236967 pixels"), e.message)
        }
        let sane = try LoadedScenario.load(text: script(1, 1), file: "sane.json", name: "sane").replay()
        let crop = try XCTUnwrap(sane.crops.first)
        XCTAssertLessThan(crop.width * crop.height, Limits.maxImagePixels)
    }
}
