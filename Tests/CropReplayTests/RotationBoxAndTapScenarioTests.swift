import CropEngine
import CropGeometry
import CropPipeline
import CropScenario
import Foundation
import TestSupport
import Testing

/// The committed scenarios of rotation, turns, flips, crops at an angle, box drags and double taps (`rot-*`,
/// `box-*`, `tap-*`), checked by hand on the frames where something happens: every expected number here is
/// computed from the formulas of docs/behaviour.md, independently of the
/// engine (their goldens hold the same traces, so these checks pin the goldens too).
@Suite struct RotationBoxAndTapScenarioTests {
    static func trace(_ name: String) throws -> Trace {
        try LoadedScenario.load(path: packageRoot + "/scenarios/\(name).json").replay()
    }

    static func close(_ a: Double, _ b: Double, _ eps: Double = 1e-9) -> Bool { abs(a - b) <= eps }

    @Test func twistPastTheLimitStopsAtThirtyDegreesAndSnapsToCover() throws {
        let t = try Self.trace("rot-twist-past-limit")
        // N = 18: e(i/18) * 50 reaches 30 on i = 11 (30.56), so frame 12 is the first at the limit.
        #expect(Self.close(t.frames[11].angle, 10 * 50.0 / 18 * 1))  // i = 10: 27.78
        #expect(t.frames[12].angle == 30 && t.frames[19].angle == 30)
        // snapNearest then projects: a 358-point square at 30 degrees needs k = 358 (cos 30 + sin 30) / 1200.
        let last = try #require(t.frames.last)
        let ca = 0.8660254037844387
        let sa = 0.5
        #expect(Self.close(last.k, 358 * (ca + sa) / 1200, 1e-12) && last.valid && last.angle == 30)
        #expect(Self.close(last.zoom, ca + sa, 1e-12))
    }

    @Test func straightenWithAutoCoverZoomsJustEnough() throws {
        let t = try Self.trace("rot-straighten-autocover")
        // The box is the image's 4:3 inside 350 x 804: 350 x 262.5; kBase = 350 / 1600.
        let f = t.frames[19]
        #expect(Self.close(f.angle, 15, 1e-12))
        let r = Rotation(degrees: 15)
        let hu = (350 * abs(r.cos) + 262.5 * abs(r.sin)) / 2
        let hv = (350 * abs(r.sin) + 262.5 * abs(r.cos)) / 2
        let cover = max(2 * hu / 1600, 2 * hv / 1200)
        #expect(Self.close(f.k, cover, 1e-12) && f.valid)
        // Straightening to -60 stops at the limit -45.
        #expect(t.frames.last?.angle == -45)
        #expect(t.frames.contains { $0.events.map(\.description) == ["rotation.began"] })
    }

    @Test func flipsMirrorAboutTheBoxCentreLinesAndNegateTheAngle() throws {
        let t = try Self.trace("rot-flip-with-angle")
        let snaps = Dictionary(uniqueKeysWithValues: t.snapshots.map { ($0.name, t.frames[$0.frame]) })
        let s = try #require(snaps["straightened"])
        let h = try #require(snaps["flipped-h"])
        let v = try #require(snaps["flipped-v"])
        #expect(s.angle == 10 && h.angle == -10 && v.angle == 10)
        #expect(Self.close(h.shown.cx, 2 * s.box.midX - s.shown.cx) && h.shown.cy == s.shown.cy)
        #expect(Self.close(v.shown.cy, 2 * h.box.midY - h.shown.cy))
        #expect(h.orientation == ImageOrientation(turns: 0, mirrored: true))
        #expect(v.orientation == ImageOrientation(turns: 2, mirrored: false))
    }

    @Test func turnsOnAScrollViewEditorKeepTheZoomAndTheViewportCovered() throws {
        let t = try Self.trace("rot-turns-viewport")
        let snaps = Dictionary(uniqueKeysWithValues: t.snapshots.map { ($0.name, t.frames[$0.frame]) })
        let zoomed = try #require(snaps["zoomed"])
        let turned = try #require(snaps["turned"])
        #expect(turned.orientation.turns == 1 && turned.valid)
        // k is kept; the oriented image is 1200 x 1600, so the kBase of the aspect fit changes.
        #expect(turned.k == zoomed.k)
        #expect(Self.close(turned.zoom, zoomed.k / min(390.0 / 1200, 763.0 / 1600)))
        let restored = try #require(snaps["restored"])
        #expect(restored.orientation == .identity && restored.zoom == 1)
    }

    @Test func aCropAtAnAngleRecordsTheBoxCornersAndLoadsUpright() throws {
        let t = try Self.trace("rot-crop-at-angle")
        let crop = try #require(t.crops.first)
        let f = t.frames[crop.frame]
        guard case .turned(let corners, let w, let h, _, _) = crop.region else {
            Issue.record("expected a turned crop")
            return
        }
        #expect(w == Int((f.box.width / f.k).rounded()) && h == Int((f.box.height / f.k).rounded()))
        let r = Rotation(degrees: 8)
        let tl = r.inverse(Point((f.box.minX - f.shown.cx) / f.k, (f.box.minY - f.shown.cy) / f.k))
        #expect(Self.close(corners[0].x, tl.x + 400) && Self.close(corners[0].y, tl.y + 300))
        let loaded = t.frames[crop.frame + 1]
        #expect(loaded.imageIndex == 1 && loaded.angle == 0 && loaded.orientation == .identity)
        #expect(Self.close(loaded.imageRect.width / loaded.k, Double(w)))
    }

    @Test func aCornerDragThenRefitAfterPointEightSeconds() throws {
        let t = try Self.trace("box-corner-drag-refit")
        // The bottom-right corner (370, 553.25) dragged by (-120, -100): 230 x 162.5.
        #expect(t.frames[19].box == Rect(x: 20, y: 290.75, width: 230, height: 162.5))
        #expect(t.frames[19].imageRect == t.frames[0].imageRect)
        // Release on 19; 0.8 s = 48 frames: the re-fit moves the box first on frame 67.
        #expect(t.frames[66].box == t.frames[19].box && t.frames[67].box != t.frames[66].box)
        // Target: scale 350/230 about the bounds' centre: 350 x 247.28.., y = 20 + (804 - 247.28..)/2.
        let last = try #require(t.frames.last)
        let s = 350.0 / 230
        #expect(Self.close(last.box.width, 350) && Self.close(last.box.height, 162.5 * s))
        #expect(Self.close(last.box.midY, 422))
        #expect(Self.close(last.zoom, s, 1e-12))
    }

    @Test func aLockedEdgeDragKeepsTheAspectAndTheMinimumWins() throws {
        let t = try Self.trace("box-locked-edge-drag")
        // The right edge by -150: 200 wide, 150 high (4:3), centred on the horizontal centre line 422.
        #expect(t.frames[16].box == Rect(x: 20, y: 347, width: 200, height: 150))
        // The top-left corner dragged far in: the minimum 42 high raises it to 56 x 42 at the fixed corner (220, 497).
        let min = t.frames[32].box
        #expect(
            Self.close(min.maxX, 220) && Self.close(min.maxY, 497) && Self.close(min.height, 42)
                && Self.close(min.width, 56))
    }

    @Test func doubleTapsZoomByTwoUpToTheMaximumThenBack() throws {
        let t = try Self.trace("tap-zoom")
        let snaps = Dictionary(uniqueKeysWithValues: t.snapshots.map { ($0.name, t.frames[$0.frame]) })
        #expect(Self.close(try #require(snaps["zoom-2"]).zoom, 2))
        #expect(Self.close(try #require(snaps["at-max"]).zoom, 10))
        #expect(Self.close(try #require(snaps["back-to-min"]).zoom, 1))
        #expect(t.frames.filter { $0.events.contains(.doubleTap) }.count == 5)
    }
}
