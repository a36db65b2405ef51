import CropGeometry
import CropScenario

/// A gesture's own part of its events. The pan, the pinch and the rotation each have one
/// (`PanReducer`, `PinchReducer`, `RotationReducer`); `Engine.apply` looks up the event's
/// once and runs its parts at their places in the composition, so nothing there branches on
/// the kind of gesture.
protocol GestureReducer {
    /// At `began`, before the gesture stops a settle and goes on from the image shown. Default:
    /// nothing.
    static func takeAnchor(_ s: inout EngineState, at location: Point)
    /// At `began`, once the gesture goes on from the image shown. Default: nothing.
    static func begin(_ s: inout EngineState, _ e: GestureEvent, _ update: inout GestureUpdate, _ engine: Engine)
    /// At `changed` and `ended`: the delta since the previous event moves the raw state.
    static func move(_ s: inout EngineState, _ e: GestureEvent, _ update: inout GestureUpdate, _ engine: Engine)
    /// The shown state becomes the gesture's own memory (a policy that remembers per gesture).
    static func remember(_ s: inout EngineState)
    /// At `ended` and `cancelled`. Default: nothing.
    static func end(_ s: inout EngineState, _ e: GestureEvent, _ update: inout GestureUpdate, _ engine: Engine)
}

extension GestureReducer {
    static func takeAnchor(_ s: inout EngineState, at location: Point) {}
    static func begin(_ s: inout EngineState, _ e: GestureEvent, _ update: inout GestureUpdate, _ engine: Engine) {}
    static func end(_ s: inout EngineState, _ e: GestureEvent, _ update: inout GestureUpdate, _ engine: Engine) {}
}

extension GestureKind {
    /// The reducer of this gesture's own events.
    var reducer: any GestureReducer.Type {
        switch self {
        case .pan: return PanReducer.self
        case .pinch: return PinchReducer.self
        case .rotation: return RotationReducer.self
        }
    }
}
