import CropGeometry
import CropScenario

/// The snap-back policies of section 7 (with the angle of 16.3): rollback stores, per-gesture
/// rollback, and what happens on release.
extension Engine {
    func updateStores(_ s: inout EngineState, _ kind: GestureKind, began: Bool) {
        guard editor.policy.kind == .rollback else { return }
        guard began || s.isValid else { return }
        if editor.policy.rollback == .whole {
            s.lastValid = s.shown
            return
        }
        switch kind {
        case .pan: s.panStore = s.shown
        case .pinch: s.pinchStore = s.shown
        case .rotation: s.rotationStore = s.shown
        }
    }

    /// perGesture rollback at a recognizer's own end: its part comes back from its store (pan:
    /// the centre; pinch: k; rotation: the angle, keeping the current centre and k).
    func rollbackPart(_ s: inout EngineState, _ kind: GestureKind) {
        guard !s.isValid else { return }
        var target = s.shown
        switch kind {
        case .pan:
            target.cx = s.panStore.cx
            target.cy = s.panStore.cy
        case .pinch:
            target.k = s.pinchStore.k
        case .rotation:
            target.a = s.rotationStore.a
        }
        if s.isTouching {
            s.shown = target
            s.raw = target
        } else {
            settle(&s, to: target)
        }
    }

    /// The last active recognizer ended: the policy acts.
    func onRelease(_ s: inout EngineState, velocity: Point?) {
        let policy = editor.policy
        switch policy.kind {
        case .none, .clamp:
            return
        case .rollback:
            if policy.rollback == .whole, !s.isValid { settle(&s, to: s.lastValid) }
        case .snapNearest, .rubberBand:
            if let r = policy.momentum, let v = velocity, v.x != 0 || v.y != 0 {
                let factor = r / (1 - r)
                var flung = s.shown
                flung.cx += v.x / 1000 * factor
                flung.cy += v.y / 1000 * factor
                settle(&s, to: project(s, flung))
            } else if policy.kind == .rubberBand || !s.isValid {
                settle(&s, to: project(s, s.shown))
            }
        }
    }
}
