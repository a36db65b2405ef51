import CropEngine
import CropGeometry
import CropScenario
import Foundation
import TestSupport
import XCTest

/// Each policy on a scripted drag past the frame edge and release; expected values
/// are computed here from the policies' formulas (docs/behaviour.md, "Policies"). Scenarios are built in Swift.
///
/// Geometry: viewport 400x400, test card 800x800 aspect-fitted (k = 0.5, image
/// 400x400 centred at 200,200), frame 200x200 at (100, 100). The centre may move
/// within x in [100, 300] while the frame stays covered.
final class PolicyTests: XCTestCase {
    func editor(_ kind: PolicyKind, _ configure: (inout PolicySpec) -> Void = { _ in }) -> EditorConfig {
        TestSupport.editor {
            $0.viewport = ViewportSpec(width: 400, height: 400, scale: 1)
            $0.image = .testcard(width: 800, height: 800)
            $0.fit = .aspectFit
            $0.frame = FrameSpec(size: Size(200, 200))
            $0.zoom.min = .value(0.5)
            $0.zoom.max = 4
            $0.policy.kind = kind
            configure(&$0.policy)
        }
    }

    /// A raw recognizer event (frame relative to the step's cursor).
    func event(
        _ frame: Int, _ gesture: GestureKind, _ phase: GesturePhase, by: Point? = nil, scale: Double? = nil,
        at: Point? = nil, velocity: Point? = nil
    ) -> RawEvent {
        RawEvent(
            frame: frame, gesture: gesture, phase: phase, translation: by, scale: scale, location: at,
            velocity: velocity)
    }

    func run(_ editor: EditorConfig, _ script: [StepKind]) throws -> Trace {
        try replay(Scenario(name: "policy", editor: editor, script: script))
    }

    /// began, a drag to +90 (valid), to +150 (50 past the edge), release at +150.
    func dragOut(_ editor: EditorConfig, velocity: Point? = nil) throws -> Trace {
        try run(
            editor,
            [
                .events([
                    event(1, .pan, .began), event(2, .pan, .changed, by: Point(90, 0)),
                    event(3, .pan, .changed, by: Point(150, 0)),
                    event(4, .pan, .ended, by: Point(150, 0), velocity: velocity),
                ]),
                .wait(1),
            ])
    }

    func cx(_ f: FrameRecord) -> Double { f.imageRect.x + f.imageRect.width / 2 }

    func b(_ x: Double, c: Double = 0.55, d: Double) -> Double { (1 - 1 / (x * c / d + 1)) * d }

    func testNoneShowsRawAndKeepsIt() throws {
        let t = try dragOut(editor(.none))
        XCTAssertEqual(cx(t.frames[3]), 350, accuracy: 1e-9)
        XCTAssertFalse(t.frames[3].valid)
        XCTAssertEqual(cx(t.frames.last!), 350, accuracy: 1e-9)
        XCTAssertFalse(t.frames.last!.valid)
    }

    func testClampIsAHardWallAndReversingMovesAtOnce() throws {
        let t = try run(
            editor(.clamp),
            [
                .events([
                    event(1, .pan, .began), event(2, .pan, .changed, by: Point(150, 0)),
                    event(3, .pan, .changed, by: Point(100, 0)),
                    event(4, .pan, .ended, by: Point(100, 0)),
                ])
            ])
        XCTAssertEqual(cx(t.frames[2]), 300, accuracy: 1e-9)  // wall at the bound
        XCTAssertTrue(t.frames[2].valid)
        XCTAssertEqual(cx(t.frames[3]), 250, accuracy: 1e-9)  // -50 applies from the wall
        XCTAssertTrue(t.frames.allSatisfy { $0.valid })
    }

    func testRubberBandShowsBandedOvershootThenSettlesLinearly() throws {
        let t = try dragOut(editor(.rubberBand) { $0.animation = .linear(duration: 0.2) })
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
        let t = try run(
            editor(.rubberBand),
            [
                .events([
                    event(1, .pinch, .began, at: Point(200, 200)),
                    event(2, .pinch, .changed, scale: 8, at: Point(200, 200)),
                ])
            ])
        // raw zoom 8, max 4: log2 overshoot 1 shows as b(1) with d = 1.
        let shownZoom = pow(2, 2 + b(1, d: 1))
        XCTAssertEqual(t.frames[2].zoom, shownZoom, accuracy: 1e-9)
    }

    func testSnapNearestSettlesToProjectionOnRelease() throws {
        let t = try dragOut(editor(.snapNearest))
        XCTAssertEqual(cx(t.frames[3]), 350, accuracy: 1e-9)
        XCTAssertEqual(cx(t.frames[4]), 300, accuracy: 1e-9)  // curve none: at the event
        XCTAssertFalse(t.frames[4].animating)
    }

    func testRollbackWholeReturnsToLastValidState() throws {
        let t = try dragOut(editor(.rollback) { $0.rollback = .whole })
        XCTAssertEqual(cx(t.frames[4]), 290, accuracy: 1e-9)  // +90 was the last valid event
        XCTAssertTrue(t.frames[4].valid)
    }

    func testRollbackPerGestureRestoresOnlyThatRecognizersPart() throws {
        let t = try run(
            editor(.rollback) { $0.rollback = .perGesture },
            [
                .events([
                    event(1, .pinch, .began, at: Point(200, 200)), event(1, .pan, .began),
                    event(2, .pinch, .changed, scale: 1.5, at: Point(200, 200)),
                    event(3, .pan, .changed, by: Point(250, 0)),
                    event(4, .pan, .ended, by: Point(250, 0)),
                    event(5, .pinch, .ended, scale: 1.5, at: Point(200, 200)),
                ])
            ])
        // At zoom 1.5 the centre may go to 100 + 300 = 400 at most; +250 -> 450 is invalid.
        XCTAssertFalse(t.frames[3].valid)
        // Pan ends while the pinch is active: the pan's centre comes back at once, k stays.
        XCTAssertEqual(cx(t.frames[4]), 200, accuracy: 1e-9)
        XCTAssertEqual(t.frames[4].k, 0.75, accuracy: 1e-12)
    }

    func testMomentumTargetIsProjectedFlingEvenWhenValid() throws {
        let flick = editor(.snapNearest) {
            $0.momentum = 0.9
            $0.animation = .linear(duration: 0.1)
        }
        let t = try run(
            flick,
            [
                .events([event(1, .pan, .began), event(2, .pan, .ended, by: Point(50, 0), velocity: Point(600, 0))]),
                .wait(1),
            ])
        let target = 250 + 600.0 / 1000 * 0.9 / (1 - 0.9)
        XCTAssertTrue(t.frames[2].animating)
        XCTAssertEqual(cx(t.frames.last!), target, accuracy: 1e-9)
    }

    func testSpringEndsOnTheFrameItsThresholdsAreMet() throws {
        let t = try dragOut(editor(.snapNearest) { $0.animation = .spring(response: 0.35, dampingRatio: 0.7) })
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
        let t = try run(
            editor(.rubberBand) { $0.animation = .linear(duration: 0.5) },
            [
                .events([event(1, .pan, .began), event(2, .pan, .ended, by: Point(200, 0))]),
                .wait(0.1),
                .events([event(1, .pan, .began), event(2, .pan, .changed, by: Point(0, 0))]),
            ])
        let began = t.frames.count - 2
        XCTAssertEqual(cx(t.frames[began]), cx(t.frames[began - 1]), accuracy: 1e-9)
        XCTAssertEqual(cx(t.frames[began + 1]), cx(t.frames[began]), accuracy: 1e-6)
        XCTAssertFalse(t.frames[began].animating)
    }

    func testOnCancelIgnoreLeavesInvalidState() throws {
        let t = try run(
            editor(.snapNearest) { $0.onCancel = .ignore },
            [
                .events([
                    event(1, .pan, .began), event(2, .pan, .changed, by: Point(150, 0)), event(3, .pan, .cancelled),
                ])
            ])
        XCTAssertEqual(cx(t.frames[3]), 350, accuracy: 1e-9)
        XCTAssertFalse(t.frames[3].valid)
    }

    func testMaskFadesLinearlyWhileTouching() throws {
        let fading = TestSupport.editor {
            $0.mask.visibility = .hiddenWhileTouching
            $0.mask.fade = 0.1
        }
        let t = try run(fading, [.pan(PanStep(by: Point(5, 0), duration: 0.1)), .untilSettled])
        // 0.1 s fade at 60 fps: 1/6 per frame, starting on the began frame.
        XCTAssertEqual(t.frames[1].mask, 1 - 1.0 / 6, accuracy: 1e-9)
        XCTAssertEqual(t.frames[6].mask, 0, accuracy: 1e-9)
        XCTAssertEqual(t.frames.last!.mask, 1)
    }
}
