import CropGeometry
import CropScenario

/// A gesture's own part of its events. The pan, the pinch and the rotation each have one
/// (`PanReducer`, `PinchReducer`, `RotationReducer`); `Engine.apply` looks up the event's
/// once and runs its parts at their places in the composition, so nothing there branches on
/// the kind of gesture.
package protocol GestureReducer: Sendable {
    /// At `began`, before the gesture stops a settle and goes on from the image shown. Default:
    /// nothing.
    func takeAnchor(_ s: inout EngineState, _ update: GestureUpdate)
    /// At `began`, once the gesture goes on from the image shown. Default: nothing.
    func begin(_ s: inout EngineState, _ update: inout GestureUpdate, _ engine: Engine)
    /// At `changed` and `ended`: the delta since the previous event moves the raw state.
    func move(_ s: inout EngineState, _ update: inout GestureUpdate, _ engine: Engine)
    /// The shown state becomes the gesture's own memory (a policy that remembers per gesture).
    func remember(_ s: inout EngineState)
    /// At `ended` and `cancelled`. Default: nothing.
    func end(_ s: inout EngineState, _ update: inout GestureUpdate, _ engine: Engine)
}

extension GestureReducer {
    package func takeAnchor(_ s: inout EngineState, _ update: GestureUpdate) {}
    package func begin(_ s: inout EngineState, _ update: inout GestureUpdate, _ engine: Engine) {}
    package func end(_ s: inout EngineState, _ update: inout GestureUpdate, _ engine: Engine) {}
}

extension GestureKind {
    /// The reducer of this gesture's own events.
    package var reducer: any GestureReducer {
        switch self {
        case .pan: return PanReducer()
        case .pinch: return PinchReducer()
        case .rotation: return RotationReducer()
        }
    }
}
