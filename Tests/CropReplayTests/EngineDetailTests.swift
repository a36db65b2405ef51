import CropEngine
import CropRender
import CropReplay
import TestSupport
import XCTest

/// Fine points of the clock, recognizers, coverage, policies, settles and crops (docs/behaviour.md), each pinned by a
/// computed expectation.
final class EngineDetailTests: XCTestCase {
    let small =
        #""viewport": {"width": 400, "height": 400}, "image": {"testcard": [800, 800]}, "fit": "aspectFit", "frame": {"size": [200, 200]}"#

    func cx(_ f: FrameRecord) -> Double { f.imageRect.midX }
    func cy(_ f: FrameRecord) -> Double { f.imageRect.midY }

    func testPanFrameNumberingWithEasingAndHold() throws {
        // N = round(0.1 * 60) = 6, hold round(0.05 * 60) = 3: began 1, changed 2..6, hold 7..9, ended 10.
        let t = try replay(
            "{\"editor\": {\(small), \"policy\": {\"kind\": \"none\"}}, \"script\": [{\"pan\": {\"by\": [60, 0], \"duration\": 0.1, \"easing\": \"easeInOut\", \"hold\": 0.05}}, {\"snapshot\": \"end\"}]}"
        )
        XCTAssertEqual(t.frames.count, 11)
        XCTAssertEqual(t.frames[1].events.map { $0.description }, ["pan.began"])
        XCTAssertEqual(t.frames[10].events.map { $0.description }, ["pan.ended"])
        XCTAssertEqual(t.snapshots.first?.frame, 10)
        for i in 1..<6 {
            let u = Double(i) / 6
            XCTAssertEqual(cx(t.frames[i + 1]) - 200, 60 * u * u * (3 - 2 * u), accuracy: 1e-9)
        }
        XCTAssertEqual(cx(t.frames[7]) - 200, 60, accuracy: 1e-12)
    }

    func testPinchIsGeometricAndCenterAnchorKeepsTheImageCentre() throws {
        let t = try replay(
            "{\"editor\": {\(small), \"zoom\": {\"anchor\": \"center\", \"min\": null, \"max\": null}, \"policy\": {\"kind\": \"none\"}}, \"script\": [{\"pinch\": {\"scale\": 4, \"at\": [300, 300], \"duration\": 0.05}}]}"
        )
        // N = 3: scale^(1/3), scale^(2/3), 4.
        XCTAssertEqual(t.frames[2].k, 0.5 * pow(4, 1.0 / 3), accuracy: 1e-12)
        XCTAssertEqual(t.frames[3].k, 0.5 * pow(4, 2.0 / 3), accuracy: 1e-12)
        XCTAssertEqual(t.frames[4].k, 2, accuracy: 1e-12)
        XCTAssertEqual(cx(t.frames[4]), 200, accuracy: 1e-9)
    }

    func testFocalAnchorMovesTheImagePointUnderTheFingers() throws {
        let t = try replay(
            """
            {"editor": {\(small), "zoom": {"min": null, "max": null}, "policy": {"kind": "none"}}, "script": [{"events": [
              {"frame": 1, "gesture": "pinch", "phase": "began", "location": [300, 200]},
              {"frame": 2, "gesture": "pinch", "phase": "changed", "scale": 2, "location": [300, 200]},
              {"frame": 3, "gesture": "pinch", "phase": "changed", "scale": 2, "location": [320, 210]}]}]}
            """)
        // The image point under (300, 200) stays there: centre = 300 + (200 - 300) * 2 = 100.
        XCTAssertEqual(cx(t.frames[2]), 100, accuracy: 1e-9)
        // A moving focal point pans: +20, +10.
        XCTAssertEqual(cx(t.frames[3]), 120, accuracy: 1e-9)
        XCTAssertEqual(cy(t.frames[3]), 210, accuracy: 1e-9)
    }

    func testRawEventsRepeatOmittedValuesAndBeganSetsTheBaseline() throws {
        let t = try replay(
            """
            {"editor": {\(small), "policy": {"kind": "none"}}, "script": [{"events": [
              {"frame": 1, "gesture": "pan", "phase": "began", "translation": [50, 50]},
              {"frame": 2, "gesture": "pan", "phase": "changed", "translation": [60, 50]},
              {"frame": 3, "gesture": "pan", "phase": "changed"},
              {"frame": 4, "gesture": "pan", "phase": "ended"}]}]}
            """)
        XCTAssertEqual(cx(t.frames[1]), 200, accuracy: 1e-12)  // began's translation is not applied
        XCTAssertEqual(cx(t.frames[2]), 210, accuracy: 1e-12)
        XCTAssertEqual(cx(t.frames[4]), 210, accuracy: 1e-12)  // omitted = previous
        XCTAssertEqual(t.frames.count, 5)  // cursor = last event's frame
    }

    func testRestoreRefitsOnTheNextFrameAndResetsStores() throws {
        let t = try replay(
            "{\"editor\": {\(small), \"policy\": {\"kind\": \"rollback\"}}, \"script\": [{\"pan\": {\"by\": [50, 0], \"duration\": 0}}, {\"restore\": true}, {\"snapshot\": \"r\"}]}"
        )
        XCTAssertEqual(cx(t.frames[2]), 250, accuracy: 1e-12)
        XCTAssertEqual(t.snapshots.first?.frame, 3)
        XCTAssertEqual(cx(t.frames[3]), 200, accuracy: 1e-12)
        XCTAssertEqual(t.frames[3].k, 0.5, accuracy: 1e-12)
    }

    func testResizeKeepsZoomAndTheImagePointUnderTheFrameCentre() throws {
        let t = try replay(
            #"{"editor": {"viewport": {"width": 400, "height": 400}, "image": {"testcard": [800, 800]}, "fit": "aspectFill", "frame": {"size": [200, 200]}, "policy": {"kind": "none"}}, "script": [{"pan": {"by": [30, 20], "duration": 0}}, {"resize": [600, 400]}]}"#
        )
        let before = t.frames[2]
        let after = t.frames[3]
        // zoom kept: k = zoom * kBase(600 x 400) = 1 * max(600/800, 400/800).
        XCTAssertEqual(after.zoom, before.zoom, accuracy: 1e-12)
        XCTAssertEqual(after.k, 0.75, accuracy: 1e-12)
        // The image point under the old frame centre (200, 200) is under the new one (300, 200).
        let u = (200 - before.imageRect.midX) / before.k
        XCTAssertEqual(after.imageRect.midX + u * after.k, 300, accuracy: 1e-9)
        XCTAssertTrue(after.valid)
        XCTAssertEqual(after.viewportWidth, 600)
        XCTAssertEqual(after.frameRect, Rect(x: 200, y: 100, width: 200, height: 200))
    }

    func testRotateToTheCurrentOrientationStillTakesItsFrame() throws {
        let t = try replay(
            "{\"editor\": {\(small)}, \"script\": [{\"rotate\": \"portrait\"}, {\"rotate\": \"landscape\"}]}")
        XCTAssertEqual(t.frames.count, 3)
        XCTAssertEqual(t.frames[2].viewportWidth, 400)
    }

    func testThenLoadMakesTheCropTheImageOnTheNextFrame() throws {
        let t = try replay(
            "{\"editor\": {\(small)}, \"script\": [{\"save\": {\"name\": \"a\", \"thenLoad\": true}}, {\"wait\": 0.02}]}"
        )
        let crop = try XCTUnwrap(t.crops.first)
        XCTAssertEqual(crop.pixelRect, [200, 200, 400, 400])
        XCTAssertEqual(crop.frame, 0)
        XCTAssertEqual(t.frames[1].imageIndex, 1)
        // Refitted: aspectFit of 400 x 400 in 400 x 400.
        XCTAssertEqual(t.frames[1].k, 1, accuracy: 1e-12)
    }

    func testPerGestureMaskHidesOnBeganAndShowsOnEndedOnly() throws {
        let t = try replay(
            """
            {"editor": {\(small), "mask": {"visibility": "perGesture"}, "policy": {"kind": "none"}}, "script": [{"events": [
              {"frame": 1, "gesture": "pan", "phase": "began"},
              {"frame": 2, "gesture": "pan", "phase": "cancelled"},
              {"frame": 3, "gesture": "pinch", "phase": "began"},
              {"frame": 4, "gesture": "pinch", "phase": "ended"}]}]}
            """)
        XCTAssertEqual(t.frames.map { $0.mask }, [1, 0, 0, 0, 1])
    }

    func testSpringRegimesAreContinuousAndSettle() {
        for zeta in [0.3, 0.999999, 1.0, 1.000001, 2.5] {
            XCTAssertEqual(Spring.at(0, response: 0.35, dampingRatio: zeta).p, 0, accuracy: 1e-12)
            XCTAssertEqual(Spring.at(5, response: 0.35, dampingRatio: zeta).p, 1, accuracy: 1e-4)
        }
        let critical = Spring.at(0.2, response: 0.35, dampingRatio: 1).p
        XCTAssertEqual(Spring.at(0.2, response: 0.35, dampingRatio: 0.999999).p, critical, accuracy: 1e-5)
        XCTAssertEqual(Spring.at(0.2, response: 0.35, dampingRatio: 1.000001).p, critical, accuracy: 1e-5)
        // Critically damped closed form: 1 - e^(-w t)(1 + w t).
        let w = 2 * Double.pi / 0.35
        XCTAssertEqual(critical, 1 - exp(-w * 0.2) * (1 + w * 0.2), accuracy: 1e-12)
    }

    func testCircleAlphaCropIsTransparentOutsideTheInscribedCircle() {
        let image = RGBAImage(width: 10, height: 6, fill: (10, 20, 30, 255))
        let cut = CropPixels.cut(image, x: 1, y: 0, width: 8, height: 6, circleAlpha: true)
        func alpha(_ x: Int, _ y: Int) -> UInt8 { cut.pixels[(y * 8 + x) * 4 + 3] }
        XCTAssertEqual(alpha(0, 0), 0)
        XCTAssertEqual(alpha(3, 3), 255)
        XCTAssertEqual(alpha(0, 3), 0)  // diameter min(8, 6) = 6, centred: x from 1 to 7
        XCTAssertEqual(cut.pixels[(3 * 8 + 3) * 4], 10)  // RGB straight
        XCTAssertTrue((1...254).contains(alpha(1, 1)))  // anti-aliased edge
    }
}
