import CropGeometry
import CropScenario

/// The policy's memories (docs/behaviour.md, "Rollback": rollback remembers the last valid
/// state, per gesture with `rollback: "perGesture"`): the engine keeps what the
/// policy's `memory` asks for. A `began` stores the state it begins on; a `changed` or `ended`
/// stores the shown state when it is valid. Per gesture, each gesture writes only its own.
extension Engine {
    @inline(__always) func remember(_ s: inout EngineState, _ phase: GesturePhase, _ gesture: any GestureReducer.Type) {
        guard phase == .began || phase == .changed || phase == .ended else { return }
        let memory = policy.memory
        guard memory != .nothing, phase == .began || s.isValid else { return }
        if memory == .whole {
            s.lastValid = s.shown
            return
        }
        gesture.remember(&s)
    }
}
