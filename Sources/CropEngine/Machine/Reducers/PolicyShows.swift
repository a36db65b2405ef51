import CropGeometry
import CropScenario

/// What the screen shows while fingers are down (docs/behaviour.md, "Policies"): after every
/// `began`, `changed` and `ended` the policy's `touch` of the raw state decides: the raw state
/// itself, a wall (its projection, which also becomes the raw state), the rubber band
/// (docs/behaviour.md, "Rubber band"), or a state of the policy's making. A box-drag event shows
/// what `BoxDrag.swift` says; `cancelled` and `failed` show nothing new.
extension Engine {
    @inline(__always) func showTouch(_ s: inout EngineState, _ phase: GesturePhase, movedBox: Bool) throws(EngineError)
    {
        if movedBox {
            try showBoxDrag(&s)
        } else if phase != .failed && phase != .cancelled {
            try updateShown(&s)
        }
    }

    /// Shown state while touching, as the policy says.
    func updateShown(_ s: inout EngineState) throws(EngineError) {
        try show(&s, try ask(s, "touch", { try policy.touch(s.raw, in: geometry(s)) }))
    }

    /// Applies what the policy said a touch event shows.
    func show(_ s: inout EngineState, _ response: TouchResponse) throws(EngineError) {
        switch response {
        case .follow:
            s.shown = s.raw
        case .wall:
            s.shown = project(s, s.raw)
            s.raw = s.shown
        case .band(let c):
            s.shown = RubberBand(c: c).apply(
                s.raw, layout: s.layout, anchor: bandAnchor(s), box: s.box, free: s.unbanded)
        case .show(let state):
            s.shown = try checked(s, "touch", state)
        }
    }
}
