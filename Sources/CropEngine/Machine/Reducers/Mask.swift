import CropGeometry
import CropScenario

/// The mask's visibility (docs/behaviour.md, "Mask visibility"): `perGesture`: a `began`
/// hides it and an `ended` shows it (cancelled and failed leave it); `hiddenWhileTouching`:
/// after all of a frame's events, hidden while any gesture is active. With `fade` the factor
/// moves toward its target by (1/fps)/fade each frame, snapping to it once within 1e-9;
/// without, it jumps.
extension Engine {
    @inline(__always) func maskOnGesture(_ s: inout EngineState, _ phase: GesturePhase) {
        guard editor.mask.visibility == .perGesture else { return }
        if phase == .began { setMaskTarget(&s, 0) }
        if phase == .ended { setMaskTarget(&s, 1) }
    }

    /// All of the frame's events are applied.
    func maskAfterEvents(_ s: inout EngineState) {
        if editor.mask.visibility == .hiddenWhileTouching { setMaskTarget(&s, s.isTouching ? 0 : 1) }
    }

    /// One frame of the fade.
    @inline(__always) func fadeMask(_ s: inout EngineState) {
        if s.mask != s.maskTarget {
            let step = (1 / Double(fps)) / editor.mask.fade
            s.mask = s.mask < s.maskTarget ? min(s.maskTarget, s.mask + step) : max(s.maskTarget, s.mask - step)
            if abs(s.mask - s.maskTarget) <= 1e-9 { s.mask = s.maskTarget }
        }
    }

    func setMaskTarget(_ s: inout EngineState, _ target: Double) {
        s.maskTarget = target
        if editor.mask.fade == 0 { s.mask = target }
    }
}
