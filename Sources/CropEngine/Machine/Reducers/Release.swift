import CropGeometry
import CropScenario

/// Releases (docs/behaviour.md, "Release and settles", "Momentum", "Cancelled gestures"): a gesture's `ended`, or its
/// `cancelled` when the policy settles on cancel, first asks the policy's `gestureEnded` (what
/// it returns applies at once while another gesture is active, else it is settled to); when
/// it was the last finger, the policy's `release` says where to settle (`Settle.swift`), with
/// the pan's fling for momentum.
extension Engine {
    @inline(__always) func release(_ s: inout EngineState, _ e: GestureEvent, fling: Point?) throws(EngineError) {
        guard e.phase == .ended || (e.phase == .cancelled && policy.settlesOnCancel) else { return }
        try gestureEnded(&s, e.gesture)
        if !s.isTouching {
            try onRelease(&s, e.gesture, fling: fling, cancelled: e.phase == .cancelled)
        }
    }

    /// One gesture released: what the policy returns applies at once while another gesture is
    /// active, else it is settled to.
    func gestureEnded(_ s: inout EngineState, _ kind: GestureKind) throws(EngineError) {
        let ending = GestureEnding(gesture: kind, shown: s.shown, memories: memories(s), othersActive: s.isTouching)
        guard let target = try ask(s, "gestureEnded", { try policy.gestureEnded(ending, in: geometry(s)) }) else {
            return
        }
        let state = try checked(s, "gestureEnded", target)
        if s.isTouching {
            s.shown = state
            s.raw = state
        } else {
            settle(&s, to: state)
        }
    }

    /// The last active gesture ended: the policy says where to settle.
    func onRelease(_ s: inout EngineState, _ kind: GestureKind, fling: Point?, cancelled: Bool) throws(EngineError) {
        let release = Release(gesture: kind, shown: s.shown, fling: fling, memories: memories(s), cancelled: cancelled)
        guard let target = try ask(s, "release", { try policy.release(release, in: geometry(s)) }) else { return }
        settle(&s, to: try checked(s, "release", target))
    }
}
