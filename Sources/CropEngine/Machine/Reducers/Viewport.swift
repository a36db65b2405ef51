import CropGeometry
import CropScenario

/// `resize` and `rotate` (docs/behaviour.md, "Viewport changes and restore"): the viewport changes and the
/// picture under the box stays; settles stop and the policy's memories hold the new state.
extension Engine {
    /// The viewport changes. A fixed box: the frame is recomputed, zoom kept, the image point under
    /// the old frame centre moves to the new one, then P. A resizable box keeps its view
    /// coordinates and is re-fitted at once into the new bounds, the image following, then P.
    func resize(_ s: inout EngineState, width: Double, height: Double) {
        let old = s.layout
        let new = layout(
            viewportWidth: width, viewportHeight: height, sourceWidth: s.sourceWidth, sourceHeight: s.sourceHeight,
            orientation: s.orientation)
        s.layout = new
        s.refit = .idle
        var state: ViewState
        if editor.frame.resizable {
            let fitted = refitTarget(s, box: s.box, state: s.shown)
            s.box = fitted.box
            state = fitted.state
        } else {
            let zoom = old.zoom(s.shown)
            let oldCenter = s.box.center
            let imagePoint = Point((oldCenter.x - s.shown.cx) / s.shown.k, (oldCenter.y - s.shown.cy) / s.shown.k)
            s.box = new.frameRect
            let k = zoom * new.kBase
            let center = s.box.center
            state = ViewState(k: k, cx: center.x - imagePoint.x * k, cy: center.y - imagePoint.y * k, a: s.shown.a)
        }
        state = project(s, state)
        reset(&s, to: state)
    }
}
