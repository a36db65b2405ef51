import CropEngine
import CropReplay
import TestSupport
import XCTest

@testable import CropScenario

/// Presets' initial states against hand computations, and crop rects (docs/behaviour.md, "Crops").
final class PresetAndCropTests: XCTestCase {
    func initial(_ preset: String) throws -> FrameRecord {
        try replay("{\"preset\": \"\(preset)\"}").frames[0]
    }

    func assertRect(
        _ r: Rect, _ x: Double, _ y: Double, _ w: Double, _ h: Double, file: StaticString = #filePath,
        line: UInt = #line
    ) {
        XCTAssertEqual(r.x, x, accuracy: 1e-9, file: file, line: line)
        XCTAssertEqual(r.y, y, accuracy: 1e-9, file: file, line: line)
        XCTAssertEqual(r.width, w, accuracy: 1e-9, file: file, line: line)
        XCTAssertEqual(r.height, h, accuracy: 1e-9, file: file, line: line)
    }

    func testFixedFrameRollback() throws {
        let f = try initial("fixed-frame-rollback")
        let k = 844.0 / 1200  // aspectFill: max(390/1600, 844/1200)
        XCTAssertEqual(f.k, k, accuracy: 1e-12)
        XCTAssertEqual(f.zoom, 1, accuracy: 1e-12)
        assertRect(f.imageRect, 195 - 800 * k, 0, 1600 * k, 844)
        assertRect(f.frameRect, 30, 174.5, 330, 495)
    }

    func testCircleAvatarBounce() throws {
        let f = try initial("circle-avatar-bounce")
        XCTAssertEqual(f.k, 375.0 / 1200, accuracy: 1e-12)  // shortSide
        XCTAssertEqual(f.zoom, 0.3125, accuracy: 1e-12)  // base pixels
        assertRect(f.imageRect, -62.5, 146, 500, 375)
        assertRect(f.frameRect, 20, 166, 335, 335)  // circle, margin 20
        XCTAssertTrue(f.valid)
    }

    func testPortrait7x10() throws {
        let f = try initial("portrait-7x10-zoom2")
        let k = 390.0 / 1600
        XCTAssertEqual(f.k, k, accuracy: 1e-12)
        assertRect(f.imageRect, 0, (763 - 1200 * k) / 2, 390, 1200 * k)
        let h = 390.0 / 7 * 10
        assertRect(f.frameRect, 0, (763 - h) / 2, 390, h)
        XCTAssertTrue(f.valid)  // the content box equals the viewport at zoom 1
    }

    func testWide16x9() throws {
        let f = try initial("wide-16x9-zoom10")
        let k = 390.0 / 1600
        assertRect(f.imageRect, 0, (844 - 1200 * k) / 2, 390, 1200 * k)
        assertRect(f.frameRect, 0, (844 - 219.375) / 2, 390, 219.375)
    }

    func testCodeDefaultsAreTheSpecDefaults() throws {
        // EditorConfig.defaults is what `{}` decodes to, and it is docs/scenarios.md's list;
        // the public initializer's defaults are the same, key by key.
        XCTAssertEqual(EditorConfig.defaults, try scenario("{}").editor)
        XCTAssertEqual(EditorConfig(), try scenario("{}").editor)
        XCTAssertEqual(
            EditorConfig(zoom: ZoomSpec(max: 4), policy: PolicySpec(kind: .clamp)),
            try scenario(#"{"editor": {"zoom": {"max": 4}, "policy": {"kind": "clamp"}}}"#).editor)
        XCTAssertEqual(
            ScenarioEncoder.editor(.defaults).canonicalText,
            ##"{"background":"#000000","border":{"color":"#FFFFFF","dash":[],"opacity":1,"position":"center","width":2},"##
                + ##""constraint":"frame","crop":{"formula":"geometric","rounding":"integral"},"doubleTap":{"action":"none","##
                + ##""factor":2},"faces":[],"fit":"aspectFill","frame":{"aspect":[1,1],"cornerRadius":12,"##
                + ##""handleSize":44,"handles":"cornersAndEdges","lockAspect":false,"margin":0,"minSize":[44,44],"##
                + ##""resizable":false,"shape":"rect"},"grid":null,"image":{"testcard":[1600,1200]},"mask":{"##
                + ##""color":"#000000","fade":0,"opacity":0.8,"region":"outside","visibility":"always"},"policy":{"##
                + ##""animation":{"curve":"none"},"kind":"rollback","momentum":null,"onCancel":"settle","##
                + ##""rollback":"whole","rubberBand":0.55},"refit":{"animation":{"curve":"easeInOut","duration":0.5},"##
                + ##""delay":0.8},"rotation":{"autoCover":false,"gesture":false,"limit":45},"turn":{"box":"stays"},"##
                + ##""viewport":{"height":844,"scale":1,"width":390},"zoom":{"anchor":"focal","base":"fit","max":10,"##
                + ##""min":1}}"##)
    }

    func testEditorOverridesMergeOverPreset() throws {
        let s = try scenario(
            #"{"preset": "circle-avatar-bounce", "editor": {"viewport": {"scale": 2}, "policy": {"kind": "clamp"}, "frame": {"size": [200, 200]}}}"#
        )
        XCTAssertEqual(s.editor.viewport.width, 375)
        XCTAssertEqual(s.editor.viewport.scale, 2)
        XCTAssertEqual(s.editor.policy.kind, .clamp)
        XCTAssertEqual(s.editor.policy.momentum, 0.998)  // kept from the preset
        XCTAssertEqual(s.editor.frame.shape, .circle)
        XCTAssertEqual(s.editor.frame.size?.width, 200)
    }

    func crop(_ editor: String, script: String = "") throws -> CropRecord {
        let t = try replay(
            "{\"editor\": \(editor), \"script\": [\(script)\(script.isEmpty ? "" : ", "){\"save\": {\"name\": \"c\"}}]}"
        )
        return try XCTUnwrap(t.crops.first)
    }

    func testSquareFrameAtFractionalOffset() throws {
        // 391 wide: the 200x200 frame sits at x = 95.5; image 391x400 at k = 1.
        let base =
            #"{"viewport": {"width": 391, "height": 400}, "image": {"testcard": [391, 400]}, "fit": "aspectFit", "frame": {"size": [200, 200]}"#
        let integral = try crop(base + "}")
        XCTAssertEqual(integral.pixelRect, [95, 100, 201, 200])  // floor / ceil: not square
        let rounded = try crop(base + #", "crop": {"rounding": "round"}}"#)
        XCTAssertEqual(rounded.pixelRect, [96, 100, 200, 200])  // square
    }

    func testGeometricCropFollowsTheShownState() throws {
        let c = try crop(
            #"{"viewport": {"width": 400, "height": 400}, "image": {"testcard": [800, 800]}, "fit": "aspectFit", "frame": {"size": [200, 200]}}"#,
            script: #"{"pan": {"by": [-30, 20], "duration": 0}}"#)
        // One-frame pan (exact deltas). k = 0.5, image origin (-30, 20): ((100 + 30) / 0.5, (100 - 20) / 0.5, 400, 400).
        XCTAssertEqual(c.pixelRect, [260, 160, 400, 400])
    }

    func testCropIsIntersectedWithTheImage() throws {
        let c = try crop(
            #"{"viewport": {"width": 400, "height": 400}, "image": {"testcard": [800, 800]}, "fit": "aspectFit", "frame": {"size": [200, 200]}, "policy": {"kind": "none"}}"#,
            script: #"{"pan": {"by": [250, 0], "duration": 0.1}}"#)
        // Image x from 250: the frame [100, 300] maps to [-300, 100] image pixels -> clipped to [0, 100].
        XCTAssertEqual(c.pixelRect?[0], 0)
        XCTAssertEqual(c.width, 100)
    }

    func testOffsetFactorFormula() throws {
        let t = try replay(#"{"preset": "wide-16x9-zoom10", "script": [{"save": {"name": "c"}}]}"#)
        let c = try XCTUnwrap(t.crops.first)
        // zoom 1: content box = viewport, (ax, ay) = (0, (844 - 292.5)/2); factor 1600/390.
        let W = 390.0
        let iw = 1600.0
        let kFit = 390.0 / 1600
        let ay = (844 - 1200 * kFit) / 2
        let fy = (844 - 219.375) / 2
        let y = (fy - 0 - ay * 1) / 1 * iw / W
        let h = 219.375 / 1 * iw / W
        let r = try XCTUnwrap(c.pixelRect)
        XCTAssertEqual(r[0], 0)
        XCTAssertEqual(r[1], Int(y.rounded(.down)))
        XCTAssertEqual(r[1] + r[3], Int((y + h).rounded(.up)))
        XCTAssertEqual(c.width, 1600)
    }

    func testEmptyCropIsAnError() {
        XCTAssertThrowsError(
            try crop(
                #"{"viewport": {"width": 400, "height": 400}, "image": {"testcard": [800, 800]}, "fit": "aspectFit", "frame": {"size": [200, 200]}, "policy": {"kind": "none"}}"#,
                script: #"{"pan": {"by": [400, 0], "duration": 0.1}}"#)
        ) { e in
            XCTAssertTrue("\(e)".contains("crop is empty"), "\(e)")
        }
    }
}
