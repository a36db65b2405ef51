import CropEngine
import CropExplore
import CropGeometry
import CropScenario
import Foundation
import TestSupport
import Testing

/// `StartState(reopening:...)`: a crop saved from any state, re-opened at that crop, crops the
/// same pixels again within the crop's rounding, for both crop formulas, over many random
/// states of several presets.
@Suite struct StartFromCropTests {
    static let presets = [
        "fixed-frame-rollback", "circle-avatar-bounce", "portrait-7x10-zoom2", "wide-16x9-zoom10",
        "resizable-box-refit",
        "straighten-flip", "twist-doubletap",
    ]

    /// The crop `save` takes of a state, as the rect apps store.
    static func savedRect(_ s: EngineState, editor: EditorConfig) -> (rect: Rect, exact: Bool)? {
        if s.shown.a != 0 { return (CropMath.turnedRegion(s.shown, layout: s.layout, box: s.box).savedRect, true) }
        let raw = CropMath.rawRect(s.shown, layout: s.layout, box: s.box, formula: editor.crop.formula)
        guard
            let r = CropMath.rounded(
                raw, rounding: editor.crop.rounding, imageWidth: Int(s.layout.imageWidth),
                imageHeight: Int(s.layout.imageHeight))
        else { return nil }
        // A crop cut by the image's edge is not the box's own rect: re-opening it cannot give it back.
        let inside =
            raw.minX >= 0 && raw.minY >= 0 && raw.maxX <= s.layout.imageWidth && raw.maxY <= s.layout.imageHeight
        return (Rect(x: Double(r.x), y: Double(r.y), width: Double(r.w), height: Double(r.h)), inside)
    }

    @Test func aSaveReopenedAtItsCropGivesTheCropBack() throws {
        var random = SeededRandom(seed: 28)
        var checked = 0
        var worst = 0.0
        for preset in Self.presets {
            for rounding in CropRounding.allCases {
                var editor = EditorConfig.preset(preset)!
                editor.crop.rounding = rounding
                let engine = Engine(builtIn: editor, fps: 60)
                let angled = editor.constraint != .viewport && editor.crop.formula == .geometric
                for _ in 0..<60 {
                    let w = 400 + Int(random.unit() * 2000)
                    let h = 400 + Int(random.unit() * 2000)
                    var start = StartState(
                        mirrored: random.unit() < 0.5, turns: Int(random.unit() * 4), zoom: 1 + random.unit() * 3,
                        at: Point(random.unit() * Double(w), random.unit() * Double(h)))
                    if angled && random.unit() < 0.5 { start.angle = (random.unit() - 0.5) * 60 }
                    if editor.frame.resizable && random.unit() < 0.7 {
                        start.box = Size(80 + random.unit() * 260, 80 + random.unit() * 700)
                    }
                    guard var s = try? engine.initialState(imageWidth: w, imageHeight: h, start: start) else {
                        continue
                    }
                    // Save from a valid state: the start projected (the box covered by the image).
                    s.shown = s.layout.project(s.shown, anchor: s.shown.center, box: s.box)
                    guard let (saved, exact) = Self.savedRect(s, editor: editor), exact else { continue }
                    let reopen = try #require(
                        StartState(
                            reopening: saved, angle: s.shown.a, turns: s.orientation.turns,
                            mirrored: s.orientation.mirrored,
                            editor: editor, imageWidth: w, imageHeight: h),
                        "\(preset) \(saved)")
                    let again = try engine.initialState(imageWidth: w, imageHeight: h, start: reopen)
                    #expect(again.orientation == s.orientation)
                    #expect(again.shown.a == s.shown.a)
                    let (resaved, _) = try #require(Self.savedRect(again, editor: editor))
                    let edges = [
                        resaved.minX - saved.minX, resaved.minY - saved.minY, resaved.maxX - saved.maxX,
                        resaved.maxY - saved.maxY,
                    ].map(abs)
                    let worstEdge = edges.max()!
                    worst = max(worst, worstEdge)
                    // Within the rounding: one pixel per edge (an integral rect floors and ceils;
                    // at an angle, 1e-6 of a pixel).
                    let tolerance = s.shown.a == 0 ? 1.0 : 1e-6
                    #expect(
                        worstEdge <= tolerance, "\(preset) \(rounding) \(start): saved \(saved), re-opened \(resaved)")
                    checked += 1
                }
            }
        }
        // Most random states give a crop inside the image; the round trip ran on them.
        #expect(checked >= 500, "only \(checked) round trips")
        print("re-opened \(checked) saved crops; worst edge \(worst) px")
    }

    @Test func aHandWorkedExample() throws {
        // fixed-frame-rollback: 390x844, frame 330x495 centred at (195, 422), aspectFill of
        // 1600x1200: kBase = 844/1200. A 660x990 crop at (100, 50) is k = 330/660 = 0.5, zoom
        // 0.5 / (844/1200); its centre (430, 545) is the image point at the box centre.
        let editor = EditorConfig.preset("fixed-frame-rollback")!
        let start = try #require(
            StartState(
                reopening: Rect(x: 100, y: 50, width: 660, height: 990), editor: editor, imageWidth: 1600,
                imageHeight: 1200))
        #expect(start.at == Point(430, 545))
        #expect(abs(start.zoom! - 0.5 / (844.0 / 1200.0)) < 1e-12)
        #expect(start.box == nil)
        // The same crop of the image turned once and mirrored: the oriented point (430, 545) of
        // the 1200x1600 image came from source (545, 1200 - 430) = (545, 770), then the mirror
        // maps x to 1600 - 545 = 1055.
        let turned = try #require(
            StartState(
                reopening: Rect(x: 100, y: 50, width: 660, height: 990), turns: 1, mirrored: true, editor: editor,
                imageWidth: 1600,
                imageHeight: 1200))
        #expect(turned.at == Point(1055, 770))
        // The example of docs/scenarios.md: a crop at an angle re-opens to the same box in the image.
        let straighten = EditorConfig.preset("straighten-flip")!
        let documented = try #require(
            StartState(
                reopening: Rect(x: 300, y: 0, width: 900, height: 1200), angle: -8, turns: 1, editor: straighten,
                imageWidth: 1600,
                imageHeight: 1200))
        let reopened = try Engine(editor: straighten, fps: 60).initialState(
            imageWidth: 1600, imageHeight: 1200, start: documented)
        let rect = CropMath.turnedRegion(reopened.shown, layout: reopened.layout, box: reopened.box).savedRect
        #expect(abs(rect.midX - 750) < 1e-6 && abs(rect.midY - 600) < 1e-6)
        #expect(abs(rect.width - 900) < 1e-6 && abs(rect.height - 1200) < 1e-6)
        #expect(reopened.shown.a == -8 && reopened.orientation == ImageOrientation(turns: 1))
        // Refused: no area, offsetFactor at an angle.
        #expect(
            StartState(
                reopening: Rect(x: 0, y: 0, width: 0, height: 10), editor: editor, imageWidth: 1600, imageHeight: 1200)
                == nil)
        #expect(
            StartState(
                reopening: Rect(x: 0, y: 0, width: 10, height: 10), angle: 5,
                editor: EditorConfig.preset("wide-16x9-zoom10")!,
                imageWidth: 1600, imageHeight: 1200) == nil)
    }
}
