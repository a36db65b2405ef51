import CropGeometry
import CropScenario

/// The double tap (docs/behaviour.md, "Double tap"): `zoom` zooms by
/// the factor about the tap (back to the minimum at the maximum), `reset` goes back to the
/// restore state of the current orientation with the box; both with the policy's animation,
/// after a running settle or re-fit stops where it is. `none` only logs the event.
extension Engine {
    /// A double tap at `point`: the event is logged; then the zoom or the reset.
    func doubleTap(_ s: inout EngineState, at point: Point) throws(EngineError) {
        s.events.append(.doubleTap)
        // `none` only logs the event (docs/behaviour.md, "Double tap"): a running settle or re-fit goes on.
        guard editor.doubleTap.action != .none else { return }
        if s.settle != nil {
            stopSettle(&s)
            try resume(&s)
        }
        pauseRefit(&s)
        switch editor.doubleTap.action {
        case .none:
            return
        case .zoom:
            let limits = s.layout.zoomLimits(angle: s.shown.a, box: s.box)
            let zoom = s.layout.zoom(s.shown)
            var target = zoom * editor.doubleTap.factor
            if let maximum = limits.max, abs(zoom - maximum) <= 1e-9 { target = limits.min ?? 1 }
            if let maximum = limits.max { target = min(target, maximum) }
            let zoomed = s.shown.scaled(to: target * s.layout.kBase, about: point)
            settle(&s, to: project(s, zoomed))
        case .reset:
            var home = s.layout.initialState
            home.a = 0
            settle(&s, to: home, box: s.layout.frameRect)
        }
    }
}
