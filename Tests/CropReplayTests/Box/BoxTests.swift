import CropEngine
import CropGeometry
import CropScenario
import Foundation
import TestSupport
import Testing

/// The movable box (docs/behaviour.md, "The movable box"): hit test, drags and their clamps, the coverage
/// factor, re-fits, aspect steps and double taps.
@Suite struct BoxTests {
    static let box = Rect(x: 100, y: 200, width: 200, height: 100)

    static func hit(
        _ x: Double, _ y: Double, box: Rect = box, size: Double = 44, handles: BoxHandles = .cornersAndEdges
    ) -> BoxHandle? {
        BoxGeometry.hitTest(Point(x, y), box: box, handleSize: size, handles: handles)
    }

    @Test func hitTestTable() {
        // Each edge (within 22 perpendicular, inclusive) and its extent grown by 22 at both ends.
        #expect(Self.hit(100, 250) == .left)
        #expect(Self.hit(122, 250) == .left)
        #expect(Self.hit(122.0001, 250) == nil)
        #expect(Self.hit(78, 250) == .left)
        #expect(Self.hit(300, 250) == .right)
        #expect(Self.hit(200, 200) == .top)
        #expect(Self.hit(200, 321) == .bottom)
        // Corners: within reach of two perpendicular edges.
        #expect(Self.hit(101, 201) == [.left, .top])
        #expect(Self.hit(310, 310) == [.right, .bottom])
        #expect(Self.hit(79, 179) == [.left, .top])  // extents grown by 22: inclusive corner of the reach
        #expect(Self.hit(77, 179) == nil)
        // Inside and outside.
        #expect(Self.hit(200, 250) == nil)
        #expect(Self.hit(400, 250) == nil)
        // A box smaller than its handles: the nearer of two parallel edges (ties: left, top).
        let small = Rect(x: 100, y: 100, width: 30, height: 30)
        #expect(Self.hit(110, 115, box: small) == [.left, .top])  // left 10, right 20; top 15, bottom 15 (tie: top)
        #expect(Self.hit(125, 120, box: small) == [.right, .bottom])
        #expect(Self.hit(115, 115, box: small) == [.left, .top])  // ties everywhere
        // handles: corners - an edge alone does not count.
        #expect(Self.hit(100, 250, handles: .corners) == nil)
        #expect(Self.hit(101, 201, handles: .corners) == [.left, .top])
    }

    @Test func aDefaultedLocationNeverGrabsAHandle() throws {
        // A pan step without `from` starts at the box centre, treated as defaulted even when the box
        // is small enough for its centre to be within reach of the edges.
        let e = editor {
            $0.frame = FrameSpec(size: Size(40, 40), resizable: true)
            $0.policy.kind = .none
        }
        let t = try replay(Scenario(name: "t", editor: e, script: [.pan(PanStep(by: Point(30, 0), duration: 0.05))]))
        #expect(t.frames.last?.box == t.frames[0].box)
        #expect(try #require(t.frames.last).imageRect.x == t.frames[0].imageRect.x + 30)
        let grab = try replay(
            Scenario(
                name: "t", editor: e, script: [.pan(PanStep(by: Point(30, 0), duration: 0.05, from: Point(215, 422)))]))
        // the right edge (215 is 0 from it)
        #expect(try #require(grab.frames.last).box.maxX == t.frames[0].box.maxX + 30)
        #expect(try #require(grab.frames.last).imageRect == t.frames[0].imageRect)  // a box drag never moves the image
    }

    static let bounds = Rect(x: 20, y: 20, width: 350, height: 804)

    @Test func unlockedEdgesClampToTheBoundsThenTheMinimum() {
        let b0 = Rect(x: 50, y: 300, width: 200, height: 150)
        // Bounds: the left edge stops at 20.
        #expect(
            BoxGeometry.drag(
                b0, handle: .left, by: Point(-100, 0), locked: false, bounds: Self.bounds, minSize: Size(44, 44)
            ).minX == 20)
        // Minimum: the right edge stops 44 right of the left edge.
        let small = BoxGeometry.drag(
            b0, handle: .right, by: Point(-190, 0), locked: false, bounds: Self.bounds, minSize: Size(44, 44))
        #expect(small == Rect(x: 50, y: 300, width: 44, height: 150))
        // The minimum beats the bounds: with a minimum wider than the bounds allow, the edge leaves them.
        let wide = BoxGeometry.drag(
            b0, handle: .left, by: Point(0, 0), locked: false, bounds: Rect(x: 60, y: 20, width: 300, height: 800),
            minSize: Size(250, 44))
        #expect(wide.minX == 0)  // clamped to 60 first, then the minimum pulls it to 250 - 250 = 0
        // A corner moves two edges.
        let corner = BoxGeometry.drag(
            b0, handle: [.right, .bottom], by: Point(30, -20), locked: false, bounds: Self.bounds, minSize: Size(44, 44)
        )
        #expect(corner == Rect(x: 50, y: 300, width: 230, height: 130))
    }

    @Test func lockedDragsKeepTheAspectAboutTheFixedPoint() {
        let b0 = Rect(x: 50, y: 300, width: 200, height: 100)  // r = 2
        // Corner: |dx|/w = 0.2 beats |dy|/h = 0.1, so the width decides: 160 x 80 about the opposite corner (250, 400).
        let corner = BoxGeometry.drag(
            b0, handle: [.left, .top], by: Point(40, 10), locked: true, bounds: Self.bounds, minSize: Size(44, 44))
        #expect(corner == Rect(x: 90, y: 320, width: 160, height: 80))
        // Ties go to x.
        let tie = BoxGeometry.drag(
            b0, handle: [.right, .bottom], by: Point(20, 10), locked: true, bounds: Self.bounds, minSize: Size(44, 44))
        #expect(tie == Rect(x: 50, y: 300, width: 220, height: 110))
        // Edge: the bottom edge by +20 makes h = 120, w = 240, centred on the vertical centre line, top edge fixed.
        let edge = BoxGeometry.drag(
            b0, handle: .bottom, by: Point(0, 20), locked: true, bounds: Self.bounds, minSize: Size(44, 44))
        #expect(edge == Rect(x: 30, y: 300, width: 240, height: 120))
        // The bounds cap the scale about the fixed point: the right edge may reach 370 (x from 50): scale 1.6.
        let capped = BoxGeometry.drag(
            b0, handle: .right, by: Point(500, 0), locked: true, bounds: Self.bounds, minSize: Size(44, 44))
        #expect(capped == Rect(x: 50, y: 270, width: 320, height: 160))
        // The minimum raises the scale (the minimum wins): 44 x 22 is too small in height.
        let tiny = BoxGeometry.drag(
            b0, handle: .right, by: Point(-190, 0), locked: true, bounds: Self.bounds, minSize: Size(44, 44))
        #expect(tiny == Rect(x: 50, y: 328, width: 88, height: 44))
    }

    /// Layout: 390x844, a 1600x1200 image at k = 0.25 centred (400x300 at (-5, 272)).
    static let layout = Layout(
        editor: editor { $0.zoom.min = nil }, viewportWidth: 390, viewportHeight: 844, imageWidth: 1600,
        imageHeight: 1200)

    @Test func coverageStopsTheBoxOnTheImageEdge() throws {
        let s = ViewState(k: 0.25, cx: 195, cy: 422)  // image x from -5 to 395, y from 272 to 572
        let b0 = Rect(x: 100, y: 350, width: 100, height: 100)
        // Dragging the bottom edge down by 200 would leave the image at y = 572: l = (572 - 450) / 200.
        let b1 = Rect(x: 100, y: 350, width: 100, height: 300)
        let b = BoxGeometry.covered(from: b0, to: b1, state: s, layout: Self.layout)
        #expect(abs(b.maxY - 572) < 1e-9 && b.minY == 350)
        // At an angle: l computed by hand from the linear conditions. a = 30, image centre (195, 422).
        let turned = ViewState(k: 0.25, cx: 195, cy: 422, a: 30)
        let c0 = Rect(x: 150, y: 380, width: 80, height: 80)
        let c1 = Rect(x: 150, y: 380, width: 320, height: 80)  // the right edge moves 240 to the right
        func slack(_ b: Rect) -> [Double] {
            let g = AngledTarget(b, angle: 30)
            let (du, dv) = g.offset(turned)
            let (hu, hv) = g.halfRoom(turned, imageWidth: 1600, imageHeight: 1200)
            return [du - hu, -du - hu, dv - hv, -dv - hv]
        }
        let f0 = slack(c0)
        let f1 = slack(c1)
        let l = try #require(zip(f0, f1).filter { $0.1 > 1e-9 }.map { $0.0 / ($0.0 - $0.1) }.min())
        #expect(l > 0 && l < 1)
        let c = BoxGeometry.covered(from: c0, to: c1, state: turned, layout: Self.layout)
        #expect(abs(c.width - (80 + l * 240)) < 1e-9)
        #expect(Self.layout.isCovered(turned, box: c))
        #expect((slack(c).max() ?? -1) > -1e-9, "the box stops on the image edge, not short of it")
        // A box that starts uncovered moves freely (l = 1).
        let out = Rect(x: 0, y: 0, width: 50, height: 50)
        #expect(BoxGeometry.covered(from: out, to: c1, state: s, layout: Self.layout) == c1)
    }

    @Test func refitTargetIsCappedByTheMaximumZoom() {
        // Largest rect of aspect 2:1 in 350x804: 350 x 175, s = 350/100 = 3.5; at zoom 4 with max 10: s = 2.5.
        let (box, s) = BoxGeometry.refitTarget(
            Rect(x: 50, y: 300, width: 100, height: 50), bounds: Self.bounds, zoom: 4, maxZoom: 10)
        #expect(s == 2.5)
        #expect(box == Rect(x: 195 - 125, y: 422 - 62.5, width: 250, height: 125))
    }

    /// The resizable-box-refit preset with a corner drag released on frame 19.
    static func dragScript(_ extra: [StepKind] = []) -> [StepKind] {
        [.pan(PanStep(by: Point(-120, -100), duration: 0.3, from: Point(370, 553)))] + extra + [.untilSettled]
    }

    static func refitTrace(_ extra: [StepKind] = [], delay: Double = 0.8, fps: Int = 60) throws -> Trace {
        var e = try #require(EditorConfig.preset("resizable-box-refit"))
        e.refit.delay = delay
        return try replay(Scenario(name: "refit", editor: e, fps: fps, script: dragScript(extra)))
    }

    /// The first frame whose box differs from the previous one after `from`.
    static func firstMove(_ t: Trace, after from: Int) -> Int? {
        (from + 1..<t.frames.count).first { t.frames[$0].box != t.frames[$0 - 1].box }
    }

    @Test(arguments: [(0.8, 60), (0.5, 30), (0.25, 24), (0.0, 60)])
    func theRefitStartsOnTheFrameTheRuleGives(delay: Double, fps: Int) throws {
        let t = try Self.refitTrace(delay: delay, fps: fps)
        let release = try #require(t.frames.firstIndex { $0.events.contains { $0.description == "pan.ended" } })
        // First frame n with (n - r)/fps >= delay - 1e-9: r + ceil(delay * fps - 1e-9 * fps).
        let start = release + Int((delay * Double(fps) - 1e-9 * Double(fps)).rounded(.up))
        // A delay of 0 starts on the release frame itself (first advanced in its step 2).
        #expect(Self.firstMove(t, after: start - 1) == start, "release \(release), delay \(delay) at \(fps) fps")
        #expect(t.frames[start].animating && (start == release || !t.frames[start - 1].animating))
        // The content under the box centre stays under it (seen when the re-fit starts after the release frame).
        guard start > release else { return }
        let before = t.frames[start - 1]
        let after = try #require(t.frames.last)
        func imagePoint(_ f: FrameRecord) -> Point {
            Point((f.box.midX - f.shown.cx) / f.k, (f.box.midY - f.shown.cy) / f.k)
        }
        #expect(
            abs(imagePoint(before).x - imagePoint(after).x) < 1e-9
                && abs(imagePoint(before).y - imagePoint(after).y) < 1e-9)
    }

    @Test func aGestureDuringTheWaitRestartsIt() throws {
        // A pinch that begins 0.3 s after the release and ends 0.1 s later: the wait restarts at its end.
        let t = try Self.refitTrace([.wait(0.3), .pinch(PinchStep(scale: 1.2, duration: 0.1))])
        let ends = t.frames.indices.filter { t.frames[$0].events.contains { $0.phase == .ended } }
        let pinchEnd = try #require(ends.last)
        #expect(Self.firstMove(t, after: pinchEnd) == pinchEnd + 48)
    }

    @Test func aGestureDuringTheRefitStopsItWhereItIs() throws {
        // Release at 19, refit from 67; a pan begins on frame 70 and does not move the image.
        let t = try Self.refitTrace([
            .wait(0.85),
            .events([
                RawEvent(frame: 1, gesture: .pan, phase: .began), RawEvent(frame: 3, gesture: .pan, phase: .ended),
            ]),
        ])
        let began = try #require(
            t.frames.firstIndex { $0.frame > 20 && $0.events.contains { $0.description == "pan.began" } })
        #expect(t.frames[began - 1].animating)
        #expect(t.frames[began].box == t.frames[began - 1].box)
        #expect(
            t.frames[began].shown.isClose(to: t.frames[began - 1].shown),
            "\(t.frames[began - 1].shown) -> \(t.frames[began].shown)")
        #expect(!t.frames[began].animating)
        // The wait starts again at that gesture's end.
        #expect(Self.firstMove(t, after: began + 2) == began + 2 + 48)
    }

    @Test func aspectStepsLockAndRefitAtOnce() throws {
        let e = try #require(EditorConfig.preset("resizable-box-refit"))
        let t = try replay(
            Scenario(name: "aspect", editor: e, script: [.aspect(.ratio(Size(1, 1))), .untilSettled, .aspect(.free)]))
        let f1 = t.frames[1]
        // The largest square inside the 350 x 262.5 box, centred on it, and a re-fit started in the same frame.
        #expect(abs(f1.box.width - f1.box.height) < 1e-9 || f1.animating)
        #expect(f1.animating)
        let last = try #require(t.frames.last)
        #expect(abs(last.box.width - 350) < 1e-9 && abs(last.box.height - 350) < 1e-9)
        #expect(last.valid)
    }

    static func tapEditor() throws -> EditorConfig {
        var e = try #require(EditorConfig.preset("twist-doubletap"))
        e.policy.animation = .none
        return e
    }

    @Test func doubleTapZoomDoublesThenReturnsFromTheMaximum() throws {
        let e = try Self.tapEditor()  // max 10
        let tap = Point(250, 400)
        var script: [StepKind] = []
        for _ in 0..<5 { script.append(.doubleTap(tap)) }
        let t = try replay(Scenario(name: "tap", editor: e, script: script))
        // 1 -> 2 -> 4 -> 8 -> 10 (capped) -> back to the minimum (cover: 1 for this frameFill editor).
        let zooms = t.frames.map(\.zoom)
        for (got, want) in zip(zooms, [1.0, 2, 4, 8, 10, 1]) { #expect(abs(got - want) < 1e-9, "\(zooms)") }
        #expect(t.frames[1].events.map(\.description) == ["tap.double"])
        // The image point under the tap stays put (P does not move it at zoom 2 here).
        let f0 = t.frames[0]
        let f1 = t.frames[1]
        #expect(abs((tap.x - f0.shown.cx) / f0.k - (tap.x - f1.shown.cx) / f1.k) < 1e-9)
    }

    @Test func doubleTapResetBringsTheBoxBackWithTheSameProgress() throws {
        var e = try #require(EditorConfig.preset("resizable-box-refit"))
        e.doubleTap.action = .reset
        e.policy.animation = .linear(duration: 0.1)
        let t = try replay(
            Scenario(name: "reset", editor: e, script: Self.dragScript([.doubleTap(Point(100, 100)), .untilSettled])))
        let first = t.frames[0]
        let last = try #require(t.frames.last)
        #expect(last.box == first.box && last.shown == first.shown)
        // Mid-way the box moves with the settle's progress: linear 0.1 s, two advances = 1/3.
        let tapFrame = try #require(t.frames.firstIndex { $0.events.contains { $0.description == "tap.double" } })
        let start = t.frames[tapFrame - 1]
        let mid = t.frames[tapFrame + 1]
        let p = (2.0 / 60) / 0.1
        #expect(abs(mid.box.width - (start.box.width + (first.box.width - start.box.width) * p)) < 1e-9)
        #expect(abs(mid.box.y - (start.box.y + (first.box.y - start.box.y) * p)) < 1e-9)
        #expect(t.frames[tapFrame].animating)
    }

    @Test func buttonsWhileTouchingAreScriptErrors() throws {
        let e = try Self.tapEditor()
        do {
            _ = try replay(
                Scenario(
                    name: "e", editor: e,
                    script: [.events([RawEvent(frame: 1, gesture: .pan, phase: .began)]), .quarterTurn(.clockwise)]))
            Issue.record("no error")
        } catch {
            #expect(
                "\(error)".contains("script[1]: frame 2: quarterTurn while a recognizer is active (pan began)"),
                "\(error)")
        }
    }
}
