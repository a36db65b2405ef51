import CropEngine
import CropGeometry
import CropScenario
import TestSupport
import Testing

/// The reducer driven directly with values built in Swift, every state change stated.
///
/// Geometry: viewport 400x400, an 800x800 image aspect-fitted (k = 0.5, the image 400x400
/// centred at (200, 200)), frame 200x200 at (100, 100): the centre may move within
/// [100, 300] on each axis while the frame stays covered; zoom limits 0.5 and 4.
@Suite struct ReducerTests {
    static func editor(_ policy: PolicyKind, animation: AnimationCurve = .none) -> EditorConfig {
        var e = EditorConfig.defaults
        e.viewport = ViewportSpec(width: 400, height: 400, scale: 1)
        e.image = .testcard(width: 800, height: 800)
        e.fit = .aspectFit
        e.frame = FrameSpec(size: Size(200, 200))
        e.zoom.min = .value(0.5)
        e.zoom.max = 4
        e.policy.kind = policy
        e.policy.animation = animation
        return e
    }

    static func pan(_ phase: GesturePhase, _ dx: Double, _ dy: Double = 0, velocity: Point? = nil) -> GestureEvent {
        GestureEvent(
            gesture: .pan, phase: phase, translation: Point(dx, dy), location: Point(200, 200), velocity: velocity)
    }

    @Test func aPanDeltaMovesTheRawAndShownCentre() {
        var store = TestStore(editor: Self.editor(.none))
        store.send(.frameBegan(1)) { $0.frame = 1 }
        store.send(.gesture(Self.pan(.began, 40, 0))) {
            // began sets the baseline: its translation is not applied.
            $0.pan = Recognizer(phase: .began, translation: Point(40, 0), scale: 1, location: Point(200, 200))
            $0.events = [TraceEvent(gesture: .pan, phase: .began)]
        }
        store.send(.gesture(Self.pan(.changed, 70, -10))) {
            $0.raw.cx += 30
            $0.raw.cy -= 10
            $0.shown = $0.raw
            $0.pan.phase = .changed
            $0.pan.translation = Point(70, -10)
            $0.events.append(TraceEvent(gesture: .pan, phase: .changed))
        }
        store.send(.eventsApplied)
        store.send(.tick)
        store.send(.frameBegan(2)) {
            $0.frame = 2
            $0.events = []
        }
        store.send(.gesture(Self.pan(.began, 0)), throws: .illegalTransition(.pan, .whileActive(.began, .changed)))
    }

    @Test func clampIsAHardWallAndReversingMovesAtOnce() {
        var store = TestStore(editor: Self.editor(.clamp))
        store.send(.gesture(Self.pan(.began, 0))) {
            $0.pan = Recognizer(phase: .began, translation: .zero, scale: 1, location: Point(200, 200))
            $0.events = [TraceEvent(gesture: .pan, phase: .began)]
        }
        store.send(.gesture(Self.pan(.changed, 150))) {
            // raw would be 350; the wall is the bound 300 and raw := shown.
            $0.raw.cx = 300
            $0.shown.cx = 300
            $0.pan.phase = .changed
            $0.pan.translation = Point(150, 0)
            $0.events.append(TraceEvent(gesture: .pan, phase: .changed))
        }
        store.send(.gesture(Self.pan(.changed, 100))) {
            $0.raw.cx = 250
            $0.shown.cx = 250
            $0.pan.translation = Point(100, 0)
            $0.events.append(TraceEvent(gesture: .pan, phase: .changed))
        }
    }

    @Test func wholeRollbackSettlesToTheLastValidStateOnRelease() {
        var store = TestStore(editor: Self.editor(.rollback, animation: .linear(duration: 0.05)))
        store.send(.gesture(Self.pan(.began, 0))) {
            $0.pan = Recognizer(phase: .began, translation: .zero, scale: 1, location: Point(200, 200))
            $0.events = [TraceEvent(gesture: .pan, phase: .began)]
        }
        store.send(.gesture(Self.pan(.changed, 90))) {
            $0.raw.cx = 290
            $0.shown.cx = 290
            $0.lastValid.cx = 290  // valid: stored
            $0.pan.phase = .changed
            $0.pan.translation = Point(90, 0)
            $0.events.append(TraceEvent(gesture: .pan, phase: .changed))
        }
        store.send(.gesture(Self.pan(.ended, 150))) {
            $0.raw.cx = 350
            $0.shown.cx = 350  // invalid: not stored; the release settles back
            $0.pan.phase = .ended
            $0.pan.translation = Point(150, 0)
            $0.events.append(TraceEvent(gesture: .pan, phase: .ended))
            $0.settle = Settle(from: $0.shown, to: $0.lastValid, ticks: 0)
        }
        store.send(.tick) {
            // 1/60 s of 0.05 s: a third of the way.
            $0.settle?.ticks = 1
            $0.shown.cx = 350 + (290 - 350) * ((1.0 / 60) / 0.05)
        }
        store.send(.tick) {
            $0.settle?.ticks = 2
            $0.shown.cx = 350 + (290 - 350) * ((2.0 / 60) / 0.05)
        }
        store.send(.tick) {
            // t = 3/60 >= 0.05 - 1e-9: the target exactly, and raw follows.
            $0.settle = nil
            $0.shown.cx = 290
            $0.raw.cx = 290
        }
    }
}

/// docs/behaviour.md, "Continuity": a gesture that begins while a settle runs stops it where it is, with no jump, for
/// every policy and gesture kind; under rubberBand the band is inverted about the anchor the
/// next frames use (the new pinch's location).
@Suite struct GestureCaughtMidSettleTests {
    static let policies: [PolicyKind] = PolicyKind.allCases

    /// circle-avatar-bounce: pinch below the minimum zoom about (150, 300), release, and a few
    /// frames into the spring a new gesture begins elsewhere.
    @Test(arguments: policies, [GestureKind.pan, .pinch])
    func beganDuringASettleMovesNothing(policy: PolicyKind, kind: GestureKind) throws {
        var editor = try #require(EditorConfig.preset("circle-avatar-bounce"))
        editor.policy.kind = policy
        var store = TestStore(editor: editor, imageWidth: 1600, imageHeight: 1200)
        let at = Point(150, 300)
        var frame = 0
        func pinch(_ phase: GesturePhase, _ scale: Double, _ p: Point) -> GestureEvent {
            GestureEvent(gesture: .pinch, phase: phase, scale: scale, location: p)
        }
        frame += 1
        try store.run(TestStore.frame(frame, [pinch(.began, 1, at)]))
        for (i, scale) in [0.8, 0.6, 0.5].enumerated() {
            frame += 1
            try store.run(TestStore.frame(frame, [pinch(i == 2 ? .ended : .changed, scale, at)]))
        }
        for _ in 0..<4 {
            frame += 1
            try store.run(TestStore.frame(frame, []))
        }
        let before = store.state.shown
        let settling = store.state.settle != nil
        // The new gesture begins somewhere else.
        let next =
            kind == .pan
            ? GestureEvent(gesture: .pan, phase: .began, location: Point(230, 390))
            : pinch(.began, 1, Point(230, 390))
        frame += 1
        try store.run([.frameBegan(frame), .gesture(next)])
        let after = store.state.shown
        #expect(store.state.settle == nil)
        #expect(
            abs(after.k - before.k) <= 1e-9 && abs(after.cx - before.cx) <= 1e-9 && abs(after.cy - before.cy) <= 1e-9,
            "\(policy)/\(kind): shown \(before) -> \(after) (a settle was \(settling ? "" : "not ")running)")
        if policy == .rubberBand || policy == .snapNearest || policy == .rollback {
            #expect(settling, "the scenario must catch a running settle")
        }
        if policy == .rubberBand {
            // raw is the band's inverse: banding it again about the new anchor gives the shown state.
            let band = RubberBand(c: editor.policy.rubberBand)
            let anchor = kind == .pinch ? Point(230, 390) : at
            let again = band.apply(store.state.raw, layout: store.state.layout, anchor: anchor, box: store.state.box)
            #expect(
                abs(again.cx - before.cx) <= 1e-9 && abs(again.cy - before.cy) <= 1e-9
                    && abs(again.k - before.k) <= 1e-12)
        }
    }
}
