import CropGeometry
import CropScenario

/// The reducer's one composition: which feature reducer runs, and in which order, for each
/// action (docs/behaviour.md, "Clock and frame order": a frame's events, then the advance).
/// Every feature is a small pure reducer in its own file under `Reducers/`, whose doc comment
/// states the rule it implements; the policy and the curves are reached only through
/// `SnapBackPolicy` and `SettleCurve`. The order is part of the behaviour (docs/behaviour.md,
/// "Continuity": at a `began` the anchor moves before the gesture goes on from the image shown).
/// The small stages that run on every event or frame are `@inline(__always)`, so the composed
/// reducer costs what one long function did (`cropreplay-bench --trace`).
extension Engine {
    func step(_ s: inout EngineState, _ action: EngineAction) throws(EngineError) {
        switch action {
        case .frameBegan(let n):
            beginFrame(&s, n)
        case .gesture(let event):
            try apply(&s, event)
        case .restoreRequested:
            restore(&s)
        case .viewportChanged(let w, let h):
            resize(&s, width: w, height: h)
        case .imageLoaded(let index, let w, let h):
            loadImage(&s, index: index, width: w, height: h)
        case .quarterTurnRequested(let clockwise):
            try requireIdle(s, "quarterTurn")
            quarterTurn(&s, clockwise: clockwise)
        case .flipRequested(let horizontal):
            try requireIdle(s, "flip")
            flip(&s, horizontal: horizontal)
        case .aspectRequested(let choice):
            try requireIdle(s, "aspect")
            aspect(&s, choice)
        case .doubleTapped(let point):
            try requireIdle(s, "doubleTap")
            try doubleTap(&s, at: point)
        case .eventsApplied:
            maskAfterEvents(&s)
        case .tick:
            try advanceSettle(&s)
            try advanceRefit(&s)
            fadeMask(&s)
        }
    }

    /// One recognizer event. The gesture's own reducer (pan, pinch or rotation) is looked up
    /// once; everything else is the same for every gesture.
    func apply(_ s: inout EngineState, _ e: GestureEvent) throws(EngineError) {
        let gesture = e.gesture.reducer
        var update = try recognize(&s, e)  // the recognizer's machine, the event log, the location
        switch e.phase {
        case .began:
            gesture.takeAnchor(&s, at: update.location)  // pinch, rotation: the zoom anchor moves first
            stopSettle(&s)  // a running settle stops where it is
            interruptRefit(&s)  // a running re-fit stops, a waiting one waits for the gesture's end
            try resume(&s)  // raw := the state whose image is shown
            gesture.begin(&s, e, &update, self)  // pan: a box handle grabbed; rotation: the dial's base
        case .changed, .ended:
            gesture.move(&s, e, &update, self)  // the delta: pan (or box drag), pinch or rotation
        case .cancelled, .failed:
            break
        }
        commit(&s, e.gesture, update.recognizer)  // the recognizer's new phase and values
        try showTouch(&s, e.phase, movedBox: update.movedBox)  // what the policy shows
        remember(&s, e.phase, gesture)  // the policy's memories
        maskOnGesture(&s, e.phase)  // perGesture mask
        if e.phase == .ended || e.phase == .cancelled {
            gesture.end(&s, e, &update, self)  // pan: a box drag ends; the fling
            releaseUnbanded(&s)  // the last finger lifted: everything is banded again
            restartRefitWait(&s, endedBoxDrag: update.endedBoxDrag)  // a box drag's end: a re-fit pending
        }
        try release(&s, e, fling: update.fling)  // the policy's gestureEnded, and release when the last lifts
    }
}
