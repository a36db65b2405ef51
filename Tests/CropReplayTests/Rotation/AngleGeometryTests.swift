import CropEngine
import CropGeometry
import CropScenario
import Foundation
import TestSupport
import Testing

/// The geometry at an angle (docs/behaviour.md, "View state and mapping", "Coverage and validity", "Projection"
/// and "Rubber band") checked by hand and against an independent construction
/// (the box's corners mapped into the turned image).
@Suite struct AngleGeometryTests {
    /// An editor whose layout has a 400x300 image at k = 1 in a 600x600 viewport.
    static func layout(constraint: Constraint = .frame, min: ZoomMin? = nil) -> Layout {
        let e = editor {
            $0.viewport = ViewportSpec(width: 600, height: 600, scale: 1)
            $0.frame = FrameSpec(size: Size(100, 60))
            $0.zoom.min = min
            $0.zoom.max = nil
            $0.zoom.base = .pixels
            $0.constraint = constraint
        }
        return Layout(editor: e, viewportWidth: 600, viewportHeight: 600, imageWidth: 400, imageHeight: 300)
    }

    /// Whether every corner of `box` lies in the image turned by a about its centre (within eps).
    static func cornersInside(_ s: ViewState, box: Rect, iw: Double, ih: Double, eps: Double = 1e-6) -> Bool {
        let r = Rotation(degrees: s.a)
        for p in [
            Point(box.minX, box.minY), Point(box.maxX, box.minY), Point(box.maxX, box.maxY), Point(box.minX, box.maxY),
        ] {
            let q = r.inverse(Point((p.x - s.cx) / s.k, (p.y - s.cy) / s.k))
            if abs(q.x) > iw / 2 + eps || abs(q.y) > ih / 2 + eps { return false }
        }
        return true
    }

    @Test func coverageOfAKnownRectAtThirtyDegrees() {
        let l = Self.layout()
        let box = Rect(x: 150, y: 150, width: 100, height: 60)
        // By hand: cos 30 = 0.8660, sin 30 = 0.5; hu = (100 cos + 60 sin)/2 = 58.30, hv = (100 sin + 60 cos)/2 = 50.98;
        // Hu = 200 - 58.30 = 141.70, Hv = 150 - 50.98 = 99.02.
        let g = AngledTarget(box, angle: 30)
        #expect(abs(g.hu - (100 * 0.8660254037844387 + 60 * 0.5) / 2) < 1e-12)
        #expect(abs(g.hv - (100 * 0.5 + 60 * 0.8660254037844387) / 2) < 1e-12)
        // The box centre (200, 180) 100 points right of the image centre: du = 100 cos30 - 20 sin30 = 76.6.
        let inside = ViewState(k: 1, cx: 100, cy: 200, a: 30)
        #expect(l.isCovered(inside, box: box))
        // 160 points right: du = 160 cos 30 - 20 sin 30 = 128.56, dv = -160 sin30 - 20 cos30 = -97.32: still inside (Hv 99.02).
        #expect(l.isCovered(ViewState(k: 1, cx: 40, cy: 200, a: 30), box: box))
        // 170 points: dv = -102.32 < -Hv: uncovered.
        #expect(!l.isCovered(ViewState(k: 1, cx: 30, cy: 200, a: 30), box: box))
    }

    @Test func coverageAgreesWithTheTurnedCornersEverywhere() {
        let l = Self.layout()
        var rng = SeededRandom(seed: 16)
        for _ in 0..<2000 {
            let box = Rect(
                x: Double.random(in: 100...300, using: &rng), y: Double.random(in: 100...300, using: &rng),
                width: Double.random(in: 10...200, using: &rng), height: Double.random(in: 10...200, using: &rng))
            let s = ViewState(
                k: Double.random(in: 0.5...2, using: &rng), cx: Double.random(in: 100...500, using: &rng),
                cy: Double.random(in: 100...500, using: &rng), a: Double.random(in: -60...60, using: &rng))
            let expected = Self.cornersInside(s, box: box, iw: 400, ih: 300, eps: 0)
            let slack =
                Self.cornersInside(s, box: box, iw: 400 - 2e-6, ih: 300 - 2e-6, eps: 0)
                || !Self.cornersInside(s, box: box, iw: 400 + 2e-6, ih: 300 + 2e-6, eps: 0)
            if slack { #expect(l.isCovered(s, box: box) == expected, "\(s) \(box)") }
        }
    }

    @Test func coverZoomOfASquareBoxAtFortyFiveDegreesIsRootTwoTimesUpright() {
        let l = Self.layout(min: .cover)
        let box = Rect(x: 250, y: 250, width: 100, height: 100)
        let upright = l.coverK(angle: 0, box: box)
        #expect(abs(upright - 100.0 / 300) < 1e-15)
        let turned = l.coverK(angle: 45, box: box)
        #expect(abs(turned - 2.0.squareRoot() * upright) < 1e-12)
        #expect(abs(l.zoomLimits(angle: 45, box: box).min! - turned) < 1e-12)  // base pixels: zoom = k
    }

    @Test func projectionWithAnAngleClampsAlongTheImageAxes() {
        let l = Self.layout()
        let box = Rect(x: 250, y: 270, width: 100, height: 60)
        // Offset along both image axes beyond the room: the box's centre (300, 300) is at image
        // offsets du = 180, dv = -140 (turned coordinates), beyond Hu and Hv at k = 1, a = 20.
        let a = 20.0
        let r = Rotation(degrees: a)
        let g = AngledTarget(box, angle: a)
        let offset = r.apply(Point(180, -140))
        let s = ViewState(k: 1, cx: 300 - offset.x, cy: 300 - offset.y, a: a)
        #expect(!l.isCovered(s, box: box))
        let p = l.project(s, anchor: s.center, box: box)
        let (du, dv) = g.offset(p)
        let (hu, hv) = g.halfRoom(p, imageWidth: 400, imageHeight: 300)
        #expect(
            abs(du - hu) < 1e-9 && abs(dv + hv) < 1e-9,
            "clamped to the corner of the room: \(du), \(dv) vs \(hu), \(hv)")
        #expect(l.isCovered(p, box: box))
        #expect(Self.cornersInside(p, box: box, iw: 400, ih: 300))
        // P is idempotent and leaves a covered state's centre untouched.
        #expect(l.project(p, anchor: p.center, box: box) == p)
        let covered = ViewState(k: 1, cx: 300.123456789, cy: 299.987654321, a: 20)
        #expect(l.project(covered, anchor: covered.center, box: box) == covered)
    }

    @Test func rubberBandFollowedByItsInverseReturnsTheState() {
        let l = Self.layout(min: .value(0.5))
        let band = RubberBand(c: 0.55)
        var rng = SeededRandom(seed: 7)
        let box = Rect(x: 250, y: 270, width: 100, height: 60)
        for _ in 0..<500 {
            let raw = ViewState(
                k: Double.random(in: 0.3...2, using: &rng), cx: Double.random(in: 0...600, using: &rng),
                cy: Double.random(in: 0...600, using: &rng), a: Double.random(in: -40...40, using: &rng))
            let anchor = Point(Double.random(in: 0...600, using: &rng), Double.random(in: 0...600, using: &rng))
            let shown = band.apply(raw, layout: l, anchor: anchor, box: box)
            let back = band.invert(shown, layout: l, anchor: anchor, box: box).state
            #expect(
                back.isClose(to: raw, tolerance: 1e-9 * max(1, abs(raw.cx), abs(raw.cy))),
                "\(raw) -> \(shown) -> \(back)")
        }
    }

    @Test func uprightResultsAreThePerAxisFormulas() {
        // At a = 0 the angled code is not used: P equals the per-axis clamp exactly.
        let l = Self.layout()
        let box = Rect(x: 250, y: 270, width: 100, height: 60)
        let s = ViewState(k: 1, cx: 0, cy: 600)
        let p = l.project(s, anchor: s.center, box: box)
        #expect(p == ViewState(k: 1, cx: 250 + 100 - 200, cy: 270 + 150))
    }
}
