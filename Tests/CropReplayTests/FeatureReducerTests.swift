import CropGeometry
import CropScenario
import TestSupport
import Testing

@testable import CropEngine

/// Each feature reducer of the engine's composition (`Engine+Composition.swift`) run alone,
/// every state change stated. The geometry is `ReducerTests`': viewport 400x400, the 800x800
/// image fitted at k = 0.5 about (200, 200), the box (100, 100, 200, 200), so the centre may
/// move within [100, 300] on each axis at that zoom; zoom limits 0.5 and 4 (k 0.25 to 2).
@Suite struct FeatureReducerTests {
    static let centre = Point(200, 200)
    static let fitted = ViewState(k: 0.5, cx: 200, cy: 200)

    static func editor(_ policy: PolicyKind, animation: AnimationCurve = .none) -> EditorConfig {
        ReducerTests.editor(policy, animation: animation)
    }

    static func event(
        _ gesture: GestureKind, _ phase: GesturePhase, translation: Point = .zero, scale: Double = 1,
        rotation: Double = 0, at location: Point? = nil, velocity: Point? = nil
    ) -> GestureEvent {
        GestureEvent(
            gesture: gesture, phase: phase, translation: translation, scale: scale, rotation: rotation,
            location: location, velocity: velocity)
    }

    /// A store whose state is the initial fit changed by `change`.
    static func store(_ editor: EditorConfig, _ change: (inout EngineState) -> Void) -> TestStore {
        var state = TestStore(editor: editor).state
        change(&state)
        return TestStore(editor: editor, state: state)
    }

    // MARK: The recognizer's machine (docs/behaviour.md, "Recognizers")

    @Test func aBeganLogsTheEventAndSetsTheBaselineAtTheBoxCentre() {
        var store = TestStore(editor: Self.editor(.none))
        var update: GestureUpdate?
        // Omitted location: the box centre. The scale `began` carries is the baseline, not applied.
        store.reduce(
            "recognize",
            { engine, s throws(EngineError) in
                update = try engine.recognize(&s, Self.event(.pinch, .began, scale: 1.5))
            }
        ) {
            $0.events = [TraceEvent(gesture: .pinch, phase: .began)]
        }
        let began = Recognizer(phase: .began, scale: 1.5, location: Self.centre)
        #expect(update == GestureUpdate(recognizer: began, location: Self.centre))
        store.reduce("commit", { engine, s in engine.commit(&s, .pinch, began) }) { $0.pinch = began }
    }

    @Test func aLaterEventKeepsTheValuesItOmitsAndItsDeltaIsLeftToTheGesture() {
        let before = Recognizer(phase: .changed, scale: 1.5, location: Point(150, 250))
        var store = Self.store(Self.editor(.none)) { $0.pinch = before }
        var update: GestureUpdate?
        store.reduce(
            "recognize",
            { engine, s throws(EngineError) in
                update = try engine.recognize(&s, Self.event(.pinch, .ended, scale: 2))
            }
        ) {
            $0.events = [TraceEvent(gesture: .pinch, phase: .ended)]
        }
        var ended = before
        ended.phase = .ended
        #expect(update == GestureUpdate(recognizer: ended, location: Point(150, 250)))
    }

    @Test func anIllegalTransitionIsRefusedWithNothingChanged() throws {
        let store = TestStore(editor: Self.editor(.none))
        var state = store.state
        #expect(throws: EngineError(frame: 0, problem: .illegalTransition(.pan, .withoutBegan(.changed)))) {
            _ = try store.engine.recognize(&state, Self.event(.pan, .changed))
        }
        #expect(state == store.state)
    }

    @Test func aNewFrameMakesFinishedRecognizersPossibleAndClearsTheEventList() {
        var store = Self.store(Self.editor(.none)) {
            $0.pinch.phase = .ended
            $0.pan.phase = .changed
            $0.rotation.phase = .failed
            $0.events = [TraceEvent(gesture: .pinch, phase: .ended)]
        }
        store.reduce("beginFrame", { engine, s in engine.beginFrame(&s, 7) }) {
            $0.frame = 7
            $0.events = []
            $0.pinch.phase = .possible
            $0.rotation.phase = .possible
        }
    }

    // MARK: Pan, pinch, rotation: each gesture's own reducer

    @Test func aPanDeltaMovesTheRawCentreByTheTranslationSinceThePreviousEvent() {
        var store = TestStore(editor: Self.editor(.none))
        var update = GestureUpdate(
            recognizer: Recognizer(phase: .changed, translation: Point(10, 0)), location: Self.centre)
        store.reduce(
            "pan",
            { engine, s in
                PanReducer.move(&s, Self.event(.pan, .changed, translation: Point(40, -5)), &update, engine)
            }
        ) {
            $0.raw.cx = 230
            $0.raw.cy = 195
        }
        #expect(update.recognizer.translation == Point(40, -5))
        #expect(!update.movedBox)
    }

    @Test func aPansEndCarriesItsVelocityAsTheFlingOnlyWhenItEnds() {
        var store = TestStore(editor: Self.editor(.none))
        let velocity = Point(300, 0)
        var ended = GestureUpdate(recognizer: Recognizer(phase: .ended), location: Self.centre)
        store.reduce(
            "pan end",
            { engine, s in
                PanReducer.end(&s, Self.event(.pan, .ended, velocity: velocity), &ended, engine)
            })
        #expect(ended.fling == velocity && !ended.endedBoxDrag)
        var cancelled = GestureUpdate(recognizer: Recognizer(phase: .cancelled), location: Self.centre)
        store.reduce(
            "pan end",
            { engine, s in
                PanReducer.end(&s, Self.event(.pan, .cancelled, velocity: velocity), &cancelled, engine)
            })
        #expect(cancelled.fling == nil)
    }

    @Test func aPinchTakesTheAnchorAndScalesAboutItsMovingLocation() {
        let at = Point(150, 250)
        var store = TestStore(editor: Self.editor(.none))
        store.reduce("takeAnchor", { _, s in PinchReducer.takeAnchor(&s, at: at) }) { $0.focal = at }
        // Scale 1 -> 2 while the fingers move from (160, 240) to (150, 250): the image point under
        // the previous location comes to the new one.
        var update = GestureUpdate(
            recognizer: Recognizer(phase: .changed, scale: 1, location: Point(160, 240)), location: at)
        store.reduce(
            "pinch",
            { engine, s in
                PinchReducer.move(&s, Self.event(.pinch, .changed, scale: 2, at: at), &update, engine)
            }
        ) {
            $0.raw = ViewState(k: 1, cx: 150 + (200 - 160) * 2, cy: 250 + (200 - 240) * 2)
        }
        #expect(update.recognizer.scale == 2 && update.recognizer.location == at)
    }

    @Test func aPinchWithTheCentreAnchorScalesOnlyTheZoom() {
        var editor = Self.editor(.none)
        editor.zoom.anchor = .center
        var store = TestStore(editor: editor)
        let at = Point(150, 250)
        var update = GestureUpdate(recognizer: Recognizer(phase: .changed, scale: 2, location: at), location: at)
        store.reduce(
            "pinch",
            { engine, s in
                PinchReducer.move(&s, Self.event(.pinch, .changed, scale: 3, at: at), &update, engine)
            }
        ) {
            $0.raw.k = 0.5 * (3.0 / 2)
            $0.focal = at  // still the latest location, though the zoom does not use it
        }
    }

    @Test func aRotationTurnsAboutItsLocationUpToTheLimit() {
        var editor = Self.editor(.none)
        editor.rotation.limit = 20
        var store = TestStore(editor: editor)
        let at = Point(250, 200)
        var update = GestureUpdate(recognizer: Recognizer(phase: .changed, location: at, rotation: 0), location: at)
        store.reduce(
            "rotation",
            { engine, s in
                RotationReducer.move(&s, Self.event(.rotation, .changed, rotation: 30, at: at), &update, engine)
            }
        ) {
            // 30 degrees asked, 20 applied: the centre turns by the 20 applied.
            let turned = Rotation(degrees: 20).apply(Point(200 - 250, 0))
            $0.raw = ViewState(k: 0.5, cx: 250 + turned.x, cy: 200 + turned.y, a: 20)
            $0.focal = at
        }
        #expect(update.recognizer.rotation == 30)
    }

    @Test func theStraightenDialStartsFromTheAngleAtItsBegan() {
        var store = Self.store(Self.editor(.none)) { $0.raw.a = 12 }
        var e = Self.event(.rotation, .began, rotation: 0.4)
        e.dialTarget = 30
        var update = GestureUpdate(recognizer: Recognizer(phase: .began, rotation: 0.4), location: Self.centre)
        store.reduce("rotation began", { engine, s in RotationReducer.begin(&s, e, &update, engine) })
        #expect(update.recognizer.dialBase == 12 && update.recognizer.rotation == 0)
    }

    // MARK: Box drag (docs/behaviour.md, "Box drags")

    static func resizable(_ policy: PolicyKind) -> EditorConfig {
        var editor = Self.editor(policy)
        editor.frame.resizable = true
        return editor
    }

    @Test func aPanLandingOnACornerDragsTheBoxAndNeverTheImage() throws {
        var store = TestStore(editor: Self.resizable(.clamp))
        let box = store.state.box
        store.reduce(
            "grabBox",
            { engine, s in
                engine.grabBox(&s, Self.event(.pan, .began, translation: Point(5, 5), at: Point(100, 100)))
            }
        ) {
            $0.boxDrag = BoxDrag(handle: [.left, .top], start: box, baseline: Point(5, 5))
        }
        var update = GestureUpdate(
            recognizer: Recognizer(phase: .changed, translation: Point(5, 5)), location: Point(100, 100))
        store.reduce(
            "pan",
            { engine, s in
                PanReducer.move(&s, Self.event(.pan, .changed, translation: Point(35, 25)), &update, engine)
            }
        ) {
            // The corner follows the translation since began; the image stays.
            $0.box = Rect(x: 130, y: 120, width: 170, height: 180)
        }
        #expect(update.movedBox)
        // A wall that holds nothing here changes nothing; the image is not moved.
        store.reduce(
            "showTouch",
            { engine, s throws(EngineError) in
                try engine.showTouch(&s, .changed, movedBox: true)
            })
        store.reduce(
            "pan end",
            { engine, s in
                PanReducer.end(&s, Self.event(.pan, .ended, velocity: Point(500, 0)), &update, engine)
            }
        ) {
            $0.boxDrag = nil
        }
        // The end of a box drag starts no momentum.
        #expect(update.endedBoxDrag && update.fling == nil)
    }

    @Test func aDefaultedPanLocationNeverGrabsAHandle() {
        var store = Self.store(Self.resizable(.none)) {
            $0.boxDrag = BoxDrag(handle: .left, start: $0.box, baseline: .zero)
        }
        store.reduce("grabBox", { engine, s in engine.grabBox(&s, Self.event(.pan, .began)) }) { $0.boxDrag = nil }
    }

    @Test func aBoxDragEventUnderTheBandLeavesTheImageWhereItIs() throws {
        // Shown past the right bound and banded; raw is not the band's inverse (as after the box moved).
        var store = Self.store(Self.resizable(.rubberBand)) {
            $0.shown = ViewState(k: 0.5, cx: 320, cy: 200)
            $0.raw = ViewState(k: 0.5, cx: 330, cy: 200)
        }
        let s0 = store.state
        store.reduce(
            "showTouch",
            { engine, s throws(EngineError) in
                try engine.showTouch(&s, .changed, movedBox: true)
            }
        ) {
            $0.raw = RubberBand(c: 0.55).invert(s0.shown, layout: s0.layout, anchor: nil, box: s0.box).0
        }
        #expect(store.state.shown == s0.shown)
    }

    // MARK: Continuity (docs/behaviour.md, "Continuity")

    @Test func resumingUnderTheBandTakesItsInverseAndOtherwiseTheShownState() throws {
        let shown = ViewState(k: 0.5, cx: 320, cy: 200)
        var band = Self.store(Self.editor(.rubberBand)) { $0.shown = shown }
        let s0 = band.state
        band.reduce("resume", { engine, s throws(EngineError) in try engine.resume(&s) }) {
            // 20 points past the bound with d = 400: x = b d / (c (d - b)).
            $0.raw.cx = 300 + 20 * 400 / (0.55 * (400 - 20))
        }
        let again = RubberBand(c: 0.55).apply(band.state.raw, layout: s0.layout, anchor: nil, box: s0.box)
        #expect(abs(again.cx - shown.cx) <= 1e-9)
        var follow = Self.store(Self.editor(.none)) { $0.shown = shown }
        follow.reduce("resume", { engine, s throws(EngineError) in try engine.resume(&s) }) { $0.raw = shown }
    }

    @Test func unbandedQuantitiesAreBandedAgainOnlyOnceNoFingerIsDown() {
        var store = Self.store(Self.editor(.rubberBand)) {
            $0.unbanded = .zoom
            $0.pinch.phase = .changed
        }
        store.reduce("releaseUnbanded", { engine, s in engine.releaseUnbanded(&s) })
        store = Self.store(Self.editor(.rubberBand)) { $0.unbanded = .zoom }
        store.reduce("releaseUnbanded", { engine, s in engine.releaseUnbanded(&s) }) { $0.unbanded = [] }
    }

    // MARK: What the policy shows (docs/behaviour.md, "Policies")

    @Test func theWallProjectsTheRawStateAndFollowingShowsIt() {
        let raw = ViewState(k: 0.5, cx: 350, cy: 90)
        var clamp = Self.store(Self.editor(.clamp)) { $0.raw = raw }
        clamp.reduce(
            "showTouch",
            { engine, s throws(EngineError) in
                try engine.showTouch(&s, .changed, movedBox: false)
            }
        ) {
            $0.raw = ViewState(k: 0.5, cx: 300, cy: 100)
            $0.shown = $0.raw
        }
        var follow = Self.store(Self.editor(.none)) { $0.raw = raw }
        follow.reduce(
            "showTouch",
            { engine, s throws(EngineError) in
                try engine.showTouch(&s, .changed, movedBox: false)
            }
        ) {
            $0.shown = raw
        }
        // Cancelled and failed show nothing new.
        for phase in [GesturePhase.cancelled, .failed] {
            follow.reduce(
                "showTouch",
                { engine, s throws(EngineError) in
                    try engine.showTouch(&s, phase, movedBox: false)
                })
        }
    }

    // MARK: Stores (the policy's memories; docs/behaviour.md, "Rollback")

    @Test func wholeRollbackStoresEveryBeganAndOnlyValidLaterStates() {
        let invalid = ViewState(k: 0.5, cx: 350, cy: 200)
        var store = Self.store(Self.editor(.rollback)) { $0.shown = invalid }
        store.reduce("remember", { engine, s in engine.remember(&s, .changed, PanReducer.self) })
        store.reduce("remember", { engine, s in engine.remember(&s, .began, PanReducer.self) }) {
            $0.lastValid = invalid
        }
        let valid = ViewState(k: 0.5, cx: 250, cy: 200)
        store = Self.store(Self.editor(.rollback)) { $0.shown = valid }
        store.reduce("remember", { engine, s in engine.remember(&s, .ended, PinchReducer.self) }) {
            $0.lastValid = valid
        }
        store.reduce("remember", { engine, s in engine.remember(&s, .cancelled, PinchReducer.self) })
    }

    @Test func perGestureRollbackWritesOnlyTheGesturesOwnStore() {
        var editor = Self.editor(.rollback)
        editor.policy.rollback = .perGesture
        let valid = ViewState(k: 0.6, cx: 250, cy: 200)
        var store = Self.store(editor) { $0.shown = valid }
        let stores: [(GestureKind, WritableKeyPath<EngineState, ViewState>)] = [
            (.pinch, \.pinchStore), (.pan, \.panStore), (.rotation, \.rotationStore),
        ]
        for (kind, field) in stores {
            store.reduce("remember", { engine, s in engine.remember(&s, .changed, kind.reducer) }) {
                $0[keyPath: field] = valid
            }
        }
        var none = Self.store(Self.editor(.none)) { $0.shown = valid }
        none.reduce("remember", { engine, s in engine.remember(&s, .began, PanReducer.self) })
    }

    // MARK: Mask (docs/behaviour.md, "Mask visibility")

    @Test func aPerGestureMaskHidesAtBeganAndShowsAtEnded() {
        var editor = Self.editor(.none)
        editor.mask.visibility = .perGesture
        var store = TestStore(editor: editor)
        store.reduce("mask", { engine, s in engine.maskOnGesture(&s, .began) }) {
            $0.mask = 0
            $0.maskTarget = 0
        }
        store.reduce("mask", { engine, s in engine.maskOnGesture(&s, .cancelled) })
        store.reduce("mask", { engine, s in engine.maskOnGesture(&s, .ended) }) {
            $0.mask = 1
            $0.maskTarget = 1
        }
    }

    @Test func aFadingMaskMovesOneFrameAtATime() {
        var editor = Self.editor(.none)
        editor.mask.visibility = .hiddenWhileTouching
        editor.mask.fade = 0.1
        var store = Self.store(editor) { $0.pan.phase = .changed }
        store.reduce("mask", { engine, s in engine.maskAfterEvents(&s) }) { $0.maskTarget = 0 }
        store.reduce("fade", { engine, s in engine.fadeMask(&s) }) { $0.mask = 1 - (1.0 / 60) / 0.1 }
    }

    // MARK: Re-fit (docs/behaviour.md, "Re-fit")

    @Test func aBeganStopsARunningRefitWhereItIsAndAnEndRestartsTheWait() {
        let animation = RefitAnimation(
            fromBox: Rect(x: 130, y: 120, width: 170, height: 180), toBox: Rect(x: 0, y: 0, width: 400, height: 400),
            from: Self.fitted, to: ViewState(k: 1, cx: 200, cy: 200), ticks: 3)
        let shown = ViewState(k: 0.6, cx: 210, cy: 190)
        var store = Self.store(Self.resizable(.none)) {
            $0.refit = .running(animation)
            $0.shown = shown
            $0.frame = 9
        }
        store.reduce("interruptRefit", { engine, s in engine.interruptRefit(&s) }) {
            $0.raw = shown
            $0.refit = .waiting(since: nil, delay: 0.8)
        }
        store.reduce("restartRefitWait", { engine, s in engine.restartRefitWait(&s, endedBoxDrag: false) }) {
            $0.refit = .waiting(since: 9, delay: 0.8)
        }
    }

    @Test func aBoxDragsEndMakesARefitPendingAndItStartsAfterItsDelay() throws {
        var store = Self.store(Self.resizable(.none)) {
            $0.box = Rect(x: 130, y: 120, width: 170, height: 170)
            $0.frame = 4
        }
        store.reduce("restartRefitWait", { engine, s in engine.restartRefitWait(&s, endedBoxDrag: true) }) {
            $0.refit = .waiting(since: 4, delay: 0.8)
        }
        store.reduce(
            "refit",
            { engine, s throws(EngineError) in
                s.frame = 4 + 47  // 47 frames: short of 0.8 s
                try engine.advanceRefit(&s)
            }
        ) {
            $0.frame = 51
        }
        let s0 = store.state
        let target = store.engine.refitTarget(s0, box: s0.box, state: s0.shown)
        // 48 frames = 0.8 s: the re-fit starts and takes its first step along its curve.
        let p = AnimationCurve.easeInOut(duration: 0.5).progress(at: 1.0 / 60).value
        store.reduce(
            "refit",
            { engine, s throws(EngineError) in
                s.frame = 4 + 48
                try engine.advanceRefit(&s)
            }
        ) {
            $0.frame = 52
            $0.refit = .running(
                RefitAnimation(fromBox: s0.box, toBox: target.box, from: s0.shown, to: target.state, ticks: 1))
            $0.box = BoxMove(from: s0.box, to: target.box).at(p)
            $0.shown = s0.shown.interpolated(to: target.state, progress: p)
            $0.raw = $0.shown
        }
    }

    // MARK: Release and settle (docs/behaviour.md, "Release and settles")

    @Test func theLastReleaseSettlesWhereThePolicySays() throws {
        let shown = ViewState(k: 0.5, cx: 350, cy: 200)
        var store = Self.store(Self.editor(.snapNearest, animation: .linear(duration: 0.05))) {
            $0.shown = shown
            $0.raw = shown
        }
        store.reduce(
            "release",
            { engine, s throws(EngineError) in
                try engine.release(&s, Self.event(.pan, .ended), fling: nil)
            }
        ) {
            $0.settle = Settle(from: shown, to: ViewState(k: 0.5, cx: 300, cy: 200), ticks: 0)
        }
        store.reduce("advanceSettle", { engine, s throws(EngineError) in try engine.advanceSettle(&s) }) {
            $0.settle?.ticks = 1
            $0.shown.cx = 350 + (300 - 350) * ((1.0 / 60) / 0.05)
        }
        store.reduce("stopSettle", { engine, s in engine.stopSettle(&s) }) { $0.settle = nil }
    }

    @Test func aChangedReleasesNothingAndAnIgnoredCancelNeither() throws {
        var editor = Self.editor(.snapNearest)
        editor.policy.onCancel = .ignore
        var store = Self.store(editor) { $0.shown = ViewState(k: 0.5, cx: 350, cy: 200) }
        for phase in [GesturePhase.changed, .cancelled] {
            store.reduce(
                "release",
                { engine, s throws(EngineError) in
                    try engine.release(&s, Self.event(.pan, phase), fling: nil)
                })
        }
    }

    @Test func perGestureRollbackReturnsAGesturesPartAtOnceWhileAnotherIsDown() throws {
        var editor = Self.editor(.rollback)
        editor.policy.rollback = .perGesture
        let stored = ViewState(k: 0.5, cx: 240, cy: 180)
        var store = Self.store(editor) {
            $0.shown = ViewState(k: 0.5, cx: 350, cy: 200)
            $0.panStore = stored
            $0.pinch.phase = .changed
        }
        store.reduce(
            "release",
            { engine, s throws(EngineError) in
                try engine.release(&s, Self.event(.pan, .ended), fling: nil)
            }
        ) {
            $0.shown = ViewState(k: 0.5, cx: 240, cy: 180)
            $0.raw = $0.shown
        }
    }

    @Test func aSettleToWhereTheImageIsStartsNothingAndTheInstantCurveLandsAtOnce() {
        var linear = TestStore(editor: Self.editor(.none, animation: .linear(duration: 0.2)))
        linear.reduce("settle", { engine, s in engine.settle(&s, to: ViewState(k: 0.5, cx: 200 + 1e-10, cy: 200)) })
        let target = ViewState(k: 0.5, cx: 260, cy: 200)
        var instant = TestStore(editor: Self.editor(.none))
        instant.reduce("settle", { engine, s in engine.settle(&s, to: target) }) {
            $0.shown = target
            $0.raw = target
        }
    }

    // MARK: Buttons, double tap, restore (docs/behaviour.md, "Quarter turns and flips", "Aspect step",
    // "Double tap", "Viewport changes and restore")

    @Test func aFlipMirrorsAboutTheBoxCentreLineAndEveryStoreTakesIt() {
        var store = Self.store(Self.editor(.rollback)) {
            $0.shown = ViewState(k: 0.5, cx: 250, cy: 200)
            $0.raw = $0.shown
        }
        store.send(.flipRequested(horizontal: true)) {
            let flipped = ViewState(k: 0.5, cx: 150, cy: 200)
            $0.orientation = ImageOrientation.identity.flipped(horizontal: true)
            ($0.raw, $0.shown, $0.lastValid) = (flipped, flipped, flipped)
            ($0.panStore, $0.pinchStore, $0.rotationStore) = (flipped, flipped, flipped)
        }
        store.send(.gesture(Self.event(.pan, .began))) {
            $0.pan = Recognizer(phase: .began, location: Self.centre)
            $0.events = [TraceEvent(gesture: .pan, phase: .began)]
        }
        store.send(.flipRequested(horizontal: true), throws: .whileTouching("flip", .pan, .began))
    }

    @Test func anAspectLocksTheBoxInsideItselfWithARefitDueAtOnce() {
        var store = Self.store(Self.resizable(.none)) { $0.frame = 3 }
        store.send(.aspectRequested(.ratio(Size(2, 1)))) {
            $0.aspectLocked = true
            $0.box = Rect(x: 100, y: 150, width: 200, height: 100)
            $0.refit = .waiting(since: 3, delay: 0)
        }
        store.send(.aspectRequested(.free)) { $0.aspectLocked = false }
    }

    @Test func aDoubleTapZoomsAboutTheTap() {
        var editor = Self.editor(.none)
        editor.doubleTap.action = .zoom
        var store = TestStore(editor: editor)
        store.send(.doubleTapped(Point(200, 200))) {
            $0.events = [.doubleTap]
            $0.shown = ViewState(k: 1, cx: 200, cy: 200)
            $0.raw = $0.shown
        }
        var none = TestStore(editor: Self.editor(.none))
        none.send(.doubleTapped(Point(200, 200))) { $0.events = [.doubleTap] }
    }

    @Test func restoreGoesBackToTheFitAndLeavesRecognizersMaskAndAnchor() {
        var store = Self.store(Self.resizable(.rollback)) {
            $0.shown = ViewState(k: 0.7, cx: 230, cy: 190, a: 5)
            $0.raw = $0.shown
            $0.lastValid = $0.shown
            $0.box = Rect(x: 130, y: 120, width: 170, height: 170)
            $0.aspectLocked = true
            $0.refit = .waiting(since: 2, delay: 0.8)
            $0.focal = Point(10, 20)
            $0.pinch.phase = .ended
            $0.maskTarget = 0
        }
        store.send(.restoreRequested) {
            $0.shown = Self.fitted
            $0.raw = Self.fitted
            $0.lastValid = Self.fitted
            $0.box = Rect(x: 100, y: 100, width: 200, height: 200)
            $0.aspectLocked = false
            $0.refit = .idle
        }
    }
}

/// The composition's order is part of the behaviour: run in another order, the same feature
/// reducers give another (wrong) result.
@Suite struct CompositionOrderTests {
    /// docs/behaviour.md, "Continuity": a pinch's `began` moves the anchor before the band is
    /// undone, so the raw state is found about the anchor the next events use and nothing jumps.
    /// Undone about the old anchor and then moved, the same two reducers make the next frame jump.
    @Test func aPinchMovesTheAnchorBeforeTheBandIsUndone() throws {
        var editor = ReducerTests.editor(.rubberBand)
        editor.policy.animation = .linear(duration: 0.5)
        var store = TestStore(editor: editor)
        let first = Point(150, 300)
        let second = Point(260, 120)
        func pinch(_ phase: GesturePhase, _ scale: Double, _ at: Point) -> GestureEvent {
            GestureEvent(gesture: .pinch, phase: phase, scale: scale, location: at)
        }
        // Pinched below the minimum zoom about `first`, released, two frames into the settle back.
        try store.run(TestStore.frame(1, [pinch(.began, 1, first)]))
        try store.run(TestStore.frame(2, [pinch(.changed, 0.6, first)]))
        try store.run(TestStore.frame(3, [pinch(.ended, 0.4, first)]))
        try store.run(TestStore.frame(4, []))
        try store.run([.frameBegan(5)])
        let s0 = store.state
        #expect(s0.settle != nil && s0.focal == first)
        #expect(s0.layout.zoom(s0.shown) < 0.5, "the settle is still below the minimum: the band undoes the zoom")

        let band = RubberBand(c: editor.policy.rubberBand)
        let (raw, free) = band.invert(s0.shown, layout: s0.layout, anchor: second, box: s0.box)
        store.send(.gesture(pinch(.began, 1, second))) {
            $0.focal = second
            $0.settle = nil
            $0.raw = raw
            $0.unbanded = free
            $0.shown = band.apply(raw, layout: s0.layout, anchor: second, box: s0.box, free: free)
            $0.pinch = Recognizer(phase: .began, scale: 1, location: second)
            $0.events.append(TraceEvent(gesture: .pinch, phase: .began))
        }
        let shown = store.state.shown
        #expect(abs(shown.k - s0.shown.k) <= 1e-12 && abs(shown.cx - s0.shown.cx) <= 1e-9)
        #expect(abs(shown.cy - s0.shown.cy) <= 1e-9)

        // The other order: the band undone about the old anchor, then the anchor moved. The
        // next event's band (about the new anchor) then shows another image: a jump.
        var swapped = s0
        store.engine.stopSettle(&swapped)
        try store.engine.resume(&swapped)
        PinchReducer.takeAnchor(&swapped, at: second)
        let next = band.apply(swapped.raw, layout: s0.layout, anchor: second, box: s0.box, free: swapped.unbanded)
        #expect(abs(next.cx - s0.shown.cx) > 1 || abs(next.cy - s0.shown.cy) > 1, "\(next) vs \(s0.shown)")
    }

    /// The recognizer's new phase is committed before the features that ask whether a finger is
    /// still down: at the last finger's end, quantities beyond the band's reach are banded again.
    /// Run before the commit, the same reducer still sees the ending pinch as down.
    @Test func theEndIsCommittedBeforeTheLastFingerIsSeenToLift() throws {
        let before = Recognizer(phase: .changed, scale: 1.5, location: Point(200, 200))
        let editor = ReducerTests.editor(.none)
        var state = TestStore(editor: editor).state
        state.pinch = before
        state.unbanded = .zoom
        var store = TestStore(editor: editor, state: state)
        let ended = GestureEvent(gesture: .pinch, phase: .ended, scale: 1.5)
        store.send(.gesture(ended)) {
            $0.pinch.phase = .ended
            $0.focal = Point(200, 200)  // the pinch's location, kept by its `ended` (no delta)
            $0.events = [TraceEvent(gesture: .pinch, phase: .ended)]
            $0.unbanded = []
        }

        var swapped = state
        let update = try store.engine.recognize(&swapped, ended)
        store.engine.releaseUnbanded(&swapped)
        store.engine.commit(&swapped, .pinch, update.recognizer)
        #expect(swapped.unbanded == .zoom)
    }
}
