import CropGeometry
import CropScenario

/// The pinch (docs/behaviour.md, "Recognizers", "The anchor"): its location is the zoom
/// anchor from its `began` on, and stays it after the pinch ends. Each factor f = scale /
/// previous scale scales the zoom by f: with the `focal` anchor the image point under the
/// previous location moves to the current one (a moving pinch also pans), with `center` the
/// image centre stays put.
enum PinchReducer: GestureReducer {
    static func takeAnchor(_ s: inout EngineState, at location: Point) { s.focal = location }

    static func move(_ s: inout EngineState, _ e: GestureEvent, _ update: inout GestureUpdate, _ engine: Engine) {
        let r = update.recognizer
        let location = update.location
        let f = e.scale / r.scale
        if engine.editor.zoom.anchor == .focal {
            s.raw = ViewState(
                k: s.raw.k * f, cx: location.x + (s.raw.cx - r.location.x) * f,
                cy: location.y + (s.raw.cy - r.location.y) * f,
                a: s.raw.a)
        } else {
            s.raw.k *= f
        }
        update.recognizer.scale = e.scale
        update.recognizer.location = location
        s.focal = location
    }

    static func remember(_ s: inout EngineState) { s.pinchStore = s.shown }
}
