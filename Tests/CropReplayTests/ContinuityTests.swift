import CropEngine
import CropGeometry
import CropScenario
import Foundation
import TestSupport
import XCTest

/// Continuity (docs/behaviour.md, "Continuity"): no `began` moves the shown image, a box drag
/// never moves it and the next event after one goes on without a jump, and a state beyond the
/// rubber band's reach follows the fingers 1:1 instead of failing.
final class ContinuityTests: XCTestCase {
    /// The largest corner displacement of the shown image between two frames.
    func jump(_ a: FrameRecord, _ b: FrameRecord) -> Double {
        func corners(_ f: FrameRecord) -> [Point] {
            let r = f.imageRect
            let c = Point(r.x + r.width / 2, r.y + r.height / 2)
            let turn = Rotation(degrees: f.angle)
            return [(r.x, r.y), (r.maxX, r.y), (r.maxX, r.maxY), (r.x, r.maxY)].map {
                let p = turn.apply(Point($0.0 - c.x, $0.1 - c.y))
                return Point(c.x + p.x, c.y + p.y)
            }
        }
        return zip(corners(a), corners(b)).map {
            (($0.x - $1.x) * ($0.x - $1.x) + ($0.y - $1.y) * ($0.y - $1.y)).squareRoot()
        }
        .max()!
    }

    func testPanBeganAtRestOnAnInvalidStateDoesNotMoveTheImage() throws {
        let t = try replay(
            """
            {"name": "d1", "editor": {"frame": {"shape": "rect", "size": [300, 300]}, "zoom": {"min": 1.6, "max": 1.5},
             "policy": {"kind": "rubberBand", "animation": {"curve": "spring", "response": 0.35, "dampingRatio": 1.0}}},
             "script": [{"events": [{"frame": 1, "gesture": "pan", "phase": "began"}]}, {"snapshot": "began"}]}
            """)
        XCTAssertFalse(t.frames[0].valid)
        XCTAssertEqual(t.frames[1].zoom, t.frames[0].zoom, accuracy: 1e-12)
        XCTAssertLessThan(jump(t.frames[0], t.frames[1]), 1e-9)
    }

    func testEveryBeganKindAtRestOnAnInvalidFitKeepsTheImage() throws {
        for gesture in ["pan", "pinch", "rotation"] {
            let t = try replay(
                """
                {"editor": {"frame": {"shape": "rect", "size": [300, 300]}, "zoom": {"min": 1.6, "max": 1.5},
                 "rotation": {"gesture": true, "limit": null},
                 "policy": {"kind": "rubberBand"}},
                 "script": [{"events": [{"frame": 1, "gesture": "\(gesture)", "phase": "began", "location": [100, 700]},
                                        {"frame": 2, "gesture": "\(gesture)", "phase": "changed", "location": [100, 700]}]}]}
                """)
            XCTAssertLessThan(jump(t.frames[0], t.frames[1]), 1e-9, gesture)
            XCTAssertLessThan(jump(t.frames[1], t.frames[2]), 1e-9, "\(gesture): a changed with no delta")
        }
    }

    /// The repro of the box-drag continuity rule: a pinch, then a box drag by the left edge
    /// while the pinch is held, then either the pinch goes on or a new pan begins.
    func boxDragThen(_ tail: String) throws -> Trace {
        try replay(
            """
            {"preset": "resizable-box-refit", "script": [{"events": [
              {"frame": 1, "gesture": "pinch", "phase": "began", "location": [195, 422]},
              {"frame": 2, "gesture": "pinch", "phase": "changed", "scale": 1.5, "location": [355, 422]},
              {"frame": 3, "gesture": "pan", "phase": "began", "location": [20, 422]},
              {"frame": 4, "gesture": "pan", "phase": "changed", "translation": [60, 0]},
              \(tail)]}]}
            """)
    }

    func testTheEventAfterABoxDragGoesOnWithoutAJump() throws {
        let pinch = try boxDragThen(
            #"{"frame": 5, "gesture": "pinch", "phase": "changed", "scale": 1.5, "location": [355, 422]}"#)
        XCTAssertNotEqual(pinch.frames[4].box, pinch.frames[3].box, "the pan drags the box")
        XCTAssertLessThan(jump(pinch.frames[3], pinch.frames[4]), 1e-9, "a box drag never moves the image")
        XCTAssertLessThan(jump(pinch.frames[4], pinch.frames[5]), 1e-9, "an unmoved pinch after the drag")

        let pan = try boxDragThen(
            #"{"frame": 5, "gesture": "pan", "phase": "ended", "translation": [60, 0]}, {"frame": 6, "gesture": "pan", "phase": "began", "location": [200, 500]}"#
        )
        XCTAssertLessThan(jump(pan.frames[4], pan.frames[5]), 1e-9)
        XCTAssertLessThan(jump(pan.frames[5], pan.frames[6]), 1e-9, "a new pan after the drag")
    }

    func testClampProjectsAgainstTheDraggedBox() throws {
        // The zoom limit keeps the image smaller than the box: clamp centres it on the box on
        // each axis, and the dragged box takes the image with it (B0 is not covered, so the
        // box moves freely).
        let t = try replay(
            """
            {"editor": {"viewport": {"width": 400, "height": 400}, "image": {"testcard": [400, 400]}, "fit": "aspectFit",
             "frame": {"shape": "rect", "size": [300, 300], "resizable": true},
             "zoom": {"min": null, "max": 0.5}, "policy": {"kind": "clamp"}},
             "script": [{"events": [
              {"frame": 1, "gesture": "pan", "phase": "began", "location": [50, 200]},
              {"frame": 2, "gesture": "pan", "phase": "changed", "translation": [40, 0]},
              {"frame": 3, "gesture": "pan", "phase": "changed", "translation": [80, 0]}]}]}
            """)
        for n in 1...3 {
            let f = t.frames[n]
            XCTAssertEqual(f.zoom, 0.5, accuracy: 1e-12)
            XCTAssertEqual(f.imageRect.x + f.imageRect.width / 2, f.box.midX, accuracy: 1e-9, "frame \(n)")
            XCTAssertEqual(f.imageRect.y + f.imageRect.height / 2, f.box.midY, accuracy: 1e-9, "frame \(n)")
        }
        XCTAssertEqual(t.frames[3].box.minX, 130, accuracy: 1e-9)
    }

    /// An initial fit at zoom 0.28 with a minimum of 1 (base pixels): more than an octave out,
    /// which no raw zoom shows through the band.
    func testAZoomBeyondTheBandsReachFollowsThePinchAndSettlesOnRelease() throws {
        let t = try replay(
            """
            {"editor": {"image": {"testcard": [4000, 3000]}, "frame": {"shape": "rect", "size": [200, 200]},
             "zoom": {"base": "pixels", "min": 1, "max": 4}, "policy": {"kind": "rubberBand", "animation": {"curve": "linear", "duration": 0.1}}},
             "script": [{"pinch": {"scale": 1.5, "duration": 0.2}}, {"until": "settled"}]}
            """)
        let z0 = t.frames[0].zoom
        XCTAssertEqual(z0, 844.0 / 3000, accuracy: 1e-12)
        XCTAssertLessThan(jump(t.frames[0], t.frames[1]), 1e-9, "the began")
        // While the pinch lasts the zoom is the fit's times the pinch scale (the ended frame
        // already shows the settle's first advance).
        let ended = t.frames.firstIndex { $0.events.contains(.recognizer(.pinch, .ended)) }!
        XCTAssertEqual(ended, 13)
        for n in 1..<ended {
            let expected = z0 * pow(1.5, Double(n - 1) / 12)
            XCTAssertEqual(t.frames[n].zoom, expected, accuracy: 1e-9 * expected, "frame \(n)")
        }
        XCTAssertEqual(t.frames.last!.zoom, 1, accuracy: 1e-12)
        XCTAssertTrue(t.frames.last!.valid)
    }

    func testMinimumAboveMaximumBeyondReachFollowsThePinch() throws {
        let t = try replay(
            """
            {"editor": {"zoom": {"min": 3, "max": 2}, "policy": {"kind": "rubberBand"}},
             "script": [{"pinch": {"scale": 0.8, "duration": 0.1}}, {"until": "settled"}]}
            """)
        XCTAssertEqual(t.frames[0].zoom, 1)
        XCTAssertLessThan(jump(t.frames[0], t.frames[1]), 1e-9)
        XCTAssertEqual(t.frames[6].zoom, pow(0.8, 5.0 / 6), accuracy: 1e-12, "1:1 while pinching")
        XCTAssertEqual(t.frames.last!.zoom, 2, accuracy: 1e-12, "the release settles to the limit")
    }

    func testASpringWithResponseZeroEndsOnItsFirstAdvance() throws {
        let t = try replay(
            """
            {"editor": {"policy": {"kind": "snapNearest", "animation": {"curve": "spring", "response": 0, "dampingRatio": 1}}},
             "script": [{"pan": {"by": [900, 0], "duration": 0.1}}, {"until": "settled"}]}
            """)
        let ended = t.frames.firstIndex { $0.events.contains(.recognizer(.pan, .ended)) }!
        XCTAssertTrue(t.frames[ended].valid)
        XCTAssertFalse(t.frames[ended].animating)
        XCTAssertEqual(t.frames.count, ended + 1)
    }
}
