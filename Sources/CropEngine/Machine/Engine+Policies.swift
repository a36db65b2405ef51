import CropGeometry
import CropScenario

/// What the policy remembers and decides when gestures end (docs/behaviour.md, "Policies"):
/// the engine keeps the memories the policy asks for and acts on its answers.
extension Engine {
    /// A `began` stores the state it begins on; later events store the shown state when valid.
    func updateStores(_ s: inout EngineState, _ kind: GestureKind, began: Bool) {
        let memory = policy.memory
        guard memory != .nothing, began || s.isValid else { return }
        if memory == .whole {
            s.lastValid = s.shown
            return
        }
        switch kind {
        case .pan: s.panStore = s.shown
        case .pinch: s.pinchStore = s.shown
        case .rotation: s.rotationStore = s.shown
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
