import CropEngine
import Foundation
import TestSupport
import XCTest

/// Each policy on a scripted drag past the frame edge and release; expected values
/// are computed here from the formulas of SPEC section 7.
///
/// Geometry: viewport 400x400, test card 800x800 aspect-fitted (k = 0.5, image
/// 400x400 centred at 200,200), frame 200x200 at (100, 100). The centre may move
/// within x in [100, 300] while the frame stays covered.
final class PolicyTests: XCTestCase {
    func editor(_ policy: String) -> String {
        """
        {"viewport": {"width": 400, "height": 400}, "image": {"testcard": [800, 800]}, "fit": "aspectFit",
         "frame": {"size": [200, 200]}, "zoom": {"min": 0.5, "max": 4}, "policy": \(policy)}
        """
    }

    /// began, a drag to +90 (valid), to +150 (50 past the edge), release at +150.
    func dragOut(_ policy: String, velocity: String = "") -> String {
        """
        {"editor": \(editor(policy)), "script": [{"events": [
          {"frame": 1, "gesture": "pan", "phase": "began"},
          {"frame": 2, "gesture": "pan", "phase": "changed", "translation": [90, 0]},
          {"frame": 3, "gesture": "pan", "phase": "changed", "translation": [150, 0]},
          {"frame": 4, "gesture": "pan", "phase": "ended", "translation": [150, 0]\(velocity)}
        ]}, {"wait": 1}]}
        """
    }

    func cx(_ f: FrameRecord) -> Double { f.imageRect.x + f.imageRect.width / 2 }

    func b(_ x: Double, c: Double = 0.55, d: Double) -> Double { (1 - 1 / (x * c / d + 1)) * d }

    func testNoneShowsRawAndKeepsIt() throws {
        let t = try replay(dragOut(#"{"kind": "none"}"#))
        XCTAssertEqual(cx(t.frames[3]), 350, accuracy: 1e-9)
        XCTAssertFalse(t.frames[3].valid)
        XCTAssertEqual(cx(t.frames.last!), 350, accuracy: 1e-9)
        XCTAssertFalse(t.frames.last!.valid)
    }

    func testClampIsAHardWallAndReversingMovesAtOnce() throws {
        let t = try replay(
            """
            {"editor": \(editor(#"{"kind": "clamp"}"#)), "script": [{"events": [
              {"frame": 1, "gesture": "pan", "phase": "began"},
              {"frame": 2, "gesture": "pan", "phase": "changed", "translation": [150, 0]},
              {"frame": 3, "gesture": "pan", "phase": "changed", "translation": [100, 0]},
              {"frame": 4, "gesture": "pan", "phase": "ended", "translation": [100, 0]}]}]}
            """)
        XCTAssertEqual(cx(t.frames[2]), 300, accuracy: 1e-9)  // wall at the bound
        XCTAssertTrue(t.frames[2].valid)
        XCTAssertEqual(cx(t.frames[3]), 250, accuracy: 1e-9)  // -50 applies from the wall
        XCTAssertTrue(t.frames.allSatisfy { $0.valid })
    }

    func testRubberBandShowsBandedOvershootThenSettlesLinearly() throws {
        let t = try replay(dragOut(#"{"kind": "rubberBand", "animation": {"curve": "linear", "duration": 0.2}}"#))
        let shown = 300 + b(50, d: 400)
        XCTAssertEqual(cx(t.frames[3]), shown, accuracy: 1e-9)
        // Release on frame 4 (raw stays at 350): settle to P(shown) = 300, first advanced on frame 4.
        XCTAssertEqual(cx(t.frames[4]), shown + (300 - shown) * (1.0 / 60) / 0.2, accuracy: 1e-9)
        XCTAssertTrue(t.frames[4].animating)
        // 0.2 s at 60 fps: the 12th advance ends it, on frame 4 + 11.
        XCTAssertTrue(t.frames[14].animating)
        XCTAssertFalse(t.frames[15].animating)
        XCTAssertEqual(cx(t.frames[15]), 300, accuracy: 1e-9)
    }

    func testRubberBandOnZoomUsesLog2WithDOne() throws {
        let t = try replay(
            """
            {"editor": \(editor(#"{"kind": "rubberBand"}"#)), "script": [{"events": [
              {"frame": 1, "gesture": "pinch", "phase": "began", "location": [200, 200]},
              {"frame": 2, "gesture": "pinch", "phase": "changed", "scale": 8, "location": [200, 200]}]}]}
            """)
        // raw zoom 8, max 4: log2 overshoot 1 shows as b(1) with d = 1.
        let shownZoom = pow(2, 2 + b(1, d: 1))
        XCTAssertEqual(t.frames[2].zoom, shownZoom, accuracy: 1e-9)
    }

    func testSnapNearestSettlesToProjectionOnRelease() throws {
        let t = try replay(dragOut(#"{"kind": "snapNearest"}"#))
        XCTAssertEqual(cx(t.frames[3]), 350, accuracy: 1e-9)
        XCTAssertEqual(cx(t.frames[4]), 300, accuracy: 1e-9)  // curve none: at the event
        XCTAssertFalse(t.frames[4].animating)
    }

    func testRollbackWholeReturnsToLastValidState() throws {
        let t = try replay(dragOut(#"{"kind": "rollback", "rollback": "whole"}"#))
        XCTAssertEqual(cx(t.frames[4]), 290, accuracy: 1e-9)  // +90 was the last valid event
        XCTAssertTrue(t.frames[4].valid)
    }

    func testRollbackPerGestureRestoresOnlyThatRecognizersPart() throws {
        let t = try replay(
            """
            {"editor": \(editor(#"{"kind": "rollback", "rollback": "perGesture"}"#)), "script": [{"events": [
              {"frame": 1, "gesture": "pinch", "phase": "began", "location": [200, 200]},
              {"frame": 1, "gesture": "pan", "phase": "began"},
              {"frame": 2, "gesture": "pinch", "phase": "changed", "scale": 1.5, "location": [200, 200]},
              {"frame": 3, "gesture": "pan", "phase": "changed", "translation": [250, 0]},
              {"frame": 4, "gesture": "pan", "phase": "ended", "translation": [250, 0]},
              {"frame": 5, "gesture": "pinch", "phase": "ended", "scale": 1.5, "location": [200, 200]}]}]}
            """)
        // At zoom 1.5 the centre may go to 100 + 300 = 400 at most; +250 -> 450 is invalid.
        XCTAssertFalse(t.frames[3].valid)
        // Pan ends while the pinch is active: the pan's centre comes back at once, k stays.
        XCTAssertEqual(cx(t.frames[4]), 200, accuracy: 1e-9)
        XCTAssertEqual(t.frames[4].k, 0.75, accuracy: 1e-12)
    }

    func testMomentumTargetIsProjectedFlingEvenWhenValid() throws {
        let t = try replay(
            """
            {"editor": \(editor(#"{"kind": "snapNearest", "momentum": 0.9, "animation": {"curve": "linear", "duration": 0.1}}"#)), "script": [{"events": [
              {"frame": 1, "gesture": "pan", "phase": "began"},
              {"frame": 2, "gesture": "pan", "phase": "ended", "translation": [50, 0], "velocity": [600, 0]}]}, {"wait": 1}]}
            """)
        let target = 250 + 600.0 / 1000 * 0.9 / (1 - 0.9)
        XCTAssertTrue(t.frames[2].animating)
        XCTAssertEqual(cx(t.frames.last!), target, accuracy: 1e-9)
    }

    func testSpringEndsOnTheFrameItsThresholdsAreMet() throws {
        let t = try replay(dragOut(#"{"kind": "snapNearest", "animation": {"curve": "spring", "response": 0.35, "dampingRatio": 0.7}}"#))
        // Expected end tick from the closed form, computed here.
        let w0 = 2 * Double.pi / 0.35
        let z = 0.7
        let wd = w0 * (1 - z * z).squareRoot()
        var m = 0
        while true {
            m += 1
            let time = Double(m) / 60
            let x = exp(-z * w0 * time) * (cos(wd * time) + z * w0 / wd * sin(wd * time))
            let v = exp(-z * w0 * time) * (w0 * w0 / wd) * sin(wd * time)
            if abs(x) < 1e-4 && abs(v) < 1e-3 { break }
        }
        // Release on frame 4 = first advance; the m-th advance lands on frame 4 + m - 1.
        XCTAssertTrue(t.frames[4 + m - 2].animating)
        XCTAssertFalse(t.frames[4 + m - 1].animating)
        XCTAssertEqual(cx(t.frames[4 + m - 1]), 300, accuracy: 1e-9)
        // Underdamped: it overshoots the target on the way.
        XCTAssertTrue(t.frames[4..<(4 + m)].contains { cx($0) < 300 - 1e-6 })
    }

    func testGestureDuringSettleStopsWithoutJumpUnderRubberBand() throws {
        let t = try replay(
            """
            {"editor": \(editor(#"{"kind": "rubberBand", "animation": {"curve": "linear", "duration": 0.5}}"#)), "script": [
              {"events": [
                {"frame": 1, "gesture": "pan", "phase": "began"},
                {"frame": 2, "gesture": "pan", "phase": "ended", "translation": [200, 0]}]},
              {"wait": 0.1},
              {"events": [
                {"frame": 1, "gesture": "pan", "phase": "began"},
                {"frame": 2, "gesture": "pan", "phase": "changed", "translation": [0, 0]}]}]}
            """)
        let began = t.frames.count - 2
        XCTAssertEqual(cx(t.frames[began]), cx(t.frames[began - 1]), accuracy: 1e-9)
        XCTAssertEqual(cx(t.frames[began + 1]), cx(t.frames[began]), accuracy: 1e-6)
        XCTAssertFalse(t.frames[began].animating)
    }

    func testOnCancelIgnoreLeavesInvalidState() throws {
        let t = try replay(
            """
            {"editor": \(editor(#"{"kind": "snapNearest", "onCancel": "ignore"}"#)), "script": [{"events": [
              {"frame": 1, "gesture": "pan", "phase": "began"},
              {"frame": 2, "gesture": "pan", "phase": "changed", "translation": [150, 0]},
              {"frame": 3, "gesture": "pan", "phase": "cancelled"}]}]}
            """)
        XCTAssertEqual(cx(t.frames[3]), 350, accuracy: 1e-9)
        XCTAssertFalse(t.frames[3].valid)
    }

    func testMaskFadesLinearlyWhileTouching() throws {
        let t = try replay(
            """
            {"editor": {"mask": {"visibility": "hiddenWhileTouching", "fade": 0.1}}, "script": [
              {"pan": {"by": [5, 0], "duration": 0.1}}, {"until": "settled"}]}
            """)
        // 0.1 s fade at 60 fps: 1/6 per frame, starting on the began frame.
        XCTAssertEqual(t.frames[1].mask, 1 - 1.0 / 6, accuracy: 1e-9)
        XCTAssertEqual(t.frames[6].mask, 0, accuracy: 1e-9)
        XCTAssertEqual(t.frames.last!.mask, 1)
    }
}
